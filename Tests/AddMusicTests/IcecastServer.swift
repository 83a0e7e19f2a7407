import Foundation

/// A private Icecast (Debian's icecast2) on loopback through `scripts/icecast-start`, fed by `ffmpeg` as its source;
/// both stopped by PID when this object goes away. The stream's title changes through Icecast's admin interface.
final class IcecastServer {
    let directory: String
    private(set) var port = 0
    private var password = ""
    private var pid: Int32 = 0
    private var source: Process?

    /// Starts a server, or returns nil (and says so loudly) when `icecast2` is not installed outside CI.
    static func start() throws -> IcecastServer? {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/icecast2") {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "icecast2 is missing") }
            print("SKIPPED: icecast2 is not installed; run scripts/setup --test")
            return nil
        }
        return try IcecastServer()
    }

    private init() throws {
        directory = NSTemporaryDirectory() + "addmusic-icecast-" + UUID().uuidString
        let result = try Fixtures.run("/bin/sh", [PulseServer.scripts + "/icecast-start", directory])
        guard result.status == 0 else { throw FixtureError(message: "icecast-start failed: \(result.errorOutput)") }
        for word in result.output.split(whereSeparator: \.isWhitespace) {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "ICECAST_PORT" { port = Int(parts[1]) ?? 0 }
            if parts[0] == "ICECAST_PASSWORD" { password = parts[1] }
            if parts[0] == "ADDMUSIC_ICECAST_PID" { pid = Int32(parts[1]) ?? 0 }
        }
        guard port > 0, pid > 0 else { throw FixtureError(message: "icecast-start said: \(result.output)") }
    }

    deinit {
        if let source {
            kill(source.processIdentifier, SIGKILL)
            source.waitUntilExit()
        }
        if pid > 0 { _ = try? Fixtures.run("/bin/sh", [PulseServer.scripts + "/icecast-stop", String(pid)]) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The listeners' URL of `mount`.
    func url(_ mount: String) -> String { "http://127.0.0.1:\(port)/\(mount)" }

    /// Starts `ffmpeg` sending `file` in real time, as MP3, to `mount`, and waits until the mount is listed.
    func feed(_ file: String, to mount: String) throws {
        let process = try Fixtures.start(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-loglevel", "error", "-re", "-i", file, "-content_type", "audio/mpeg", "-f", "mp3",
                "icecast://source:\(password)@127.0.0.1:\(port)/\(mount)",
            ], environment: ProcessInfo.processInfo.environment)
        source = process
        let listed = Fixtures.waitUntil(seconds: 10) {
            (try? admin("/admin/listmounts"))?.contains("/\(mount)") ?? false
        }
        guard listed else { throw FixtureError(message: "the source never reached icecast") }
    }

    /// Sets the title of `mount`'s stream, as a station's playout does.
    func setTitle(_ title: String, of mount: String) throws {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let song = title.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        let answer = try admin("/admin/metadata?mount=/\(mount)&mode=updinfo&song=\(song)")
        guard answer.contains("successful") else { throw FixtureError(message: "icecast refused the title: \(answer)") }
    }

    private func admin(_ path: String) throws -> String {
        let result = try Fixtures.run(
            "/usr/bin/curl", ["-s", "-m", "5", "-u", "admin:\(password)", "http://127.0.0.1:\(port)\(path)"])
        return result.output
    }
}
