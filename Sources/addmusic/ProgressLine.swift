import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel

/// Shows a scan's or an analysis's progress on stderr: a redrawn bar on a terminal, a plain line every few seconds otherwise.
struct ProgressLine: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastPlain = Date.distantPast
    private let text = Localizer.app

    mutating func show(_ progress: ScanProgress) {
        show(
            done: progress.done, total: progress.total, rate: progress.rate, remaining: progress.remaining,
            figures: "progress.figures")
    }

    /// Shows `done` of `total` at `rate` a second, `remaining` seconds left (nil: not known yet), in the words of
    /// the string `figures` (done, total, rate, time left).
    mutating func show(done: Int, total: Int, rate: Double, remaining: Double?, figures key: String) {
        guard total > 0 else { return }
        let left = remaining.map(ClockText.of) ?? "–"
        let figures = text.string(key, done, total, Int(clamping: rate, rounding: .toNearestOrAwayFromZero), left)
        if isTerminal {
            let width = 24
            let filled = width * min(done, total) / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[K\(bar) \(figures)".utf8))
        } else if Date().timeIntervalSince(lastPlain) >= 2 || done == total {
            lastPlain = Date()
            FileHandle.standardError.write(Data("\(figures)\n".utf8))
        }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
