import Foundation

/// `addmusic` run on a pseudo-terminal (`script`), as a person runs `addmusic play`: its keys come from `press`, and
/// what it draws (its status line) is read back from a file. Killed, if still running, by `stop()`.
final class TerminalRun {
    let process = Process()
    private let keys = Pipe()
    private let output: String

    /// Starts `addmusic ARGUMENTS` (a shell word list) with `environment`, drawing into `output`.
    init(_ arguments: String, environment: [String: String], output: String) throws {
        self.output = output
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-f", "-e", "-c", Fixtures.addmusic + " " + arguments, output]
        process.environment = environment
        process.standardInput = keys
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Everything drawn so far.
    var screen: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    /// Types `text`.
    func press(_ text: String) { keys.fileHandleForWriting.write(Data(text.utf8)) }

    /// Kills the run if it is still going, and waits for it.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
