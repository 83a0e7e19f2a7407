/// Which line of a song's lyrics is sung at a given time: the last timed line that has started. Plain lyrics have no
/// current line.
public enum LyricsTiming {
    /// The index in `lines` (sorted by time, as `LyricsLine.lines(of:)` gives them) of the line sung `seconds` into
    /// the song: the last whose time is at or before `seconds`; nil before the first line starts, or when the lines
    /// are not timed.
    public static func currentLine(in lines: [LyricsLine], at seconds: Double) -> Int? {
        guard lines.first?.time != nil, seconds.isFinite else { return nil }
        // The first line that starts later; the one before it is sung.
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if let time = lines[middle].time, time <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Whether `lines` are timed (LRC), so that one of them can be followed as the song plays.
    public static func isTimed(_ lines: [LyricsLine]) -> Bool { lines.first?.time != nil }
}
