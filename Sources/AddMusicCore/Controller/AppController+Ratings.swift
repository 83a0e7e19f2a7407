import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// Ratings from the screen (B-H4, B-H8): the playing song's stars are read when it starts, and a rating the user
/// sets is shown at once and written where the player keeps its statistics (`StatisticsRecorder`), on the work
/// queue.
extension AppController {
    /// Rates the song playing `stars` (0–5, clamped; 0 clears the rating). Does nothing while none plays or it
    /// cannot be rated. Returns at once.
    public func rateNowPlaying(_ stars: Int) {
        guard let item = artworkItem, current.nowPlaying?.canRate == true else { return }
        rate([item], stars: stars)
    }

    /// Rates `items` `stars` each (0–5, clamped; 0 clears the rating): shown at once (`MainScreenState.ratingsSet`,
    /// and the playing song's stars), then written on the work queue. A rating that cannot be written is said in a
    /// passing message, and the playing song's stars are read again. Returns at once.
    public func rate(_ items: [MediaItem], stars: Int) {
        let stars = min(5, max(0, stars))
        let items = items.filter { $0.streamURL == nil }
        guard !items.isEmpty else { return }
        for item in items { current.ratingsSet[item.id] = stars }
        if let playing = artworkItem, items.contains(where: { $0.id == playing.id }) {
            current.nowPlaying?.rating = stars
        }
        publish()
        let recorder = StatisticsRecorder(player: player, library: library)
        work.async { [self] in
            var failure: String?
            for item in items {
                do {
                    try recorder.setRating(stars, of: item)
                } catch {
                    log("rating: \(error)")
                    failure = FailureText.describe(error, text: text)
                }
            }
            guard let failure else { return }
            onMain {
                self.post(self.text.string("rating.failed", failure))
                for item in items { self.current.ratingsSet[item.id] = nil }
                if let playing = self.artworkItem { self.readRating(of: playing) }
                self.publish()
            }
        }
    }

    /// Reads `item`'s stars and whether it can be rated, on the work queue, and shows them if it still plays.
    func readRating(of item: MediaItem) {
        let recorder = StatisticsRecorder(player: player, library: library)
        work.async { [self] in
            let statistics = try? recorder.statistics(of: item)
            let canRate = recorder.canRate(item, statistics: statistics)
            onMain {
                guard self.artworkItem == item else { return }
                let rating = self.current.ratingsSet[item.id] ?? statistics?.rating
                self.current.nowPlaying?.rating = rating
                self.current.nowPlaying?.canRate = canRate
                self.publish()
            }
        }
    }
}
