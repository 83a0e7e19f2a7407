import Foundation
import MediaModel

/// The scrobbling accounts the user connected. A server's address is a line of the config file
/// (`listenbrainz-server = URL`, `lastfm-server = URL`; none: the public one); the secrets (ListenBrainz's token,
/// Last.fm's API key and secret and session key) are kept in files only the user may read
/// (`$XDG_CONFIG_HOME/addmusic/secrets/`, mode 0600 in a folder of mode 0700), never in the config file and never
/// printed. Blocking file work: not on the main thread of the window.
public struct ScrobbleAccounts: Sendable {
    let configHome: String

    public init(configHome: String = XDGDirectories.configHome) { self.configHome = configHome }

    private var secrets: String { configHome + "/addmusic/secrets" }
    private var config: ConfigFile { ConfigFile(path: configHome + "/addmusic/config") }

    /// The connected services.
    var services: [any ScrobbleService] { ([listenBrainz, lastFM] as [(any ScrobbleService)?]).compactMap { $0 } }

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

    /// Connects `account`: its token into the secrets, its server into the config file.
    /// - Throws: `FileSystemError` or the config's error when they cannot be written.
    public func connect(_ account: ListenBrainz) throws {
        try keep([account.token], as: "listenbrainz-token")
        try setServer("listenbrainz-server", account.server == ListenBrainz.defaultServer ? nil : account.server)
    }

    /// Connects `account` (with its session key): its key, secret and session into the secrets, its server into the
    /// config file.
    public func connect(_ account: LastFM) throws {
        try keep([account.apiKey, account.apiSecret, account.sessionKey ?? ""], as: "lastfm")
        try setServer("lastfm-server", account.server == LastFM.defaultServer ? nil : account.server)
    }

    /// Forgets the account of the service named `name` ("listenbrainz", "lastfm"); its waiting listens stay, sent if
    /// it is connected again.
    public func disconnect(_ name: String) {
        unlink(secrets + "/" + (name == "listenbrainz" ? "listenbrainz-token" : name))
    }

    /// The lines of the secrets file `name` (none when there is none).
    private func secret(_ name: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: secrets + "/" + name) else { return [] }
        return String(decoding: data.prefix(4096), as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private func keep(_ lines: [String], as name: String) throws {
        try FileManager.default.createDirectory(
            atPath: secrets, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(secrets, 0o700)
        try AtomicFile.replace(
            secrets + "/" + name, with: Array(lines.map { $0 + "\n" }.joined().utf8), mode: .fixed(0o600))
    }

    private func setServer(_ key: String, _ server: String?) throws {
        var config = self.config
        config.set(key, server.map { [$0] } ?? [])
        try config.save()
    }
}
