import Foundation
import MediaModel

/// The scrobbling accounts the user connected. The server's address is a line of the config file
/// (`listenbrainz-server = URL`); the token is a secret, kept in a file only the user may read
/// (`$XDG_CONFIG_HOME/addmusic/secrets/listenbrainz-token`, mode 0600 in a folder of mode 0700), never in the config
/// file and never printed. Blocking file work: not on the main thread.
public struct ScrobbleAccounts: Sendable {
    let configHome: String

    public init(configHome: String = XDGDirectories.configHome) { self.configHome = configHome }

    private var secrets: String { configHome + "/addmusic/secrets" }
    private var tokenFile: String { secrets + "/listenbrainz-token" }

    /// The ListenBrainz account, when one is connected.
    public var listenBrainz: ListenBrainz? {
        guard let data = FileManager.default.contents(atPath: tokenFile) else { return nil }
        let token = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { return nil }
        let config = ConfigFile(path: configHome + "/addmusic/config")
        return ListenBrainz(server: config.value("listenbrainz-server") ?? ListenBrainz.defaultServer, token: token)
    }

    /// Connects `account`: its token into the secrets file, its server into the config file (none: the public one).
    /// - Throws: `FileSystemError` or the config's error when they cannot be written.
    public func connect(_ account: ListenBrainz) throws {
        try FileManager.default.createDirectory(
            atPath: secrets, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(secrets, 0o700)
        try AtomicFile.replace(tokenFile, with: Array((account.token + "\n").utf8), mode: .fixed(0o600))
        var config = ConfigFile(path: configHome + "/addmusic/config")
        config.set("listenbrainz-server", account.server == ListenBrainz.defaultServer ? [] : [account.server])
        try config.save()
    }

    /// Forgets the ListenBrainz account (its waiting listens stay, sent if it is connected again).
    public func disconnectListenBrainz() {
        unlink(tokenFile)
    }
}
