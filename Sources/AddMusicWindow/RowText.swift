import MediaLibrary
import MediaModel

/// Tag text as the window shows it: control characters (an escape sequence in a tag) as visible symbols, never
/// interpreted; GTK shows the rest as written (no markup).
enum RowText {
    /// "Title — Artist".
    static func song(_ item: MediaItem) -> String {
        shown([item.title, item.artist].compactMap { $0 }.joined(separator: " — "))
    }

    /// `text` with its control characters made visible.
    static func shown(_ text: String) -> String { TerminalSafeText.make(text) }
}
