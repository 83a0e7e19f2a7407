import Foundation
import MediaModel

/// The scrobbling accounts the user connected. A server's address is a line of the config file
/// (`listenbrainz-server = URL`, `lastfm-server = URL`; none: the public one); the secrets (ListenBrainz's token,
/// Last.fm's API key and secret and session key) are kept in the desktop's keyring (the Secret Service, through
/// libsecret) when one answers, else in files only the user may read (`$XDG_CONFIG_HOME/addmusic/secrets/`, mode
/// 0600 in a folder of mode 0700); never in the config file and never printed. Blocking work (the files, the
/// keyring's bus): not on the main thread of the window.
public struct ScrobbleAccounts: Sendable {
    /// Where a secret was kept.
    public enum Place: Sendable, Equatable {
        /// In the desktop's keyring.
        case keyring
        /// In a file only the user can read, because no keyring would take it (why, as the keyring said).
        case file(reason: String)

        /// The sentence that tells the user, with the keyring's reason made safe by `shown` (for a terminal or a
        /// row of the window).
        public func said(by text: Localizer, shown: (String) -> String) -> String {
            switch self {
            case .keyring: text.string("scrobble.keptInKeyring")
            case .file(let reason): text.string("scrobble.keptInFile", shown(reason))
            }
        }
    }

    let configHome: String
    /// The keyring: a lookup waits at most 5 s; keeping a secret 60 s, as the keyring may ask the user to unlock it.
    private let reading = Keyring(timeout: 5)
    private let writing = Keyring(timeout: 60)

    public init(configHome: String = XDGDirectories.configHome) { self.configHome = configHome }

    private var secrets: String { configHome + "/addmusic/secrets" }
    private var config: ConfigFile { ConfigFile(path: configHome + "/addmusic/config") }

    /// The connected services.
    var services: [any ScrobbleService] { ([listenBrainz, lastFM] as [(any ScrobbleService)?]).compactMap { $0 } }

    /// `text` as a ListenBrainz token the user gave: trimmed, one line of at most 512 bytes; nil when it is none.
    public static func token(from text: String?) -> String? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 512, !trimmed.contains(where: \.isNewline) else { return nil }
        return trimmed
    }

    /// Last.fm's API key and secret as the user gave them: trimmed, each of at most 256 bytes; nil when either is
    /// missing.
    public static func lastFMKeys(key: String?, secret: String?) -> (key: String, secret: String)? {
        let key = (key ?? "").trimmingCharacters(in: .whitespaces)
        let secret = (secret ?? "").trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty, !secret.isEmpty, key.utf8.count <= 256, secret.utf8.count <= 256 else { return nil }
        return (key, secret)
    }

    /// Whether `server` is a web address a service can be asked at (http or https).
    public static func isWebAddress(_ server: String) -> Bool {
        server.hasPrefix("https://") || server.hasPrefix("http://")
    }

    /// The server `service` ("listenbrainz", "lastfm") is connected to, or would be: the config file's, else the
    /// public one.
    public func server(of service: String) -> String {
        service == "lastfm"
            ? config.value("lastfm-server") ?? LastFM.defaultServer
            : config.value("listenbrainz-server") ?? ListenBrainz.defaultServer
    }

    /// Each service ("listenbrainz", "lastfm") with the server it is connected to; nil when it is not, or its secret
    /// cannot be read now (a keyring not unlocked: see `connectedNames`). May ask the keyring.
    public var servers: [(service: String, server: String?)] {
        [("listenbrainz", listenBrainz?.server), ("lastfm", lastFM?.server)]
    }

    /// The ListenBrainz account, when one is connected.
    public var listenBrainz: ListenBrainz? {
        guard let token = secret("listenbrainz-token").first, !token.isEmpty else { return nil }
        return ListenBrainz(server: config.value("listenbrainz-server") ?? ListenBrainz.defaultServer, token: token)
    }

    /// The Last.fm account, when one is connected (its API key and secret, and a session key).
    public var lastFM: LastFM? {
        let lines = secret("lastfm")
        guard lines.count >= 3, !lines[2].isEmpty else { return nil }
        return LastFM(
            server: config.value("lastfm-server") ?? LastFM.defaultServer, apiKey: lines[0], apiSecret: lines[1],
            sessionKey: lines[2])
    }

    /// Connects `account`: its token into the keyring (else the secrets folder), its server into the config file.
    /// Returns where the token was kept.
    /// - Throws: `FileSystemError` or the config's error when they cannot be written.
    @discardableResult
    public func connect(_ account: ListenBrainz) throws -> Place {
        let place = try keep([account.token], as: "listenbrainz-token", label: "AddMusic: ListenBrainz")
        try setServer("listenbrainz-server", account.server == ListenBrainz.defaultServer ? nil : account.server)
        return place
    }

    /// Connects `account` (with its session key): its key, secret and session into the keyring (else the secrets
    /// folder), its server into the config file. Returns where they were kept.
    @discardableResult
    public func connect(_ account: LastFM) throws -> Place {
        let place = try keep(
            [account.apiKey, account.apiSecret, account.sessionKey ?? ""], as: "lastfm", label: "AddMusic: Last.fm")
        try setServer("lastfm-server", account.server == LastFM.defaultServer ? nil : account.server)
        return place
    }

    /// Forgets the account of the service named `name` ("listenbrainz", "lastfm"), in the keyring and in the
    /// secrets folder; its waiting listens stay, sent if it is connected again.
    /// - Throws: `KeyringError` when the keyring held it and cannot be told to forget it (the account then stays).
    public func disconnect(_ name: String) throws(KeyringError) {
        let secret = Self.secretName(of: name)
        if FileManager.default.fileExists(atPath: marker(of: secret)) { try reading.clear(secret) }
        unlink(marker(of: secret))
        unlink(secrets + "/" + secret)
    }

    /// The services connected ("listenbrainz", "lastfm"), known from the secrets folder alone (the secret's file, or
    /// the mark that it is in the keyring): a listen is kept for them even while their secret cannot be read (a
    /// keyring not unlocked yet), and sent once it can. Never asks the keyring.
    public var connectedNames: [String] {
        Scrobbler.serviceNames.filter { name in
            let secret = Self.secretName(of: name)
            return FileManager.default.fileExists(atPath: secrets + "/" + secret)
                || FileManager.default.fileExists(atPath: marker(of: secret))
        }
    }

    /// The secret's name of the service `name`.
    private static func secretName(of name: String) -> String { name == "listenbrainz" ? "listenbrainz-token" : name }

    /// The empty file that says the secret `name` is in the keyring.
    private func marker(of name: String) -> String { secrets + "/" + name + ".in-keyring" }

    /// The lines of the secret `name`: the keyring's when it was kept there (never asked otherwise), else the
    /// secrets file's (none when neither holds it).
    private func secret(_ name: String) -> [String] {
        let kept: String
        if FileManager.default.fileExists(atPath: marker(of: name)), let inKeyring = (try? reading.lookup(name)) ?? nil
        {
            kept = String(inKeyring.utf8.prefix(4096)) ?? ""
        } else if let data = FileManager.default.contents(atPath: secrets + "/" + name) {
            kept = String(decoding: data.prefix(4096), as: UTF8.self)
        } else {
            return []
        }
        return kept.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Keeps `lines` as the secret `name`: in the keyring when it takes them (marked so in the secrets folder, any
    /// copy there removed), else in the secrets folder (and any older copy in the keyring forgotten, so that it never
    /// wins once the keyring opens).
    private func keep(_ lines: [String], as name: String, label: String) throws -> Place {
        let text = lines.map { $0 + "\n" }.joined()
        try FileManager.default.createDirectory(
            atPath: secrets, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(secrets, 0o700)
        let stored = Result { () throws(KeyringError) in try writing.store(text, name: name, label: label) }
        switch stored {
        case .success:
            try AtomicFile.replace(marker(of: name), with: [], mode: .fixed(0o600))
            unlink(secrets + "/" + name)
            return .keyring
        case .failure(let error):
            try? reading.clear(name)
            unlink(marker(of: name))
            try AtomicFile.replace(secrets + "/" + name, with: Array(text.utf8), mode: .fixed(0o600))
            return .file(reason: String(error.reason.prefix(300)))
        }
    }

    private func setServer(_ key: String, _ server: String?) throws {
        var config = self.config
        config.set(key, server.map { [$0] } ?? [])
        try config.save()
    }
}
