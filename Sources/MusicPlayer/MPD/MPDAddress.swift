import Foundation
import MediaModel

/// Where the music daemon listens, and the password it wants: from `MPD_HOST` (`host`, `password@host`, or a
/// socket path) and `MPD_PORT`, else the config file's `mpd-host` and `mpd-port`, else localhost:6600 — or the local
/// daemon's Unix socket when one exists and nothing else was asked for. Empty values count as unset, and a port that
/// is not a number in 1…65535 as 6600.
public struct MPDAddress: Sendable, Equatable, CustomStringConvertible {
    /// How to reach it.
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        case unix(path: String)
    }

    public var endpoint: Endpoint
    public var password: String?

    /// An address of `endpoint`, with `password` if the daemon asks for one.
    public init(_ endpoint: Endpoint, password: String? = nil) {
        self.endpoint = endpoint
        self.password = password
    }

    public var description: String {
        switch endpoint {
        case .tcp(let host, let port): "\(host):\(port)"
        case .unix(let path): path
        }
    }

    /// The address the environment and the config file name (see the type's description).
    public static func configured(
        environment: [String: String] = ProcessInfo.processInfo.environment, config: ConfigFile = ConfigFile()
    ) -> MPDAddress {
        let nonEmpty = { (text: String?) in text.flatMap { $0.isEmpty ? nil : $0 } }
        var hostText = nonEmpty(environment["MPD_HOST"]) ?? nonEmpty(config.value("mpd-host"))
        let portText = nonEmpty(environment["MPD_PORT"]) ?? nonEmpty(config.value("mpd-port"))
        var password: String?
        // "password@host", but "@name" alone is an abstract socket and "/path" a socket path.
        if let text = hostText, let at = text.lastIndex(of: "@"), at != text.startIndex, !text.hasPrefix("/") {
            password = String(text[..<at])
            hostText = String(text[text.index(after: at)...])
        }
        let port = portText.flatMap(validPort) ?? 6600
        if let host = hostText {
            if host.hasPrefix("/") { return MPDAddress(.unix(path: host), password: password) }
            if host.hasPrefix("@") { return MPDAddress(.unix(path: "\0" + host.dropFirst()), password: password) }
            return MPDAddress(.tcp(host: host, port: port), password: password)
        }
        if portText == nil {
            // Nothing asked for: prefer the local daemon's socket (no TCP round trips), where one exists.
            let runtime = environment["XDG_RUNTIME_DIR"].map { [$0 + "/mpd/socket"] } ?? []
            for path in runtime + ["/run/mpd/socket"] where FileManager.default.fileExists(atPath: path) {
                return MPDAddress(.unix(path: path), password: password)
            }
        }
        return MPDAddress(.tcp(host: "localhost", port: port), password: password)
    }

    /// The TCP port `text` names (1…65535, surrounding blanks allowed); nil for anything else, however large.
    static func validPort(_ text: String) -> Int? {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), (1...65535).contains(number) else {
            return nil
        }
        return number
    }
}
