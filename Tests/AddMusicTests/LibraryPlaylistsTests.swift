import Foundation
import MediaLibrary
import MediaModel
import Testing

/// Playlist files in the music folders are playlists of the library: found by a walk, their entries resolved to the
/// library's songs by path, nothing dropped.
@Suite struct LibraryPlaylistsTests {
    @Test func missingEntriesAreKeptAndMarked() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Artist/Album/1.flac", tags: ["title": "One", "artist": "Artist"])
        try fixtures.tone("Artist/Album/2.flac", frequency: 550, tags: ["title": "Two", "artist": "Artist"])
        let outside = fixtures.root + "/outside.flac"
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "sine=duration=0.5", outside])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let lines = [
            "#EXTINF:1,Artist - One", "Artist/Album/1.flac", "Artist/Album/gone.flac", outside,
            "Artist\\Album\\2.flac", "http://radio.example/live", "Artist/Album/1.flac", "mix.m3u8",
        ]
        let path = try fixtures.file("mix.m3u8", bytes: Array(lines.joined(separator: "\r\n").utf8))
        let playlist = try Playlist.read(LibraryPath(path))
        let items = try library.items(of: playlist, folder: LibraryPath(fixtures.music))
        #expect(items.count == 7)
        guard items.count == 7 else { return }
        #expect(
            items.map { if case .song(let song) = $0.target { song.title } else { nil } } == [
                "One", nil, nil, "Two", nil, "One", nil,
            ])
        #expect(items[1].isMissing)
        #expect(items[1].target == .missing(LibraryPath(fixtures.music + "/Artist/Album/gone.flac")))
        #expect(items[2].target == .file(LibraryPath(outside)))  // outside the music folders: kept
        #expect(items[4].target == .stream("http://radio.example/live"))
        // The playlist names itself: kept as an entry, never opened.
        #expect(items[6].target == .playlist(LibraryPath(path)))
        #expect(items.filter(\.isMissing).count == 1)
        #expect(try library.missingCount(of: playlist, folder: LibraryPath(fixtures.music)) == 1)
    }

    @Test func playlistsInTheMusicFoldersAreFoundByTheWalk() throws {
        let fixtures = try Fixtures()
        try fixtures.file("a.m3u", bytes: Array("Deep/Er/b.pls\n".utf8))
        try fixtures.file("Deep/Er/b.pls", bytes: Array("[playlist]\nFile1=../../a.m3u\n".utf8))
        try fixtures.file("Deep/C.M3U8", bytes: [])
        try fixtures.file(".hidden/d.m3u", bytes: [])
        try fixtures.file("Deep/notes.txt", bytes: [])
        // A symbolic link back up the tree is walked once.
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.music + "/Deep/loop", withDestinationPath: fixtures.music)
        let library = try fixtures.library()
        let found = library.playlists(in: fixtures.roots)
        #expect(found.map(\.relativePath) == ["a.m3u", "Deep/Er/b.pls", "Deep/C.M3U8"])
        #expect(found.map(\.name) == ["a", "b", "C"])
        // Two playlists that name each other: each lists the other as an entry, neither is expanded.
        let a = try library.items(of: try Playlist.read(found[0].path), folder: found[0].path.parent)
        let b = try library.items(of: try Playlist.read(found[1].path), folder: found[1].path.parent)
        #expect(a.map(\.target) == [.playlist(found[1].path)])
        #expect(b.map(\.target) == [.playlist(found[0].path)])
    }
}
