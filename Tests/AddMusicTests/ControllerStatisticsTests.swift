import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The app controller records the plays its player counts in the library, by song id (B-H1), and the ratings set
/// from the screen (B-H8).
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

    @Test func theSongPlayingIsRatedAtOnceAndTheRatingIsWrittenToTheLibrary() throws {
        let harness = try ControllerHarness(songs: 2, seconds: 30, heard: false)
        let items = harness.items
        try harness.library.setRating(2, of: items[0].id)
        harness.controller.onMainActor { $0.pickerDone(with: items) }
        // Its stars are read once it plays: the two set before, and it can be rated.
        #expect(harness.waitFor { $0.nowPlaying?.rating == 2 && $0.nowPlaying?.canRate == true })
        // Rated from the screen: shown at once (the same turn of the main thread), written on the work queue.
        let shown = harness.controller.onMainActor { controller -> Int? in
            controller.rateNowPlaying(4)
            return controller.state.nowPlaying?.rating
        }
        #expect(shown == 4)
        #expect(Fixtures.waitUntil(seconds: 5) { (try? harness.library.statistics(of: items[0].id)?.rating) == 4 })
        // Songs rated from a list (the picker's rows); 0 clears a rating (kept as rated by the user).
        harness.controller.onMainActor { $0.rate([items[1]], stars: 5) }
        #expect(harness.state.ratingsSet[items[1].id] == 5)
        #expect(Fixtures.waitUntil(seconds: 5) { (try? harness.library.statistics(of: items[1].id)?.rating) == 5 })
        harness.controller.onMainActor { $0.rateNowPlaying(0) }
        #expect(Fixtures.waitUntil(seconds: 5) { (try? harness.library.statistics(of: items[0].id)?.rating) == 0 })
        #expect(try harness.library.songs(in: .topRated).map(\.id) == [items[1].id])
    }
}
