import Foundation
import MediaModel
import Testing

/// `addmusic library playlists|playlist` and `addmusic playlist …` on the command line, and `play --playlist`.
@Suite struct PlaylistCommandTests {
    @Test func libraryPlaylistsListEntriesWithMissingOnesMarkedAsTextAndJSON() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("A/1.flac", tags: ["title": "Uno", "artist": "Artista"])
        let lines = ["A/1.flac", "A/gone.flac", "A/1.flac", "bad\u{1B}[31mname.mp3", "http://radio.example/x"]
        try fixtures.file(
            "Lists/Mix.m3u",
            bytes: Array(lines.map { $0.hasPrefix("A/") ? "../" + $0 : $0 }.joined(separator: "\n").utf8))
        try fixtures.file("Junk/junk.pls", bytes: [0x5B, 0x00, 0xFF, 0x1B])  // binary: listed with the reason
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let list = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlists", "--music-dir", fixtures.music], environment: environment)
        #expect(list.status == 0, "\(list.errorOutput)")
        #expect(
            list.output
                == "junk · \(fixtures.music)/Junk/junk.pls holds binary data, not a playlist. · Junk/junk.pls\n"
                + "Mix · 5 entries · 2 missing · Lists/Mix.m3u\n"
                + "Recently Added · 1 entry · smart playlist\nRecently Played · 0 entries · smart playlist\n"
                + "Most Played · 0 entries · smart playlist\nTop Rated · 0 entries · smart playlist\n"
                + "Never Played · 1 entry · smart playlist\n", "\(list.output)")
        let junk = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlist", "junk", "--music-dir", fixtures.music], environment: environment)
        #expect(junk.status == 1)
        #expect(junk.errorOutput == "\(fixtures.music)/Junk/junk.pls holds binary data, not a playlist.\n")
        let show = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlist", "Mix", "--music-dir", fixtures.music], environment: environment)
        #expect(
            show.output
                == "1. Artista — Uno (0:01)\n2. missing: ../A/gone.flac\n3. Artista — Uno (0:01)\n"
                + "4. missing: bad␛[31mname.mp3\n5. stream: http://radio.example/x\n", "\(show.output)")
        #expect(!show.output.contains("\u{1B}"))  // a control character is shown, never sent to the terminal
        let json = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlist", "Mix", "--json", "--music-dir", fixtures.music],
            environment: environment)
        #expect(!json.output.contains("\u{1B}"))
        let entries = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(entries?.map { $0["status"] as? String } == ["song", "missing", "song", "missing", "stream"])
        #expect(entries?[3]["location"] as? String == "bad\u{1B}[31mname.mp3")
        let german = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlist", "Nothing", "--music-dir", fixtures.music],
            environment: fixtures.environment(language: "de_DE.UTF-8"))
        #expect(german.status == 2)
        #expect(german.errorOutput.contains("Es gibt keine Playlist namens „Nothing“"), "\(german.errorOutput)")
    }

    @Test func playlistCommandsEditTheUsersPlaylistsAndPlayThem() throws {
        let fixtures = try Fixtures()
        for (index, title) in ["Uno", "Dos", "Tres"].enumerated() {
            try fixtures.tone(
                "Album/\(index + 1).flac", frequency: 300 + index * 100, seconds: 0.3,
                tags: ["title": title, "artist": "Artista", "album": "Números"])
        }
        let environment = fixtures.environment()
        let run = { (arguments: [String]) in try Fixtures.run(Fixtures.addmusic, arguments, environment: environment) }
        _ = try run(["library", "scan", fixtures.music])
        let create = try run(["playlist", "create", "AC/DC", fixtures.music + "/Album/1.flac"])
        #expect(create.status == 0, "\(create.errorOutput)")
        #expect(create.output == "Made the playlist “AC/DC”.\n")
        #expect(
            try run(["playlist", "add", "AC/DC", "--search", "dos"]).output == "Added 1 to “AC/DC”; it now holds 2.\n")
        _ = try run(["playlist", "add", "AC/DC", fixtures.music + "/Album/3.flac", fixtures.music + "/Album/gone.flac"])
        #expect(try run(["playlist", "move", "AC/DC", "3", "1"]).status == 0)
        let file = fixtures.root + "/data-home/addmusic/playlists/AC%2FDC.m3u8"
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            written.hasPrefix("#EXTM3U\n#EXTINF:0,Artista - Tres\n" + fixtures.music + "/Album/3.flac\n"), "\(written)")
        let show = try run(["library", "playlist", "AC/DC"])
        #expect(show.output.hasSuffix("4. missing: \(fixtures.music)/Album/gone.flac\n"), "\(show.output)")

        // Played in order; the missing file is skipped with a message.
        let play = try run(["play", "--playlist", "AC/DC", "--output", "null:fast"])
        #expect(play.status == 0, "\(play.errorOutput)")
        #expect(play.output == "Tres — Artista\nUno — Artista\nDos — Artista\n", "\(play.output)")
        #expect(play.errorOutput.contains("gone.flac"), "\(play.errorOutput)")
        // The queue the player kept is saved as a playlist (the library's songs of it).
        let saved = try run(["playlist", "save-queue", "Queue"])
        #expect(saved.output == "Saved the queue (3 songs) as “Queue”.\n", "\(saved.output) \(saved.errorOutput)")
        #expect(try run(["library", "playlist", "Queue"]).output.hasPrefix("1. Artista — Tres (0:00)\n"))
        #expect(try run(["playlist", "delete", "Queue"]).output == "Deleted the playlist “Queue”.\n")

        #expect(try run(["playlist", "remove", "AC/DC", "4"]).output == "Removed 1 from “AC/DC”; it now holds 3.\n")
        let bad = try run(["playlist", "remove", "AC/DC", "9"])
        #expect(bad.status == 1)
        #expect(bad.errorOutput == "There is no entry 9: the playlist has 3.\n")
        let exported = fixtures.root + "/out.pls"
        #expect(try run(["playlist", "export", "AC/DC", exported]).status == 0)
        #expect(
            try String(contentsOfFile: exported, encoding: .utf8).contains("File1=\(fixtures.music)/Album/3.flac\n"))
        let imported = try run(["playlist", "import", exported, "--name", "Back"])
        #expect(imported.output == "Imported \(exported) as “Back” with 3 entries.\n", "\(imported.output)")
        #expect(
            try run(["playlist", "rename", "Back", "AC/DC"]).errorOutput == "A playlist named “AC/DC” exists already.\n"
        )
        #expect(try run(["playlist", "delete", "Back"]).status == 0)
        let listed = try run(["library", "playlists", "--music-dir", fixtures.music])
        // The smart playlists follow (B-H5): the three songs played above count as played.
        #expect(
            listed.output
                == "AC/DC · 3 entries · your playlist\nRecently Added · 3 entries · smart playlist\n"
                + "Recently Played · 3 entries · smart playlist\nMost Played · 3 entries · smart playlist\n"
                + "Top Rated · 0 entries · smart playlist\nNever Played · 0 entries · smart playlist\n",
            "\(listed.output)")

        // A name with an escape sequence is shown as text, never sent to the terminal.
        let escape = try run(["playlist", "create", "red\u{1B}[31mname"])
        #expect(escape.output == "Made the playlist “red␛[31mname”.\n", "\(escape.output)")
        let listedEscape = try run(["library", "playlists", "--music-dir", fixtures.music])
        #expect(listedEscape.output.contains("red␛[31mname · 0 entries · your playlist\n"), "\(listedEscape.output)")
        #expect(!listedEscape.output.contains("\u{1B}"))
        let help = try run(["--help"])
        #expect(help.output.contains("playlist import FILE [--name NAME]"))
        let noAction = try run(["playlist"])
        #expect(noAction.status == 2)
        #expect(noAction.errorOutput.hasPrefix("What should be done with a playlist? Give one of: create, add,"))
        let missingName = try run(["playlist", "create"])
        #expect(missingName.status == 2)
        #expect(missingName.errorOutput.contains("Which playlist? Give its name after “playlist create”."))
    }
}
