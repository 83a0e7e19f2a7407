/// One line of a song's lyrics: its text, and for timed lyrics (LRC `[mm:ss.xx]`) when it is sung.
public struct LyricsLine: Hashable, Sendable {
    /// Seconds from the start of the song, for a timed line.
    public var time: Double?
    /// The words.
    public var text: String

    /// A line of `text` at `time`.
    public init(time: Double?, text: String) {
        self.time = time
        self.text = text
    }

    /// The lines of `lyrics`, plain or in the LRC form.
    ///
    /// A line led by one or more time stamps (`[mm:ss]`, `[mm:ss.xx]`, `[mm:ss:xx]`) gives a timed line per stamp;
    /// LRC's header lines (`[ar:…]`, `[ti:…]`, `[offset:…]`: letters, a colon) are left out. When any line is timed,
    /// the timed lines come sorted by time and plain lines are dropped; otherwise every line is kept as it is, without
    /// time.
    public static func lines(of lyrics: String) -> [LyricsLine] {
        var timed: [LyricsLine] = []
        var plain: [LyricsLine] = []
        for rawLine in lyrics.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var rest = Substring(rawLine)
            var stamps: [Double] = []
            var isHeader = false
            while rest.first == "[", let close = rest.firstIndex(of: "]") {
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let seconds = time(inside) {
                    stamps.append(seconds)
                } else if stamps.isEmpty, let colon = inside.firstIndex(of: ":"), colon > inside.startIndex,
                    inside[..<colon].allSatisfy({ $0.isASCII && $0.isLetter })
                {
                    isHeader = true
                    break
                } else {
                    break
                }
                rest = rest[rest.index(after: close)...]
            }
            if isHeader { continue }
            let text = String(rest).trimmingWhitespace()
            if stamps.isEmpty {
                plain.append(LyricsLine(time: nil, text: text))
            } else {
                timed += stamps.map { LyricsLine(time: $0, text: text) }
            }
        }
        if !timed.isEmpty {
            return timed.enumerated().sorted { ($0.element.time!, $0.offset) < ($1.element.time!, $1.offset) }
                .map(\.element)
        }
        while plain.last?.text.isEmpty == true { plain.removeLast() }
        return plain
    }

    /// "01:02.50" → 62.5; nil unless minutes and seconds are numbers and the seconds under 60.
    private static func time(_ stamp: Substring) -> Double? {
        let parts = stamp.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let minutes = Int(parts[0]), minutes >= 0, minutes < 100_000
        else {
            return nil
        }
        var secondsText = String(parts[1])
        if parts.count == 3 { secondsText += "." + parts[2] }
        guard secondsText.first?.isASCII == true, secondsText.first?.isNumber == true,
            let seconds = Double(secondsText), seconds >= 0, seconds < 60
        else {
            return nil
        }
        return Double(minutes) * 60 + seconds
    }
}

extension String {
    /// The string without leading and trailing white space.
    fileprivate func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
