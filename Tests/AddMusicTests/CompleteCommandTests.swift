import Foundation
import Testing

/// `addmusic complete playlists|genres|artists|albums`, the names the shell completions offer: one a line, each once,
/// none a terminal would act on; quiet and successful whatever happens, and the index never made or written.
@Suite struct CompleteCommandTests {
    @Test func namesComeOneALineFromTheIndexAndThePlaylistsEachOnce() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "A/Notes/1.flac", tags: ["title": "Uno", "artist": "Ana Córdoba", "album": "Field Notes", "genre": "Folk"])
        try fixtures.tone(
            "B/Notes/2.flac", frequency: 550,
            tags: ["title": "Dos", "artist": "Red\u{1B}[31m Alert", "album": "Field Notes", "genre": "Jazz"])
        let environment = fixtures.environment()
        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 0, "\(scan.output) \(scan.errorOutput)")
        let made = try Fixtures.run(Fixtures.addmusic, ["playlist", "create", "Road Trip"], environment: environment)
        #expect(made.status == 0, "\(made.errorOutput)")

        func complete(_ words: [String]) throws -> [String] {
            let run = try Fixtures.run(Fixtures.addmusic, ["complete"] + words, environment: environment)
            #expect(run.status == 0 && run.errorOutput.isEmpty, "\(words): \(run.errorOutput)")
            return run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        // The artist whose name holds an escape sequence is left out: a terminal would act on it.
        #expect(try complete(["artists"]) == ["Ana Córdoba"])
        // Two albums of one title (by two artists): the title once.
        #expect(try complete(["albums"]) == ["Field Notes"])
        #expect(Set(try complete(["genres"])) == ["Folk", "Jazz"])
        let playlists = try complete(["playlists"])
        #expect(playlists.contains("Road Trip") && playlists.contains("Most Played"), "\(playlists)")
        #expect(Set(playlists).count == playlists.count)
        #expect(try complete(["nonsense"]).isEmpty)
        #expect(try complete([]).isEmpty)
    }

    @Test func withoutALibraryItPrintsNothingAndMakesNoIndex() throws {
        let fixtures = try Fixtures()
        let environment = fixtures.environment()
        for kind in ["artists", "albums", "genres"] {
            let run = try Fixtures.run(Fixtures.addmusic, ["complete", kind], environment: environment)
            #expect(run.status == 0 && run.output.isEmpty && run.errorOutput.isEmpty, "\(kind): \(run)")
        }
        let index = try #require(environment["XDG_DATA_HOME"]) + "/addmusic/library.sqlite"
        #expect(!FileManager.default.fileExists(atPath: index))
    }
}
