import Foundation

/// A private PulseAudio server with a null sink named "speaker", started through `scripts/pulse-start` and stopped
/// (by PID) when this object goes away; `record()` listens to what reaches the sink.
final class PulseServer {
    let directory: String
    let server: String
    private var pid: Int32

    /// The server's process ID (to stop it from a driver script).
    var processID: Int32 { pid }

    /// Starts a server, or returns nil (and says so loudly) when `pulseaudio` is not installed outside CI.
    static func start() throws -> PulseServer? {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio") {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "pulseaudio is missing") }
            print("SKIPPED: pulseaudio is not installed; run scripts/setup --test")
            return nil
        }
        return try PulseServer()
    }

    private init() throws {
        directory = NSTemporaryDirectory() + "addmusic-pulse-" + UUID().uuidString
        (server, pid) = try PulseServer.launch(in: directory)
    }

    /// Starts a server in `directory` (its socket is `directory/native`) and returns its address and PID.
    private static func launch(in directory: String) throws -> (String, Int32) {
        let result = try Fixtures.run("/bin/sh", [PulseServer.scripts + "/pulse-start", directory])
        guard result.status == 0 else { throw FixtureError(message: "pulse-start failed: \(result.errorOutput)") }
        var values: [String: String] = [:]
        for word in result.output.split(whereSeparator: \.isWhitespace) where word.contains("=") {
            let parts = word.split(separator: "=", maxSplits: 1)
            values[String(parts[0])] = String(parts[1])
        }
        guard let server = values["PULSE_SERVER"], let pid = values["ADDMUSIC_PULSE_PID"].flatMap({ Int32($0) }) else {
            throw FixtureError(message: "pulse-start said: \(result.output)")
        }
        return (server, pid)
    }

    /// Stops the server where it is (SIGSTOP), as a device that hangs: it keeps its socket and answers nothing.
    func freeze() { kill(pid, SIGSTOP) }

    /// Lets a frozen server run again (SIGCONT).
    func thaw() { kill(pid, SIGCONT) }

    /// Kills the server outright (SIGKILL), as a crash would.
    func killServer() throws {
        _ = try Fixtures.run("/bin/kill", ["-9", String(pid)])
        _ = try Fixtures.run("/bin/sh", [PulseServer.scripts + "/pulse-stop", String(pid)])
    }

    /// Starts the server again at the same address.
    func restart() throws {
        try? FileManager.default.removeItem(atPath: directory + "/native")
        let (_, newPID) = try PulseServer.launch(in: directory)
        pid = newPID
    }

    deinit {
        _ = try? Fixtures.run("/bin/sh", [PulseServer.scripts + "/pulse-stop", String(pid)])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts recording the monitor of `sink` (16-bit stereo at 44.1 kHz) into a file.
    func record(sink: String = "speaker") throws -> Recording {
        try Recording(server: server, sink: sink, path: directory + "/recording-\(UUID().uuidString).raw")
    }

    static var scripts: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .path + "/scripts"
    }

    /// A `parec` on a sink's monitor; `stop()` ends it (by PID) and returns the samples.
    final class Recording {
        private let process = Process()
        private let path: String

        init(server: String, sink: String, path: String) throws {
            self.path = path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
            process.arguments = [
                "--server=\(server)", "--device=\(sink).monitor", "--raw", "--format=s16le", "--rate=44100",
                "--channels=2",
                "--latency-msec=10",
            ]
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// Ends the recorder (SIGKILL: a `parec` on a monitor can outlive a polite SIGTERM) and returns the samples.
        func stop() throws -> [Int16] {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            return stride(from: 0, to: bytes.count - 1, by: 2).map {
                Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
            }
        }
    }
}
