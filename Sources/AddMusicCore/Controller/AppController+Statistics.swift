import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

extension AppController {
    /// Records a play or a skip the player counted (B-H1, B-H2), where `StatisticsRecorder` keeps them for this
    /// player (the library, or the music daemon's stickers, B-H7), on the work queue, never on the main thread.
    /// `counter` is the player that counted it (the one playing, unless the music moved away from it since).
    nonisolated func recordStatistics(_ event: MusicPlayerEvent, countedBy counter: MusicPlayerController? = nil) {
        let recorder = StatisticsRecorder(player: counter ?? player, library: library)
        let heard = Date()
        work.async { [self] in
            do {
                try recorder.record(event, at: heard)
            } catch {
                log("play statistics: \(error)")
            }
            // A play counted is a listen (B-H11), for either player.
            if case .playCounted(let item) = event { scrobbler.listen(item, countedAt: heard) }
        }
    }
}
