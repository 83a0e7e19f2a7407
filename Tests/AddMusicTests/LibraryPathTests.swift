import MediaModel
import Testing

/// A path's bytes: their order, and the extension read from them.
@Suite struct LibraryPathTests {
    /// Paths are in the order of their bytes, as SQLite orders the index's: a byte over 0x7F after every ASCII one,
    /// a path before the longer ones it begins.
    @Test func pathsAreInTheOrderOfTheirBytes() {
        let paths = [
            [0x61, 0x80], [0x61], [], [0x61, 0x00], [0x62], [0x61, 0x7F], [0xC3, 0xA9], [0x61, 0x80, 0x01],
        ]
        .map { LibraryPath(bytes: $0) }
        #expect(
            paths.sorted().map(\.bytes) == [
                [], [0x61], [0x61, 0x00], [0x61, 0x7F], [0x61, 0x80], [0x61, 0x80, 0x01], [0x62], [0xC3, 0xA9],
            ])
        #expect(!(LibraryPath(bytes: [0x61]) < LibraryPath(bytes: [0x61])))
    }

    /// The extension is the last component's, after its last dot, lowercased; a name that starts with its only dot,
    /// or a dot in a folder's name, gives none.
    @Test func theExtensionIsTheLastComponentsAfterItsLastDot() {
        let cases: [(String, String)] = [
            ("/music/a/b.FLAC", "flac"), ("/music/a.d/b", ""), ("/music/a/.hidden", ""), ("/music/a/b.", ""),
            ("c.m3u8", "m3u8"), (".x", ""), ("/", ""), ("/music/a/b.tar.GZ", "gz"), ("/music/É.Ogg", "ogg"),
        ]
        for (path, wanted) in cases {
            #expect(LibraryPath(path).pathExtension == wanted, "\(path)")
        }
    }
}
