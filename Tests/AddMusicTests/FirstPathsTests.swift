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
}
