import Foundation
import MediaLibrary
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
        #expect(artists.output == "Artist · 2 songs · 1 albums\n")
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
