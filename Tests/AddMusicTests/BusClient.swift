import Foundation

/// A client of AddMusic's MPRIS object on a private bus through systemd's `busctl --json=short` (whose answers are
/// read as JSON), and `dbus-monitor` recording the signals of the TrackList interface.
struct BusClient {
    let bus: SessionBus
    static let destination = "org.mpris.MediaPlayer2.addmusic"
    static let object = "/org/mpris/MediaPlayer2"

    /// Runs busctl; the answer's `data`, or a FixtureError with what busctl said when the call failed.
    @discardableResult
    func busctl(_ arguments: [String]) throws -> Any? {
        let result = try Fixtures.run(
            "/usr/bin/busctl", ["--address=" + bus.address, "--json=short"] + arguments,
            environment: bus.environment(ProcessInfo.processInfo.environment))
        guard result.status == 0 else { throw FixtureError(message: "busctl \(arguments): \(result.errorOutput)") }
        let answer = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !answer.isEmpty else { return nil }
        let json = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        return json?["data"]
    }

    /// The property `name` of `org.mpris.MediaPlayer2.INTERFACE`.
    func property(_ name: String, of interface: String) throws -> Any? {
        try busctl(["get-property", Self.destination, Self.object, "org.mpris.MediaPlayer2." + interface, name])
    }

    /// Calls `org.mpris.MediaPlayer2.INTERFACE.METHOD` with busctl's signature and arguments; the answer's values.
    @discardableResult
    func call(_ interface: String, _ method: String, _ signature: String? = nil, _ arguments: String...) throws
        -> [Any]
    {
        let typed = signature.map { [$0] + arguments } ?? []
        let answer = try busctl(
            ["call", Self.destination, Self.object, "org.mpris.MediaPlayer2." + interface, method] + typed)
        return answer as? [Any] ?? []
    }

    /// TrackList's Tracks.
    func tracks() throws -> [String] { try property("Tracks", of: "TrackList") as? [String] ?? [] }

    /// The titles GetTracksMetadata gives for `ids`, in the order given.
    func titles(of ids: [String]) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        let answer = try busctl(
            ["call", Self.destination, Self.object, "org.mpris.MediaPlayer2.TrackList", "GetTracksMetadata", "ao"]
                + [String(ids.count)] + ids)
        let maps = (answer as? [Any])?.first as? [[String: Any]] ?? []
        return maps.map { (($0["xesam:title"] as? [String: Any])?["data"] as? String) ?? "?" }
    }

    /// GetPlaylists' first hundred, alphabetically: each playlist's id and name.
    func playlists() throws -> [(id: String, name: String)] {
        let answer = try call("Playlists", "GetPlaylists", "uusb", "0", "100", "Alphabetical", "false")
        let rows = answer.first as? [[Any]] ?? []
        return rows.compactMap { row in
            guard let id = row.first as? String, row.count > 1, let name = row[1] as? String else { return nil }
            return (id, name)
        }
    }

    /// Starts `dbus-monitor` on the bus, writing the TrackList signals it sees to `path`.
    func monitor(to path: String) throws -> SignalLog {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
        process.arguments = [
            "--address", bus.address, "type='signal',interface='org.mpris.MediaPlayer2.TrackList'",
        ]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let log = SignalLog(process: process, path: path)
        // dbus-monitor says first that it has its NameAcquired; the log is live once it has written anything.
        guard Fixtures.waitUntil(seconds: 10, { !log.text.isEmpty }) else {
            log.stop()
            throw FixtureError(message: "dbus-monitor did not start")
        }
        return log
    }
}

/// The signals a `dbus-monitor` has written; stop it when done.
struct SignalLog {
    let process: Process
    let path: String

    var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// How many signals named `member` were seen.
    func count(_ member: String) -> Int {
        text.split(separator: "\n").filter { $0.hasPrefix("signal ") && $0.hasSuffix("member=" + member) }.count
    }

    /// Waits up to five seconds until `count` signals named `member` were seen.
    func waitFor(_ member: String, count: Int) -> Bool {
        Fixtures.waitUntil(seconds: 5) { self.count(member) >= count }
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
