import Foundation

/// How many songs a smart playlist holds at most: a number of songs, or as many as fit in a number of minutes.
public enum SmartLimit: Hashable, Sendable, CustomStringConvertible {
    case songs(Int)
    case minutes(Int)

    /// The limit written as `N`, `N songs` or `N minutes` (`N min`, `Nm`); nil when it is none of these.
    public init?(parsing written: String) {
        var text = written.lowercased().trimmingCharacters(in: .whitespaces)
        var minutes = false
        for unit in [" minutes", " minute", " min", "min", "m"] where text.hasSuffix(unit) {
            text.removeLast(unit.count)
            minutes = true
            break
        }
        if !minutes {
            for unit in [" songs", " song"] where text.hasSuffix(unit) {
                text.removeLast(unit.count)
                break
            }
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number > 0, number <= 1_000_000 else {
            return nil
        }
        self = minutes ? .minutes(number) : .songs(number)
    }

    /// The limit as it is written.
    public var description: String {
        switch self {
        case .songs(let count): "\(count) songs"
        case .minutes(let count): "\(count) minutes"
        }
    }

    /// The songs of `durations` (in order, seconds each) the limit keeps: how many from the start.
    func count(of durations: [Double]) -> Int {
        switch self {
        case .songs(let count): return min(count, durations.count)
        case .minutes(let minutes):
            var total = 0.0
            var kept = 0
            for duration in durations {
                total += max(0, duration)
                if total > Double(minutes) * 60 { break }
                kept += 1
            }
            return kept
        }
    }
}
