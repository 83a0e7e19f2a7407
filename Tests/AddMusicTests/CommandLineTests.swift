import Foundation
import MediaLibrary
import MediaModel
import Testing

/// `addmusic library …` on the command line: summary, plain lines when not a terminal, JSON, localized text.
@Suite struct CommandLineTests {
    @Test func scanPrintsPlainProgressAndASummaryThenListsAsTextAndJSON() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "Artist/Album/1.flac", tags: ["title": "Uno", "artist": "Artist", "album": "Album", "track": "1"])
        try fixtures.tone(
            "Artist/Album/2.mp3", frequency: 550,
            tags: ["title": "Dos", "artist": "Artist", "album": "Album", "track": "2"])
        try fixtures.file("Artist/Album/broken.mp3", bytes: Array("nope".utf8))
        let scan = try Fixtures.run(
            Fixtures.addmusic, ["library", "scan", "--verbose", fixtures.music], environment: fixtures.environment())
        #expect(scan.status == 3)  // something was unreadable
        #expect(
            scan.output.contains("Added 2, updated 0, moved 0, removed 0, unchanged 0, unreadable 1, ignored 0"),
            "\(scan.output)")
        #expect(scan.output.contains("broken.mp3: not a readable audio file"), "\(scan.output)")
        #expect(scan.errorOutput.contains("3/3 files"), "\(scan.errorOutput)")  // plain progress lines on a pipe
        #expect(!scan.errorOutput.contains("\u{1B}"))

        let songs = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: fixtures.environment())
        #expect(songs.output == "Artist — Uno · Album (0:01)\nArtist — Dos · Album (0:01)\n")
        let json = try Fixtures.run(
            Fixtures.addmusic, ["library", "search", "dos", "--json"], environment: fixtures.environment())
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 1)
        #expect(decoded?.first?["title"] as? String == "Dos")
        #expect(decoded?.first?["codec"] as? String == "mp3")
        let albums = try Fixtures.run(
            Fixtures.addmusic, ["library", "albums", "--json"], environment: fixtures.environment())
        #expect(
            (try JSONSerialization.jsonObject(with: Data(albums.output.utf8)) as? [[String: Any]])?.first?["trackCount"]
                as? Int == 2)
        let artists = try Fixtures.run(Fixtures.addmusic, ["library", "artists"], environment: fixtures.environment())
        #expect(artists.output == "Artist · 2 songs · 1 album\n")
    }

    @Test func songsJSONCarriesComposerCompilationAndTheOtherNewTagsOnlyWhenPresent() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "a.flac",
            tags: [
                "title": "Tagged", "composer": "Bach", "COMPILATION": "1", "ARTISTSORT": "Sorted", "BPM": "100",
                "RATING": "60", "MUSICBRAINZ_ALBUMID": "album-id",
            ])
        try fixtures.tone("b.flac", frequency: 500, tags: ["title": "Bare"])
        let scan = try Fixtures.run(
            Fixtures.addmusic, ["library", "scan", fixtures.music], environment: fixtures.environment())
        #expect(scan.status == 0, "\(scan.output) \(scan.errorOutput)")
        let json = try Fixtures.run(
            Fixtures.addmusic, ["library", "songs", "--json"], environment: fixtures.environment())
        let songs = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let tagged = try #require(
            songs.first { $0["title"] as? String == "Tagged" }, "\(json.output) \(json.errorOutput)")
        #expect(tagged["composer"] as? String == "Bach")
        #expect(tagged["compilation"] as? Bool == true)
        #expect((tagged["sortNames"] as? [String: Any])?["artist"] as? String == "Sorted")
        #expect(tagged["beatsPerMinute"] as? Int == 100)
        #expect(tagged["rating"] as? Double == 3)
        #expect((tagged["musicBrainzIDs"] as? [String: Any])?["album"] as? String == "album-id")
        let bare = try #require(songs.first { $0["title"] as? String == "Bare" })
        for key in ["composer", "compilation", "sortNames", "beatsPerMinute", "rating", "musicBrainzIDs", "lyrics"] {
            #expect(bare[key] == nil, "\(key)")
        }
        #expect(bare["codec"] as? String == "flac")
    }

    @Test func messagesFollowTheUsersLanguage() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("x.flac")
        let german = try Fixtures.run(
            Fixtures.addmusic, ["library", "scan", fixtures.music],
            environment: fixtures.environment(language: "de_DE.UTF-8"))
        #expect(german.output.contains("Hinzugefügt 1,"), "\(german.output)")
        let french = try Fixtures.run(
            Fixtures.addmusic, ["library", "frobnicate"], environment: fixtures.environment(language: "fr_FR.UTF-8"))
        #expect(french.status == 2)
        #expect(french.errorOutput.contains("Commande inconnue : library frobnicate"), "\(french.errorOutput)")
    }

    @Test func musicFoldersComeFromFlagThenConfigThenXDG() throws {
        let fixtures = try Fixtures()
        #expect(MusicFolders.resolve(flags: ["/a", "/b"]).map(\.description) == ["/a", "/b"])
        var config = ConfigFile(path: fixtures.root + "/config")
        config.set("music-dir", ["/srv/music", "/home/me/More"])
        try config.save()
        let reread = ConfigFile(path: fixtures.root + "/config")
        #expect(MusicFolders.resolve(flags: [], config: reread).map(\.description) == ["/srv/music", "/home/me/More"])
        #expect(MusicFolders.resolve(flags: ["/x"], config: reread).map(\.description) == ["/x"])
        let empty = ConfigFile(path: fixtures.root + "/missing")
        #expect(MusicFolders.resolve(flags: [], config: empty).first?.description.hasPrefix("/") == true)
    }
}

/// `addmusic` with no command: the README's main job.
@Suite struct OverviewCommandTests {
    @Test func withNoMusicTheAppWritesAndShowsTheDemoLibrary() throws {
        let fixtures = try Fixtures()  // its Music folder is empty
        var environment = fixtures.environment()
        environment["PATH"] = "/usr/bin:/bin"  // whatever xdg-user-dir says, the config below wins
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/config-home/addmusic", withIntermediateDirectories: true)
        try Data("music-dir = \(fixtures.music)\n".utf8).write(
            to: URL(fileURLWithPath: fixtures.root + "/config-home/addmusic/config"))
        let first = try Fixtures.run(Fixtures.addmusic, [], environment: environment)
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(first.errorOutput.contains("showing the demo library"), "\(first.errorOutput)")
        // No display here: one line says so and points to the terminal player; the library is listed instead.
        #expect(first.errorOutput.contains("No display to open a window on"), "\(first.errorOutput)")
        #expect(first.output.contains("Your library: 12 songs, 3 albums, 3 artists"), "\(first.output)")
        #expect(first.output.contains("Ana Córdoba — Field Notes (2022)"), "\(first.output)")

        // Once the music folder holds music, that is what the app shows.
        try fixtures.tone("Mine/own.flac", tags: ["title": "My Own Song", "artist": "Me", "album": "Mine"])
        let second = try Fixtures.run(Fixtures.addmusic, [], environment: environment)
        #expect(second.output.contains("My Own Song"), "\(second.output)")
        #expect(second.output.contains("Your library: 1 song, 1 album, 1 artist"), "\(second.output)")
        #expect(!second.output.contains("Field Notes"), "\(second.output)")
    }

    @Test func onATerminalTheScanDrawsAProgressBar() throws {
        let fixtures = try Fixtures()
        for index in 0..<3 { try fixtures.tone("\(index).flac", frequency: 300 + index * 100) }
        // `script` runs the command on a pseudo-terminal, as a person would.
        let command = "\(Fixtures.addmusic) library scan \(fixtures.music)"
        let result = try Fixtures.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: fixtures.environment())
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("3/3 files"), "\(result.output)")
        #expect(result.output.contains("█"), "\(result.output)")
        #expect(result.output.contains("left"), "\(result.output)")
    }
}
