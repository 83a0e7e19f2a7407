import Foundation
import MediaModel

/// Text from a file made safe to show in the details: bounded in length, then with control characters as visible
/// symbols (`TerminalSafeText`: an escape sequence shows as written, never acts).
public enum DetailText {
    /// The most characters a value shows.
    public static let maximumLength = 2000

    public static func shown(_ text: String) -> String {
        guard text.count > maximumLength else { return TerminalSafeText.make(text) }
        return TerminalSafeText.make(String(text.prefix(maximumLength))) + "…"
    }

    /// `date` in the local time zone, to the minute, in the user's locale.
    public static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }
}
