import Foundation
import MusicPlayer

/// A private MPD on a loopback port with a null output, started through `scripts/mpd-start` over a music folder and
/// stopped (by PID) when this object goes away; `mpc(…)` runs the real client against it.
final class MPDServer {
    let directory: String
    let music: String
    private(set) var port = 0
    private var pid: Int32 = 0

    /// The daemon's process ID (to stop it from a driver script); 0 once stopped.
    var processID: Int32 { pid }

    /// Starts a daemon over `music`, or returns nil (and says so loudly) when `mpd` is not installed outside CI.
    static func start(music: String) throws -> MPDServer? {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/mpd") {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "mpd is missing") }
            print("SKIPPED: mpd is not installed; run scripts/setup --test")
            return nil
        }
        return try MPDServer(music: music)
    }

    private init(music: String) throws {
        self.music = music
        directory = NSTemporaryDirectory() + "addmusic-mpd-" + UUID().uuidString
        try launch()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    var address: MPDAddress { MPDAddress(.tcp(host: "127.0.0.1", port: port)) }

    /// Starts the daemon (again, on the same port, after `stop()`).
    func launch() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = nil
        let result = try Fixtures.run(
            "/bin/sh", [PulseServer.scripts + "/mpd-start", directory, music], environment: environment)
        guard result.status == 0 else { throw FixtureError(message: "mpd-start failed: \(result.errorOutput)") }
        for word in result.output.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "MPD_PORT" { port = Int(parts[1]) ?? 0 }
            if parts[0] == "ADDMUSIC_MPD_PID" { pid = Int32(parts[1]) ?? 0 }
        }
        guard port > 0, pid > 0 else { throw FixtureError(message: "mpd-start said: \(result.output)") }
    }

    /// Stops the daemon (it saves its state, as on a normal shutdown).
    func stop() {
        guard pid > 0 else { return }
        _ = try? Fixtures.run("/bin/sh", [PulseServer.scripts + "/mpd-stop", String(pid)])
        pid = 0
    }

    /// Freezes the daemon (SIGSTOP): it keeps its connections open and answers nothing, as a hung daemon does.
    func freeze() { kill(pid, SIGSTOP) }

    /// Lets a frozen daemon run again (SIGCONT).
    func thaw() { kill(pid, SIGCONT) }

    /// Runs `mpc` against the daemon and returns what it printed.
    @discardableResult
    func mpc(_ arguments: String...) throws -> String {
        let result = try Fixtures.run("/usr/bin/mpc", ["-h", "127.0.0.1", "-p", String(port)] + arguments)
        guard result.status == 0 else { throw FixtureError(message: "mpc \(arguments): \(result.errorOutput)") }
        return result.output
    }
}
