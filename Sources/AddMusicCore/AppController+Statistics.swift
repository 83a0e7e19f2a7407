import Foundation
import MediaLibrary
import MediaModel

extension AppController {
    /// Records a play (or a skip) of `item` that the player counted (B-H1, B-H2) in the library, on the work queue,
    /// never on the main thread. With no library, or one opened read-only, nothing is recorded.
    nonisolated func recordStatistics(of item: MediaItem, played: Bool) {
        guard let library, !library.isReadOnly else { return }
        let heard = Date()
        work.async { [self] in
            do {
                if played {
                    try library.recordPlay(of: item.id, at: heard)
                } else {
                    try library.recordSkip(of: item.id)
                }
            } catch {
                log("play statistics of \(item.path): \(error)")
            }
        }
    }
}
