import Foundation
import MediaLibrary
import MediaModel
import Testing

/// B-A8: the music folders as folders: each folder's songs counted at every depth from one read of the index, a
/// folder's own songs by disc, track and file name, and every song under a folder.
@Suite struct LibraryFoldersTests {
    @Test func foldersAreCountedAtEveryDepthAndTheirSongsComeInDiscTrackAndNameOrder() throws {
        let fixtures = try Fixtures()
        let songs = [
            ("Rock/B/2.flac", "2", "1"), ("Rock/B/1.flac", "1", "1"), ("Rock/B/3.flac", "1", "2"),
            ("Rock/A/x.flac", "", ""), ("Rock/A/Live/y.flac", "", ""), ("Jazz/z.flac", "", ""), ("top.flac", "", ""),
        ]
        for (index, (file, track, disc)) in songs.enumerated() {
            var tags = ["title": "T\(index)"]
            if !track.isEmpty { tags["track"] = track }
            if !disc.isEmpty { tags["disc"] = disc }
            try fixtures.tone(file, frequency: 300 + 20 * index, seconds: 0.2, tags: tags)
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let root = LibraryPath(fixtures.music)
        let tree = try library.folderTree(roots: [root])
        #expect(tree.top == [LibraryFolder(path: root, name: fixtures.music, songCount: 7)])
        #expect(tree.subfolders(of: root).map { "\($0.name):\($0.songCount)" } == ["Jazz:1", "Rock:5"])
        let rock = root.appending("Rock")
        #expect(tree.subfolders(of: rock).map { "\($0.name):\($0.songCount)" } == ["A:2", "B:3"])
        #expect(tree.subfolders(of: rock.appending("A")).map(\.name) == ["Live"])
        // Disc 1 tracks 1 and 2, then disc 2 track 1.
        #expect(
            try library.songs(inFolder: rock.appending("B")).map(\.path.lastComponent.description) == [
                "1.flac", "2.flac", "3.flac",
            ])
        #expect(try library.songs(inFolder: root).map(\.title) == ["T6"])
        // Everything under Rock: its folders in byte order (A, A/Live, B), each in its own order.
        #expect(try library.songs(under: rock).map(\.title) == ["T3", "T4", "T1", "T0", "T2"])
        // A folder whose name only starts like another's is not under it.
        try fixtures.tone("Rockabilly/w.flac", seconds: 0.2, tags: ["title": "W"])
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.songs(under: rock).count == 5)
        #expect(
            try library.folderTree(roots: [root]).subfolders(of: root).map(\.name) == ["Jazz", "Rock", "Rockabilly"])
    }
}
