import Foundation
import MediaModel
import Testing

/// A playlist's name on the command line: the length check is the one the file system makes, and names whose bytes
/// are not UTF-8 are refused rather than read alike.
@Suite struct PlaylistNameTests {
    /// Names around the file system's 255-byte limit: each is made and listed, or refused as too long, never failed
    /// by the file system ("File name too long") after it passed the check.
    @Test func aNameThatPassesTheCheckCanBeWritten() throws {
        let fixtures = try Fixtures()
        let environment = fixtures.environment()
        var made = 0
        for length in 236...252 {
            let name = String(repeating: "n", count: length)
            let created = try Fixtures.run(Fixtures.addmusic, ["playlist", "create", name], environment: environment)
            if created.status == 0 {
                made += 1
                let shown = try Fixtures.run(
                    Fixtures.addmusic, ["library", "playlist", name], environment: environment)
                #expect(shown.status == 0, "\(length) bytes: \(shown.errorOutput)")
            } else {
                #expect(
                    created.errorOutput.hasPrefix("“\(name)” cannot name a playlist: give a name that is not blank"),
                    "\(length) bytes: \(created.errorOutput)")
            }
        }
        // The longest name taken: 255 bytes less `.m3u8` and the temporary file's 8 more.
        #expect(made == 242 - 236 + 1)
    }

    @Test func namesThatAreNotUTF8AreRefusedNotReadAlike() throws {
        let fixtures = try Fixtures()
        let environment = fixtures.environment()
        /// Runs `addmusic ARGUMENTS…` with `name`'s bytes, given in printf's octal escapes, as the last argument.
        func addmusic(_ arguments: [String], name bytes: String) throws -> (
            status: Int32, output: String, errorOutput: String
        ) {
            try Fixtures.run(
                "/bin/sh", ["-c", "exec \"$0\" \"$@\" \"$(printf '\(bytes)')\"", Fixtures.addmusic] + arguments,
                environment: environment)
        }
        let created = try addmusic(["playlist", "create"], name: "\\377")
        #expect(created.status == 2 && created.errorOutput.contains("not valid UTF-8"), "\(created)")
        #expect(UserPlaylists(folder: fixtures.root + "/data-home/addmusic/playlists").names().isEmpty)
        // A name that is UTF-8 and holds U+FFFD itself is a name like any other; a name of other bytes that Swift
        // would read as the same text still cannot delete it.
        #expect(
            try Fixtures.run(Fixtures.addmusic, ["playlist", "create", "\u{FFFD}"], environment: environment).status
                == 0)
        let deleted = try addmusic(["playlist", "delete"], name: "\\376")
        #expect(deleted.status == 2 && deleted.errorOutput.contains("not valid UTF-8"), "\(deleted)")
        let renamed = try addmusic(["playlist", "rename", "\u{FFFD}"], name: "\\376")
        #expect(renamed.status == 2 && renamed.errorOutput.contains("not valid UTF-8"), "\(renamed)")
        #expect(UserPlaylists(folder: fixtures.root + "/data-home/addmusic/playlists").names() == ["\u{FFFD}"])
        let german = try Fixtures.run(
            "/bin/sh", ["-c", "exec \"$0\" playlist create \"$(printf '\\377')\"", Fixtures.addmusic],
            environment: fixtures.environment(language: "de_DE.UTF-8"))
        #expect(german.errorOutput.contains("kein gültiger UTF-8-Text"), "\(german)")
    }
}
