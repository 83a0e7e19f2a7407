import Foundation

/// `scripts/stream-server` on loopback, serving one file as streams behave and misbehave (see the script): started
/// here, stopped by PID when this object goes away.
final class StreamServer {
    private let process: Process
    /// The HTTP port.
    let port: Int
    /// A port that accepts connections and never answers.
    let silentPort: Int
    /// A port that answers every connection with garbage bytes (not HTTP).
    let garbagePort: Int
    /// A port that serves the same paths over HTTPS, with a self-signed certificate.
    let tlsPort: Int

    /// Serves `file` (python3 is installed by `scripts/setup --test`).
    init(serving file: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PulseServer.scripts + "/stream-server", file]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line names the ports; the server prints nothing after it.
        let ports = Fixtures.firstLine(of: output).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard ports.count == 4 else {
            kill(process.processIdentifier, SIGKILL)
            throw FixtureError(message: "stream-server did not start")
        }
        (port, silentPort, garbagePort, tlsPort) = (ports[0], ports[1], ports[2], ports[3])
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The URL of `path` on the HTTP port.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
