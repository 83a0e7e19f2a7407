import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel

/// `addmusic library analyze [--progress]`: measures the loudness of every song not measured yet (B-P10), on every
/// processor, and says how many it measured and which it could not.
struct LoudnessCommand {
    let arguments: Arguments
    let text = Localizer.app

    /// Returns 0, or 3 when some songs could not be measured. The main thread runs the main queue meanwhile.
    @MainActor
    func analyze(_ library: MusicLibrary) throws -> Int32 {
        let bar = arguments.flag("progress") ? Locked(ProgressLine()) : nil
        let start = Date()
        let first = Locked<Int?>(nil)
        let analyzer = LoudnessAnalyzer(
            library: library, threads: ProcessInfo.processInfo.activeProcessorCount, priority: .normal)
        let outcome = Locked<Result<LoudnessAnalyzer.Report, any Error>?>(nil)
        let ended = MainFlag()
        analyzer.start(progress: { progress in
            guard let bar else { return }
            let measuredBefore = first.withLock {
                $0 = $0 ?? progress.measured; return $0!
            }
            let measuredNow = progress.measured - measuredBefore
            let elapsed = Date().timeIntervalSince(start)
            let rate = elapsed > 0 ? Double(measuredNow) / elapsed : 0
            bar.withLock {
                $0.show(
                    done: progress.measured, total: progress.total, rate: rate,
                    remaining: measuredNow > 0 && rate > 0 ? Double(progress.remaining) / rate : nil,
                    figures: "analyze.figures")
            }
        }) { result in
            outcome.withLock { $0 = result }
            ended.raise()
        }
        _ = MainQueue.run { ended.isRaised }
        let report = try outcome.withLock { $0 }!.get()
        bar?.withLock { $0.finish() }
        let progress = try library.loudnessProgress()
        print(text.string("analyze.summary", report.measured, report.failed.count, progress.measured, progress.total))
        for failure in report.failed {
            printError(
                text.string(
                    "analyze.failed", TerminalSafeText.make(failure.path.description),
                    TerminalSafeText.make(failure.reason)))
        }
        return report.failed.isEmpty ? 0 : 3
    }
}
