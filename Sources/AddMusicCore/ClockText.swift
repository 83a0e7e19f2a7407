import MediaModel

/// A time as a clock shows it, for the window's progress line and the terminal's status and listings.
public enum ClockText {
    /// "1:05" for 65 seconds, "1:01:05" past an hour; any number is shown (NaN as 0:00, the rest clamped into
    /// the range of times AddMusic accepts).
    public static func of(_ seconds: Double) -> String {
        let total = Int(clamping: MediaTime.position(seconds), rounding: .toNearestOrAwayFromZero)
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        // Without String(format:), which costs a tenth of listing 10,000 songs.
        let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }
}
