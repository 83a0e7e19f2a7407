import Foundation

/// `scripts/scrobble-server` on loopback (see the script): ListenBrainz's API for one token, every request checked
/// and logged. Started here, stopped by PID when this object goes away or on `stop()`.
final class ScrobbleServer {
    private let process: Process
    let port: Int
    let log: String
    static let token = "test-token-0123"
    static let lastFMKey = "lastfm-test-key"
    static let lastFMSecret = "lastfm-test-secret"

    /// Serves on `port` (0: a free one), logging to `log`; with `hang`, submissions are kept and never answered.
    init(log: String, port: Int = 0, hang: Bool = false, refuse: String? = nil) throws {
        self.log = log
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", PulseServer.scripts + "/scrobble-server", "--token", Self.token, "--log", log, "--port",
                String(port),
            ] + (hang ? ["--hang"] : []) + (refuse.map { ["--refuse", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard let answered = Int(Fixtures.firstLine(of: output).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw FixtureError(message: "scrobble-server did not start")
        }
        self.port = answered
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// The requests logged so far, as the script wrote them.
    func requests() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The listens the server kept, in order.
    func stored() -> [[String: Any]] { requests().flatMap { ($0["stored"] as? [[String: Any]]) ?? [] } }
}
