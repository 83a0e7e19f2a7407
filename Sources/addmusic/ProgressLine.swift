import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel

/// Shows a scan's progress on stderr: a redrawn bar on a terminal, a plain line every few seconds otherwise.
final class ProgressLine {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastPlain = Date.distantPast
    private let text = Localizer.app

    func show(_ progress: ScanProgress) {
        guard progress.total > 0 else { return }
        let left = progress.remaining.map(ClockText.of) ?? "–"
        let figures = text.string(
            "progress.figures", progress.done, progress.total,
            Int(clamping: progress.rate, rounding: .toNearestOrAwayFromZero), left)
        if isTerminal {
            let width = 24
            let filled = progress.total > 0 ? width * progress.done / progress.total : 0
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[K\(bar) \(figures)".utf8))
        } else if Date().timeIntervalSince(lastPlain) >= 2 || progress.done == progress.total {
            lastPlain = Date()
            FileHandle.standardError.write(Data("\(figures)\n".utf8))
        }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
