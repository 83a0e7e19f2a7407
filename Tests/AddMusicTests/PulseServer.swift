import Foundation

/// A private audio server with a null sink named "speaker", stopped (by PID) when this object goes away; `record()`
/// listens to what reaches the sink. PulseAudio (`scripts/pulse-start`), or with `ADDMUSIC_AUDIO_SERVER=pipewire`
/// a PipeWire stack serving the same protocol (`scripts/pipewire-start`: a session bus, pipewire, wireplumber,
/// pipewire-pulse). Either way clients see a PulseAudio server at `server`.
final class PulseServer {
    /// Which server the tests run on.
    enum Kind: String {
        case pulseaudio
        case pipewire

        /// The one `ADDMUSIC_AUDIO_SERVER` names (PulseAudio when unset).
        static var current: Kind {
            ProcessInfo.processInfo.environment["ADDMUSIC_AUDIO_SERVER"].flatMap(Kind.init(rawValue:)) ?? .pulseaudio
        }

        /// The daemon that serves the Pulse protocol, which must be installed.
        var binary: String { self == .pulseaudio ? "/usr/bin/pulseaudio" : "/usr/bin/pipewire-pulse" }
    }

    let kind: Kind
    let directory: String
    let server: String
    /// The process that serves the Pulse protocol (pulseaudio, or pipewire-pulse), and every process of the server.
    private var pid: Int32
    private var pids: [Int32]

    /// The process that serves the Pulse protocol (to stop it from a driver script).
    var processID: Int32 { pid }

    /// Whether the server corks streams for a call when asked (`module-role-cork`, PulseAudio only; PipeWire has no
    /// such module: the app sees the call's stream instead).
    var hasRoleCork: Bool { kind == .pulseaudio }

    /// Starts a server, or returns nil (and says so loudly) when it is not installed outside CI.
    static func start() throws -> PulseServer? {
        let kind = Kind.current
        if !FileManager.default.isExecutableFile(atPath: kind.binary) {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "\(kind) is missing") }
            print("SKIPPED: \(kind) is not installed; run scripts/setup --test")
            return nil
        }
        return try PulseServer(kind: kind)
    }

    private init(kind: Kind) throws {
        self.kind = kind
        directory = NSTemporaryDirectory() + "addmusic-\(kind)-" + UUID().uuidString
        (server, pid, pids) = try PulseServer.launch(kind, in: directory)
    }

    /// Starts a server in `directory` (its socket is `directory/native`) and returns its address, the PID of the
    /// process serving it and those of all its processes (for PipeWire with `pulseOnly`, only pipewire-pulse
    /// is started, in the running stack).
    private static func launch(_ kind: Kind, in directory: String, pulseOnly: Bool = false) throws -> (
        String, Int32, [Int32]
    ) {
        let script = kind == .pulseaudio ? "pulse-start" : "pipewire-start"
        let only = pulseOnly && kind == .pipewire ? ["--pulse-only"] : []
        let arguments = [PulseServer.scripts + "/" + script] + only + [directory]
        let result = try Fixtures.run(kind == .pulseaudio ? "/bin/sh" : "/bin/bash", arguments)
        guard result.status == 0 else { throw FixtureError(message: "\(script) failed: \(result.errorOutput)") }
        var values: [String: String] = [:]
        for word in result.output.split(whereSeparator: \.isWhitespace) where word.contains("=") {
            let parts = word.split(separator: "=", maxSplits: 1)
            values[String(parts[0])] = String(parts[1])
        }
        guard let server = values["PULSE_SERVER"], let pid = values["ADDMUSIC_PULSE_PID"].flatMap({ Int32($0) }) else {
            throw FixtureError(message: "\(script) said: \(result.output)")
        }
        let all = (values["ADDMUSIC_PIPEWIRE_PIDS"] ?? String(pid)).split(separator: ",").compactMap { Int32($0) }
        return (server, pid, all)
    }

    /// Stops the server where it is (SIGSTOP), as a device that hangs: it keeps its socket and answers nothing.
    func freeze() { kill(pid, SIGSTOP) }

    /// Lets a frozen server run again (SIGCONT).
    func thaw() { kill(pid, SIGCONT) }

    /// Kills the server outright (SIGKILL), as a crash would (with PipeWire, pipewire-pulse: the graph runs on).
    func killServer() throws {
        _ = try Fixtures.run("/bin/kill", ["-9", String(pid)])
        _ = try Fixtures.run("/bin/sh", [PulseServer.scripts + "/pulse-stop", String(pid)])
    }

    /// Starts the server again at the same address.
    func restart() throws {
        try? FileManager.default.removeItem(atPath: directory + "/native")
        let (_, newPID, _) = try PulseServer.launch(kind, in: directory, pulseOnly: true)
        pids = pids.map { $0 == pid ? newPID : $0 }
        pid = newPID
    }

    deinit {
        let stop = kind == .pulseaudio ? "/pulse-stop" : "/pipewire-stop"
        let list = pids.map(String.init).joined(separator: ",")
        _ = try? Fixtures.run("/bin/sh", [PulseServer.scripts + stop, list])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts recording the monitor of `sink` (16-bit stereo at 44.1 kHz) into a file.
    /// The latency a recorder asks of the server. On PipeWire, as much as the player's stream keeps there (100 ms):
    /// a recorder asking for less sets the graph to its own period (10 ms asked: every node runs each 10 ms), and on a
    /// busy shared machine a missed period is a 5–10 ms silence in the recording that a listener, whose graph runs
    /// at the player's period, would not hear. On PulseAudio, whose null sink renders ahead of time, 10 ms: the last
    /// moments of the music reach the recorder before it is stopped, not a fragment later.
    var recordingLatencyMilliseconds: Int { kind == .pipewire ? 100 : 10 }

    func record(sink: String = "speaker") throws -> Recording {
        try Recording(
            server: server, sink: sink, latency: recordingLatencyMilliseconds,
            path: directory + "/recording-\(UUID().uuidString).raw")
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

        /// Records `sink`'s monitor, asking the server for `latency` milliseconds.
        init(server: String, sink: String, latency: Int, path: String) throws {
            self.path = path
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
            process.arguments = [
                "--server=\(server)", "--device=\(sink).monitor", "--raw", "--format=s16le", "--rate=44100",
                "--channels=2",
                "--latency-msec=\(latency)",
            ]
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// Waits until the monitor's first samples (silence, before anything plays) have arrived: the recorder is
        /// connected. False when none came within `seconds`.
        func waitUntilListening(seconds: Double = 10) -> Bool {
            Fixtures.waitUntil(seconds: seconds) {
                ((try? FileManager.default.attributesOfItem(atPath: self.path)[.size] as? Int) ?? 0) > 0
            }
        }

        /// Ends the recorder once the music that ended has all reached it, and returns the samples: the monitor
        /// delivers a little behind the sink, and further behind on a loaded machine, so the recording is first
        /// waited on until it ends with `quiet` seconds of silence (at most `seconds`, then stopped as it is).
        func stopOnceQuiet(_ quiet: Double = 0.5, seconds: Double = 5) throws -> [Int16] {
            let tail = UInt64(quiet * 44_100) * 4
            _ = Fixtures.waitUntil(seconds: seconds) {
                guard let file = FileHandle(forReadingAtPath: self.path) else { return false }
                defer { try? file.close() }
                guard let size = try? file.seekToEnd(), size >= tail else { return false }
                try? file.seek(toOffset: size - tail)
                let bytes = Array((try? file.read(upToCount: Int(tail))) ?? Data())
                return bytes.count == Int(tail)
                    && stride(from: 0, to: bytes.count - 1, by: 2).allSatisfy {
                        abs(Int(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8))) <= 328
                    }
            }
            return try stop()
        }

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
