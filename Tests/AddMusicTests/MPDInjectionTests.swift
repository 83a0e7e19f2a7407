import Foundation
import Testing

@testable import MusicPlayer

/// Text from the user, a tag or a file name never becomes a command of the music daemon (BEHAVIOUR, "Text sent to the
/// music daemon"): arguments are escaped one Unicode scalar at a time, and one that holds a line feed is refused before
/// anything is sent.
@Suite(.serialized) struct MPDInjectionTests {
    /// Arabic number sign U+0600 followed by a quote is one Swift `Character`, and so is CR LF: escaped a Character at
    /// a time, the quote went out bare and the line feed ended the command, so that `rm victim` ran on its own.
    static let hostile = "zz\u{600}\" \r\nrm victim\r\n"

    @Test func aQuoteJoinedToTheScalarBeforeItIsStillEscaped() throws {
        #expect(try MPDConnection.line("find", ["\u{600}\""]) == "find \"\u{600}\\\"\"\n")
        #expect(try MPDConnection.line("add", ["a \"b\" \\c"]) == "add \"a \\\"b\\\" \\\\c\"\n")
        #expect(try MPDConnection.line("search", ["any", "a\rb"]) == "search \"any\" \"a\\\rb\"\n")
        #expect(MPDConnection.filterQuoted("x\u{600}\"y") == "\"x\u{600}\\\"y\"")
    }

    @Test func anArgumentWithALineFeedIsRefusedAndNothingIsSent() {
        for argument in ["two\nlines", hostileName(), "a\r\nb", "nul\0byte"] {
            #expect(throws: MPDError.unsendable(command: "find", argument: argument)) {
                try MPDConnection.line("find", ["title", argument])
            }
        }
    }

    @Test func noCommandOfTheCLIRunsANameOrSearchAsADaemonCommand() throws {
        let fixtures = try Fixtures()
        for (file, title) in [("a.flac", "Alpha"), ("b.flac", "Bravo")] {
            try fixtures.tone(file, seconds: 30, tags: ["title": title, "artist": "Band", "album": "One"])
        }
        // A song whose file name is the hostile text, as a downloaded album could hold.
        let hostileFile = fixtures.music + "/" + Self.hostile + ".flac"
        try FileManager.default.copyItem(atPath: fixtures.music + "/a.flac", toPath: hostileFile)
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        _ = try mpd.mpc("update", "--wait")
        _ = try mpd.mpc("add", "a.flac")
        _ = try mpd.mpc("save", "victim")
        _ = try mpd.mpc("save", "Mix")
        _ = try mpd.mpc("add", "b.flac")
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        func daemonState() throws -> [String] {
            try mpd.mpc("lsplaylists").split(separator: "\n").map(String.init).sorted()
                + ["queue:"] + mpd.mpc("playlist", "-f", "%file%").split(separator: "\n").map(String.init)
        }
        let before = try daemonState()
        #expect(before == ["Mix", "victim", "queue:", "a.flac", "b.flac"])

        let p = Self.hostile
        let commands: [[String]] = [
            ["play", "--search", p], ["rate", "--search", p, "3"], ["library", "playlist", p],
            ["playlist", "add", "Mix", "--search", p], ["play", "--album", p], ["play", "--artist", p],
            ["play", "--genre", p], ["play", "--playlist", p], ["playlist", "create", p, "a.flac"],
            ["playlist", "add", p, "a.flac"], ["playlist", "rename", "Mix", p], ["playlist", "delete", p],
            ["rate", hostileFile, "3"], ["playlist", "add", "Mix", hostileFile],
        ]
        for command in commands {
            let result = try Fixtures.run(
                Fixtures.addmusic, command + ["--player", "system"], environment: environment)
            let shown = command.map { $0.debugDescription }.joined(separator: " ")
            #expect(try daemonState() == before, "\(shown) changed the daemon: \(result)")
            // Refused in words (but a playlist of that name, which the daemon's list of names shows there is not),
            // with the line break shown, never printed raw.
            let refused = command.contains("--playlist") ? "no playlist named" : "Nothing was sent to the music daemon"
            #expect(
                result.status != 0 && result.errorOutput.contains(refused) && result.errorOutput.contains("␍␊rm"),
                "\(shown): \(result.errorOutput.debugDescription)")
        }
    }

    private func hostileName() -> String { Self.hostile }
}
