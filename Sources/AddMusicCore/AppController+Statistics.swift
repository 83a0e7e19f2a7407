import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

extension AppController {
    /// Records a play or a skip the player counted (B-H1, B-H2), where `StatisticsRecorder` keeps them for this
    /// player (the library, or the music daemon's stickers, B-H7), on the work queue, never on the main thread.
    nonisolated func recordStatistics(_ event: MusicPlayerEvent) {
        let recorder = StatisticsRecorder(player: player, library: library)
        let heard = Date()
        work.async { [self] in
            do {
                try recorder.record(event, at: heard)
            } catch {
                log("play statistics: \(error)")
            }
        }
    }
}
