import Foundation
import MediaLibrary
import MediaModel

/// Test files made for each test in a fresh temporary folder, with `ffmpeg` (installed by `scripts/setup --test`).
final class Fixtures {
    let root: String
    let music: String

    init() throws {
        root = NSTemporaryDirectory() + "addmusic-tests-" + UUID().uuidString
        music = root + "/Music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A fresh library index in this fixture's folder.
    func library() throws -> MusicLibrary { try MusicLibrary(databasePath: root + "/data/library.sqlite") }

    /// The music folder as a scan root.
    var roots: [LibraryPath] { [LibraryPath(music)] }

    /// Makes `relativePath` under the music folder: a sine tone of `seconds` at `frequency`, tagged with `tags`,
    /// encoded by ffmpeg for the file's extension (or `codec`), with `picture` embedded when given.
    @discardableResult
    func tone(
        _ relativePath: String, frequency: Int = 440, seconds: Double = 1, tags: [String: String] = [:],
        codec: String? = nil,
        picture: String? = nil, extraArguments: [String] = []
    ) throws -> String {
        let path = music + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var arguments = ["-f", "lavfi", "-i", "sine=frequency=\(frequency):duration=\(seconds)"]
        if let picture {
            arguments += ["-i", picture, "-map", "0", "-map", "1", "-c:v", "copy", "-disposition:v", "attached_pic"]
        }
        if let codec { arguments += ["-c:a", codec] }
        for (key, value) in tags.sorted(by: { $0.key < $1.key }) { arguments += ["-metadata", "\(key)=\(value)"] }
        try ffmpeg(arguments + extraArguments + [path])
        return path
    }

    /// Makes a picture file of `width`×`height` from FFmpeg's test pattern.
    @discardableResult
    func picture(_ path: String, width: Int = 300, height: Int = 300, pattern: String = "testsrc") throws -> String {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try ffmpeg(["-f", "lavfi", "-i", "\(pattern)=size=\(width)x\(height):duration=1", "-frames:v", "1", path])
        return path
    }

    /// Writes `bytes` to `relativePath` under the music folder.
    @discardableResult
    func file(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let path = music + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func ffmpeg(_ arguments: [String]) throws {
        let result = try Fixtures.run("/usr/bin/ffmpeg", ["-nostdin", "-loglevel", "error", "-y"] + arguments)
        guard result.status == 0 else { throw FixtureError(message: "ffmpeg failed: \(result.errorOutput)") }
    }

    /// The first line a helper writes to `output` (a byte at a time: nothing after it is read).
    static func firstLine(of output: Pipe) -> String {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Starts a program in the background with no input and its output thrown away; the caller stops it.
    static func start(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs a program to its end and returns its status and output.
    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (
        status: Int32, output: String, errorOutput: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A hang guard, not a timing: a program still running after ten minutes is killed, so a regression that
        // hangs fails the test instead of the whole run.
        let guardTimer = DispatchSource.makeTimerSource(queue: .global())
        guardTimer.schedule(deadline: .now() + 600)
        let pid = process.processIdentifier
        guardTimer.setEventHandler { kill(pid, SIGKILL) }
        guardTimer.resume()
        defer { guardTimer.cancel() }
        let errorData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData.withLock { $0 }, as: UTF8.self)
        )
    }

    /// Runs `addmusic ARGUMENTS` to its end under `/usr/bin/time`: what `run` returns, and the peak RSS in MB
    /// (infinity when it cannot be read).
    static func runMeasured(_ arguments: [String], environment: [String: String]) throws -> (
        status: Int32, output: String, errorOutput: String, peakMB: Double
    ) {
        let report = NSTemporaryDirectory() + "addmusic-time-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: report) }
        let run = try run("/usr/bin/time", ["-f", "%M", "-o", report, addmusic] + arguments, environment: environment)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        let kilobytes = text.split(whereSeparator: \.isNewline).last.flatMap { Double($0) } ?? .infinity
        return (run.status, run.output, run.errorOutput, kilobytes / 1024)
    }

    /// Polls `condition` every 20 ms until it holds (true) or `seconds` pass (false).
    static func waitUntil(seconds: Double = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// The `addmusic` executable built beside the tests.
    static var addmusic: String {
        let beside = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/addmusic"
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return packageRoot.path + "/.build/debug/addmusic"
    }

    /// `addmusic` copied with its resources into this fixture's folder, which any user may read and run: a command
    /// run as another user then does not depend on where the checkout lies. Without `resources`, the copy has none.
    func addmusicAnyoneCanRun(resources: Bool = true) throws -> String {
        let folder = root + "/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.addmusic, toPath: folder + "/addmusic")
        if resources {
            let bundle = "AddMusic_AddMusicCore.resources"
            let beside = (Self.addmusic as NSString).deletingLastPathComponent + "/" + bundle
            try FileManager.default.copyItem(atPath: beside, toPath: folder + "/" + bundle)
        }
        return folder + "/addmusic"
    }

    /// `command` run as the unprivileged user `nobody` when this process is root (whom file modes do not stop),
    /// else as this user.
    static func unprivileged(_ command: [String]) -> [String] {
        geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command : command
    }

    /// The environment for running `addmusic` against this fixture (its own data, config and locale).
    func environment(language: String = "C.UTF-8") -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = root + "/data-home"
        environment["XDG_CONFIG_HOME"] = root + "/config-home"
        environment["HOME"] = root
        environment["LANG"] = language
        environment["LANGUAGE"] = nil
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        // No window opens from a test unless it asks for a display.
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        // Nor does it reach the desktop's session bus (its keyring, its media controls): a test that needs a bus
        // starts its own (`SessionBus`).
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + root + "/no-session-bus"
        return environment
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
