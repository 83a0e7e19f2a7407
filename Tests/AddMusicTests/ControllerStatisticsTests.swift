import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The app controller records the plays its player counts in the library, by song id (B-H1).
@Suite struct ControllerStatisticsTests {
    @Test func songsThePlayerCountsArePlayedInTheLibrary() throws {
        let harness = try ControllerHarness(songs: 2, seconds: 1, heard: false)
        let items = harness.items
        #expect(try harness.library.statistics(of: items[0].id)?.playCount == 0)
        harness.controller.onMainActor { $0.pickerDone(with: items) }  // the first choice plays at once (B-A3)
        let recorded = Fixtures.waitUntil(seconds: 10) {
            (try? harness.library.statistics(of: items[1].id)?.playCount) == 1
        }
        #expect(recorded)
        let first = try #require(try harness.library.statistics(of: items[0].id))
        #expect(first.playCount == 1 && first.skipCount == 0)
        #expect(abs(try #require(first.lastPlayed).timeIntervalSinceNow) < 60)
        #expect(try harness.library.songs(in: .mostPlayed).count == 2)
    }
}
