import MediaModel
import Testing

@testable import MediaLibrary

/// The paths a folder's walk keeps for an open (B-O2): the first ones in path order, whatever order the folder
/// lists them in, in the memory of those alone.
@Suite struct FirstPathsTests {
    @Test func theFirstPathsInPathOrderAreKeptHoldingNoMoreThanTwiceTheirNumber() {
        var random = SeededRandom(seed: 11)
        let all = (0..<20_000).map { LibraryPath("/music/\(100_000 + $0).mp3") }
        var first = FirstPaths(room: 50)
        var mostHeld = 0
        for path in all.shuffled(using: &random) {
            first.add(path)
            mostHeld = max(mostHeld, first.held)
        }
        #expect(first.count == 20_000)
        #expect(first.paths == Array(all.prefix(50)))
        #expect(mostHeld <= 100)
        var none = FirstPaths(room: 0)
        all.forEach { none.add($0) }
        #expect(none.count == 20_000 && none.paths.isEmpty && none.held == 0)
    }

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
}
