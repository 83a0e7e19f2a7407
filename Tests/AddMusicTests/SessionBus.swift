import Foundation

/// A private D-Bus session bus (`dbus-daemon --session` on a socket in a temporary folder), stopped by PID when this
/// object goes away; `playerctl(…)` runs Debian's playerctl on it against AddMusic.
final class SessionBus {
    let address: String
    private let directory: String
    private let process = Process()

    /// Starts a bus, or returns nil (and says so loudly) when dbus-daemon or playerctl is not installed outside CI.
    static func start() throws -> SessionBus? {
        for path in ["/usr/bin/dbus-daemon", "/usr/bin/playerctl", "/usr/bin/dbus-send"]
        where !FileManager.default.isExecutableFile(atPath: path) {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "\(path) is missing") }
            print("SKIPPED: \(path) is not installed; run scripts/setup --test")
            return nil
        }
        return try SessionBus()
    }

    private init() throws {
        directory = NSTemporaryDirectory() + "addmusic-bus-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let socket = directory + "/bus"
        address = "unix:path=" + socket
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--address=" + address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard Fixtures.waitUntil(seconds: 10, { FileManager.default.fileExists(atPath: socket) }) else {
            throw FixtureError(message: "dbus-daemon did not start")
        }
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `environment` with this bus as the session bus.
    func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        return environment
    }

    /// Scans `fixtures`' music and starts `addmusic play --album ALBUM` on this bus (null output, the fixture's own
    /// cache and state folders); returns the process, which the caller stops, and the environment it runs in.
    func playAlbum(_ album: String, of fixtures: Fixtures) throws -> (Process, [String: String]) {
        var environment = self.environment(fixtures.environment())
        environment["XDG_CACHE_HOME"] = fixtures.root + "/cache"
        environment["XDG_STATE_HOME"] = fixtures.root + "/state"
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let app = try Fixtures.start(
            Fixtures.addmusic, ["play", "--album", album, "--output", "null"], environment: environment)
        return (app, environment)
    }

    /// Runs `playerctl --player=addmusic ARGUMENTS` and returns what it printed, trimmed.
    @discardableResult
    func playerctl(_ arguments: String...) throws -> String {
        let result = try Fixtures.run(
            "/usr/bin/playerctl", ["--player=addmusic"] + arguments,
            environment: environment(ProcessInfo.processInfo.environment))
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `playerctl --player=addmusic --follow ARGUMENTS` writing to `path`; stop it with SIGKILL.
    func follow(_ arguments: [String], to path: String) throws -> Process {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let follower = Process()
        follower.executableURL = URL(fileURLWithPath: "/usr/bin/playerctl")
        follower.arguments = ["--player=addmusic", "--follow"] + arguments
        follower.environment = environment(ProcessInfo.processInfo.environment)
        follower.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        follower.standardError = FileHandle.nullDevice
        follower.standardInput = FileHandle.nullDevice
        try follower.run()
        return follower
    }
}
