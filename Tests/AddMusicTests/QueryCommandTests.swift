import Foundation
import Testing

/// `addmusic library genres|composers|compilations` and `addmusic play --genre|--composer` on real files, with the
/// application player and with the system player on a real MPD.
@Suite(.serialized) struct QueryCommandTests {
    /// The query library's songs, scanned by the command into the fixture's own index.
    private func scanned() throws -> (Fixtures, [String: String]) {
        let songs = try QueryLibrary()
        let environment = songs.fixtures.environment()
        let scan = try Fixtures.run(
            Fixtures.addmusic, ["library", "scan", songs.fixtures.music], environment: environment)
        guard scan.status == 0 else { throw FixtureError(message: scan.errorOutput) }
        return (songs.fixtures, environment)
    }

    @Test func genresComposersAndCompilationsAreListedOneALineAndAsJSON() throws {
        let (fixtures, environment) = try scanned()
        func library(_ arguments: String...) throws -> String {
            let result = try Fixtures.run(Fixtures.addmusic, ["library"] + arguments, environment: environment)
            #expect(result.status == 0, "\(result.errorOutput)")
            return result.output
        }
        // A genre is spelled as its first song added spells it ("Rock" or "rock").
        #expect(
            try library("genres").lowercased()
                == "electronic · 2 songs\nhip-hop · 2 songs\npop · 1 song\nrock · 3 songs\n")
        #expect(
            try library("composers")
                == "Åsa Öberg · 1 song\nBjörk · 2 songs\nGeorge Harrison · 1 song\nJohn Lennon · 1 song\nShawn Carter · 1 song\n"
        )
        #expect(try library("compilations") == "Various Artists — Now Hits (2001) · 2 tracks\n")
        #expect(try library("genres", "--offset", "1", "--limit", "2") == "Hip-Hop · 2 songs\nPop · 1 song\n")
        let json = try JSONSerialization.jsonObject(with: Data(try library("compilations", "--json").utf8))
        let records = try #require(json as? [[String: Any]])
        #expect(records.count == 1)
        #expect(records.first?["name"] as? String == "Now Hits" && records.first?["songCount"] as? Int == 2)
        #expect(records.first?["albumArtist"] as? String == "Various Artists")
        let genres =
            try JSONSerialization.jsonObject(with: Data(try library("genres", "--json").utf8)) as? [[String: Any]]
        #expect(
            genres?.compactMap { ($0["name"] as? String)?.lowercased() } == ["electronic", "hip-hop", "pop", "rock"])
        let german = try Fixtures.run(
            Fixtures.addmusic, ["library", "genres"], environment: fixtures.environment(language: "de_DE.UTF-8"))
        #expect(german.output.lowercased().hasPrefix("electronic · 2 titel"), "\(german.output)")
    }

    @Test func aGenreNameWithControlCharactersIsPrintedAsText() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("x.flac", seconds: 0.3, tags: ["title": "X", "genre": "Bad\u{1B}[31mGenre"])
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let result = try Fixtures.run(Fixtures.addmusic, ["library", "genres"], environment: environment)
        #expect(!result.output.contains("\u{1B}"), "\(result.output)")
        #expect(result.output.contains("Genre · 1 song"), "\(result.output)")
    }

    @Test func playByGenreOrComposerPlaysTheMatchingSongsInOrder() throws {
        let (fixtures, environment) = try scanned()
        func play(_ arguments: String...) throws -> String {
            let result = try Fixtures.run(
                Fixtures.addmusic, ["play"] + arguments + ["--output", "null:fast"], environment: environment)
            #expect(result.status == 0, "\(result.errorOutput)")
            return result.output
        }
        // Exact (case-insensitive) first: "rock" is Rock and rock, by artist, album and track.
        #expect(
            try play("--genre", "rock")
                == "Come Together — The Beatles\nSomething — The Beatles\nAnother Day — Beta\n")
        #expect(try play("--composer", "bjork") == "Jóga — Björk\nBachelorette — Björk\n")
        // Nothing equal: the songs whose composer contains the text.
        #expect(try play("--composer", "lennon") == "Come Together — The Beatles\n")
        let nothing = try Fixtures.run(
            Fixtures.addmusic, ["play", "--genre", "polka", "--output", "null"], environment: environment)
        #expect(nothing.status == 1)
        _ = fixtures
    }

    @Test func playByGenreOrComposerOnTheSystemPlayerQueuesTheDaemonsSongsAndListsItsGenres() throws {
        let (fixtures, baseEnvironment) = try scanned()
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        _ = try mpd.mpc("update", "--wait")
        var environment = baseEnvironment
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        func queue(after arguments: String...) throws -> [String] {
            let result = try Fixtures.run(
                Fixtures.addmusic, ["play"] + arguments + ["--player", "system"], environment: environment)
            #expect(result.status == 0, "\(result.errorOutput)")
            return try mpd.mpc("playlist", "-f", "%file%").split(separator: "\n").map(String.init)
        }
        // The daemon's find is exact: "Rock", not "rock".
        #expect(try queue(after: "--genre", "Rock") == ["beatles/1.flac", "now/2.flac"])
        // No composer is exactly "lennon": the daemon's search finds it inside "John Lennon".
        #expect(try queue(after: "--composer", "lennon") == ["beatles/1.flac"])
        #expect(try queue(after: "--genre", "hip") == ["jay/1.flac", "tribe/1.flac"])

        // The daemon's own genres and composers, counted by it (its `count group`: exact spellings apart).
        let genres = try Fixtures.run(
            Fixtures.addmusic, ["library", "genres", "--player", "system"], environment: environment)
        #expect(genres.status == 0, "\(genres.errorOutput)")
        #expect(
            Set(genres.output.split(separator: "\n")) == [
                "Electronic · 1 song", "electronic · 1 song", "Hip-Hop · 2 songs", "Pop · 1 song", "Rock · 2 songs",
                "rock · 1 song",
            ])
        let composers = try Fixtures.run(
            Fixtures.addmusic, ["library", "composers", "--player", "system", "--json"], environment: environment)
        let records = try JSONSerialization.jsonObject(with: Data(composers.output.utf8)) as? [[String: Any]] ?? []
        #expect(records.count == 5)
        #expect(records.contains { $0["name"] as? String == "Björk" && $0["songCount"] as? Int == 2 })
    }
}
