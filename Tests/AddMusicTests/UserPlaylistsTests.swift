import Foundation
import MediaModel
import Testing

/// The user's own playlists: `.m3u8` files in one folder, each change written atomically, any name safe.
@Suite struct UserPlaylistsTests {
    @Test func userPlaylistEditsAreWrittenAtomically() throws {
        let fixtures = try Fixtures()
        let playlists = UserPlaylists(folder: fixtures.root + "/playlists")
        try playlists.create(
            "Mix", entries: [PlaylistEntry(location: "/m/a.flac"), PlaylistEntry(location: "/m/b.flac")])
        let path = try playlists.path(of: "Mix")
        // A second name for the file as it is now: an edit written in place would change it too.
        let before = fixtures.root + "/before.m3u8"
        #expect(link(path, before) == 0)
        let beforeBytes = try Data(contentsOf: URL(fileURLWithPath: before))

        try playlists.add([PlaylistEntry(location: "/m/c.flac", title: "C", duration: 3)], to: "Mix")
        try playlists.move(3, to: 1, in: "Mix")
        try playlists.remove(positions: [2], from: "Mix")
        #expect(try playlists.read("Mix").entries.map(\.location) == ["/m/c.flac", "/m/b.flac"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: before)) == beforeBytes)  // the old file, whole
        var old = stat()
        var new = stat()
        #expect(stat(before, &old) == 0 && stat(path, &new) == 0)
        #expect(old.st_ino != new.st_ino)  // a new file renamed over the old name
        #expect(new.st_mode & 0o777 == 0o644)
        // No temporary file is left behind, and a failed edit leaves the playlist as it was.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: playlists.folder).sorted() == [".lock", "Mix.m3u8"])
        #expect(throws: PlaylistError.noSuchPosition(7, count: 2)) {
            try playlists.remove(positions: [1, 7], from: "Mix")
        }
        #expect(throws: PlaylistError.noSuchPosition(0, count: 2)) { try playlists.move(0, to: 1, in: "Mix") }
        #expect(try playlists.read("Mix").entries.count == 2)

        try playlists.rename("Mix", to: "Road Trip")
        #expect(playlists.names() == ["Road Trip"])
        try playlists.create("Other")
        #expect(throws: PlaylistError.alreadyExists("Other")) { try playlists.rename("Road Trip", to: "Other") }
        #expect(throws: PlaylistError.alreadyExists("Other")) { try playlists.create("Other") }
        #expect(try playlists.read("Road Trip").entries.count == 2)
        try playlists.delete("Road Trip")
        #expect(throws: PlaylistError.noSuchPlaylist("Road Trip")) { try playlists.delete("Road Trip") }
        #expect(playlists.names() == ["Other"])
    }

    @Test func editsFromTwoWritersAtOnceLoseNoEntry() throws {
        let fixtures = try Fixtures()
        let folder = fixtures.root + "/playlists"
        try UserPlaylists(folder: folder).create("Shared")
        // Two writers, each with its own lock file descriptor (as two processes have).
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            let playlists = UserPlaylists(folder: folder)
            for index in 0..<40 {
                _ = try? playlists.add([PlaylistEntry(location: "/w\(writer)/\(index).flac")], to: "Shared")
            }
        }
        let entries = try UserPlaylists(folder: folder).read("Shared").entries.map(\.location)
        #expect(entries.count == 80)
        #expect(entries.filter { $0.hasPrefix("/w0/") } == (0..<40).map { "/w0/\($0).flac" })
        #expect(entries.filter { $0.hasPrefix("/w1/") } == (0..<40).map { "/w1/\($0).flac" })
    }

    @Test func unsafeNamesBecomeSafeFileNamesAndReadBackTheSame() throws {
        let fixtures = try Fixtures()
        let playlists = UserPlaylists(folder: fixtures.root + "/playlists")
        let names = ["AC/DC", ".hidden", "100% ../../etc/passwd", "nul\u{0}and\u{1B}[31mescape", "..", "Ça va"]
        for name in names { try playlists.create(name) }
        let files = try FileManager.default.contentsOfDirectory(atPath: playlists.folder).filter { $0 != ".lock" }
        #expect(files.count == names.count)
        #expect(
            files.allSatisfy {
                !$0.hasPrefix(".") && !$0.contains("/") && !$0.unicodeScalars.contains { $0.value < 0x20 }
            })
        #expect(files.contains("AC%2FDC.m3u8"))
        #expect(Set(playlists.names()) == Set(names))
        for name in names { #expect(try playlists.read(name).name == name) }
        // A playlist put in the folder by hand, its name holding a bare %, opens by that name.
        try Data("#EXTM3U\n/m/x.flac\n".utf8).write(to: URL(fileURLWithPath: playlists.folder + "/100% Hits.m3u8"))
        #expect(playlists.names().contains("100% Hits"))
        #expect(try playlists.read("100% Hits").entries.map(\.location) == ["/m/x.flac"])
        try playlists.add([PlaylistEntry(location: "/m/y.flac")], to: "100% Hits")
        #expect(try playlists.read("100% Hits").entries.count == 2)
        #expect(throws: PlaylistError.badName(" ")) { try playlists.create(" ") }
        let long = String(repeating: "é", count: 200)
        #expect(throws: PlaylistError.badName(long)) { try playlists.create(long) }
    }

    @Test func importThenExportKeepsEntriesByteForByte() throws {
        let fixtures = try Fixtures()
        let playlists = UserPlaylists(folder: fixtures.root + "/playlists")
        // Entries that mean the same from any folder: kept exactly, #EXTINF text and duplicates included.
        let lines = [
            "#EXTINF:215,Björk - Jóga", "/srv/music/Björk/Homogenic/03 Jóga.flac",
            "#EXTINF:-1 tvg-id=\"x\",Radio “Eins”", "http://radio.example/live?x=1&y=2",
            "file:///srv/music/A%20B/c%C3%A9.mp3",
            "C:\\Users\\me\\Music\\gone.mp3",
            "/srv/music/Björk/Homogenic/03 Jóga.flac",
            "#EXTINF:7,bell\u{7}and\u{1B}[2Jclear", "/srv/music/ctrl\u{1B}name.mp3",
            "  /srv/music/leading spaces.mp3",
        ]
        let source = try fixtures.file(
            "Lists/best.m3u8", bytes: Array(("#EXTM3U\n" + lines.joined(separator: "\n") + "\n").utf8))
        let imported = try playlists.importPlaylist(from: LibraryPath(source))
        #expect(imported.name == "best")
        #expect(imported.entries.count == 7)
        for format in ["m3u8", "m3u", "pls"] {
            let exported = fixtures.root + "/out." + format
            try playlists.export("best", to: exported)
            let again = try Playlist.read(LibraryPath(exported))
            #expect(again.entries.map(\.location) == imported.entries.map(\.location), "\(format)")
            #expect(again.entries.map(\.title) == imported.entries.map(\.title), "\(format)")
            if format != "pls" {
                // The .m3u files hold every entry line and #EXTINF line exactly as the source did.
                let written = try String(contentsOfFile: exported, encoding: .utf8)
                #expect(written == "#EXTM3U\n" + lines.joined(separator: "\n") + "\n", "\(format)")
            }
        }

        // Relative entries are made absolute on import (the playlist moves to another folder); exported with
        // --relative into the folder they came from, they are the same bytes again.
        let song = try fixtures.file("Lists/Sub/song.flac", bytes: [1])
        let relativeLines = ["#EXTINF:1,Song", "Sub/song.flac", "Sub/missing.mp3", "Sub/song.flac"]
        let relative = try fixtures.file(
            "Lists/rel.m3u", bytes: Array((relativeLines.joined(separator: "\r\n") + "\r\n").utf8))
        let rel = try playlists.importPlaylist(from: LibraryPath(relative), as: "rel")
        #expect(rel.entries.first?.location == song)
        try playlists.export("rel", to: fixtures.music + "/Lists/rel-again.m3u", relative: true)
        let back = try String(contentsOfFile: fixtures.music + "/Lists/rel-again.m3u", encoding: .utf8)
        #expect(back == "#EXTM3U\n" + relativeLines.joined(separator: "\n") + "\n")
    }
}
