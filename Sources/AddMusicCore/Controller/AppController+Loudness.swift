// Threads: the analyzer's own thread measures; what it finds, and its end, come to the main thread through `onMain`.
import Foundation
import MediaLibrary
import MediaModel

/// The loudness analysis in the background (B-P10): while the window is open, from the first song the application
/// player plays or the first change of the library on, the songs not measured yet are measured on one thread at the scheduler's idle class, through a connection of its own to the index (so no read
/// of the window's ever waits behind it), and the screen shows how far it is.
extension AppController {
    /// Measures the songs not measured yet, unless that runs already (then once more after it, for what changed
    /// meanwhile). Returns at once.
    public func analyzeLoudness() {
        guard let library, !library.isReadOnly else { return }
        loudnessStarted = true
        guard loudnessAnalyzer == nil else {
            analyzeAgain = true
            return
        }
        let analyzer: LoudnessAnalyzer
        do {
            analyzer = LoudnessAnalyzer(
                library: try MusicLibrary(databasePath: library.databasePath), threads: 1, priority: .idle)
        } catch {
            log("loudness analysis: \(error)")
            return
        }
        loudnessAnalyzer = analyzer
        let shown = Locked(Date.distantPast)
        analyzer.start(
            progress: { [self] progress in
                // A few times a second at most; the last song always.
                let now = Date()
                let due = shown.withLock { last in
                    guard now.timeIntervalSince(last) >= 0.5 || progress.remaining == 0 else { return false }
                    last = now
                    return true
                }
                if due { onMain { [self] in showLoudness(progress) } }
            },
            finished: { [self] result in
                if case .failure(let error) = result { log("loudness analysis: \(error)") }
                onMain { [self] in
                    loudnessAnalyzer = nil
                    if analyzeAgain {
                        analyzeAgain = false
                        analyzeLoudness()
                    }
                }
            })
    }

    private func showLoudness(_ progress: MusicLibrary.LoudnessProgress) {
        current.loudnessStatus =
            progress.total == 0
            ? nil : text.string("prefs.loudness.status", progress.measured, progress.total)
        publish()
    }
}
