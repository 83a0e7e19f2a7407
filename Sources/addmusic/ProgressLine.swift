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
        let left = progress.remaining.map(Self.clock) ?? "–"
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

    /// "1:05" for 65 seconds, "1:01:05" past an hour; any number is shown (NaN as 0:00, the rest clamped into
    /// the range of times AddMusic accepts).
    static func clock(_ seconds: Double) -> String {
        let total = Int(clamping: MediaTime.position(seconds), rounding: .toNearestOrAwayFromZero)
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        // Without String(format:), which costs a tenth of listing 10,000 songs.
        let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
