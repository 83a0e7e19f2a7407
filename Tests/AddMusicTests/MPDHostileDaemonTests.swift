import Foundation
import MediaLibrary
import MediaModel
import Testing

@testable import MusicPlayer

/// The MPD client against fake daemons that a real MPD never is — a greeting trickled byte by byte, a daemon that
/// stops reading, a reply over the size limit, a refusal of every song — each served by a thread inside the test:
/// every call returns, with a typed error, in bounded time and memory.
@Suite struct MPDHostileDaemonTests {
    @Test func aGreetingTrickledByteByByteFailsWithinItsDeadline() throws {
        let daemon = try HostileMPDDaemon(greeting: .endless(every: 0.5))
        let started = Date()
        #expect(throws: MPDError.timeout(operation: "greeting")) {
            try MPDConnection(address: daemon.address, timeout: 1)
        }
        // A hang guard, not a timing: one byte every 0.5 s would take minutes if each byte had its own deadline.
        #expect(Date().timeIntervalSince(started) < 30)
        // The system player's start waits for one greeting deadline, not one per byte.
        let playerStarted = Date()
        let player = SystemMusicPlayer(address: daemon.address)
        defer { player.shutDown() }
        #expect(Date().timeIntervalSince(playerStarted) < 60)
        #expect(!player.isConnected)
    }

    @Test func aDaemonThatStopsReadingCannotBlockASend() throws {
        let daemon = try HostileMPDDaemon(reads: false, receiveBuffer: 4096)
        // More than every buffer between the two ends holds: the send itself must give up.
        let huge = String(repeating: "x", count: 8 << 20)
        let single = returnsWithin(seconds: 20) { () throws(MPDError) in
            try MPDConnection(address: daemon.address, timeout: 1).run("add", [huge])
        }
        #expect(single == .timeout(operation: "sending add"))
        // Thousands of songs (8 MB of commands): the first list fills the buffers and its reply never comes.
        let songs = (0..<40_000).map { ("add", ["Artist \($0 % 50)/" + String(repeating: "long folder ", count: 16)]) }
        let list = returnsWithin(seconds: 20) { () throws(MPDError) in
            try MPDConnection(address: daemon.address, timeout: 1).runList(songs)
        }
        guard case .timeout = list else {
            Issue.record("no deadline error: \(String(describing: list))")
            return
        }
    }

    @Test func aReplyOverTheLimitIsATypedErrorInBoundedMemory() throws {
        // 100 MB of song lines: far over the 32 MiB limit.
        let line = "file: " + String(repeating: "m", count: 93) + "\n"
        let daemon = try HostileMPDDaemon { commands in
            switch commands.first?.split(separator: " ").first {
            case "playlistinfo": .repeated(line, times: 1_000_000, end: "OK\n")
            case "status": .bytes("state: stop\nplaylist: 5\nplaylistlength: 3\nOK\n")
            case "idle": .nothing
            default: .bytes("OK\n")
            }
        }
        let before = MemoryUse.resetPeak()
        let connection = try MPDConnection(address: daemon.address, timeout: 20)
        #expect(throws: MPDError.replyTooLarge(command: "playlistinfo", limit: 32 << 20)) {
            try connection.run("playlistinfo")
        }
        let growth = MemoryUse.peak() - before
        print("peak memory growth for a 100 MB reply: \(growth >> 20) MiB")
        // Bounded (before: 2.8 GB for a 100 MB reply); generous, as other tests run in this process meanwhile.
        #expect(growth < 400 << 20)
        // The connection is closed: no half-read reply is taken for the next one.
        #expect(throws: MPDError.disconnected) { try connection.run("status") }
        // The player drops it and connects afresh for the next command.
        let player = SystemMusicPlayer(address: daemon.address)
        defer { player.shutDown() }
        #expect(player.queue.isEmpty)
        #expect(try player.database.artists().isEmpty)
    }

    @Test func aSlowButValidDaemonWithinTheDeadlineStillWorks() throws {
        let daemon = try HostileMPDDaemon(greeting: .slow(every: 0.05)) { commands in
            switch commands.first?.split(separator: " ").first {
            case "status": .slowly("volume: 50\nstate: play\nOK\n", every: 0.03)
            case "albumart": .slowly("size: 3\ntype: image/png\nbinary: 3\nabc\nOK\n", every: 0.02)
            default: .bytes("OK\n")
            }
        }
        let connection = try MPDConnection(address: daemon.address, timeout: 3)
        #expect(connection.protocolVersion == "0.23.5")
        let status = try connection.run("status")
        #expect(status.map(\.key) == ["volume", "state"] && status.map(\.value) == ["50", "play"])
        #expect(try connection.binary("albumart", uri: "a.flac") == Array("abc".utf8))
    }

    @Test func addmusicPlayOnTheSystemPlayerPrintsTheDaemonsRefusal() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.file("song.flac", bytes: [0])
        let daemon = try HostileMPDDaemon { commands in
            if commands.contains(where: { $0.hasPrefix("add ") }) {
                return .bytes("ACK [50@1] {add} No such directory\n")
            }
            return switch commands.first?.split(separator: " ").first {
            case "config": .bytes("ACK [4@0] {config} you don't have permission for \"config\"\n")
            case "status": .bytes("state: stop\nplaylist: 1\nplaylistlength: 0\nOK\n")
            case "idle": .nothing
            default: .bytes("OK\n")
            }
        }
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(daemon.port)
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play", "--player", "system", song], environment: environment)
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("No such directory"), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("Nothing to play"), "\(result.errorOutput)")
    }

    /// Runs `body` on a thread of its own and returns its error (nil when it succeeded); records an issue, rather
    /// than hanging the suite, when it has not returned after `seconds`.
    private func returnsWithin(seconds: Double, _ body: @escaping @Sendable () throws(MPDError) -> Void) -> MPDError? {
        let outcome = Locked<MPDError??>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                try body()
                outcome.withLock { $0 = .some(nil) }
            } catch {
                outcome.withLock { $0 = .some(error as? MPDError ?? .disconnected) }
            }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else {
            Issue.record("still blocked after \(seconds) s")
            return nil
        }
        return outcome.withLock { $0 } ?? nil
    }
}

/// The process's resident memory from /proc/self/status, in bytes.
enum MemoryUse {
    /// Resets the peak to the current use (Linux's `clear_refs` 5) and returns the current use.
    static func resetPeak() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return value("VmRSS")
    }

    /// The peak since the last reset (or the process's start).
    static func peak() -> Int { value("VmHWM") }

    private static func value(_ key: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let number = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } ?? 0
            return number * 1024
        }
        return 0
    }
}
