import MediaLibrary
import MediaModel

/// Tag text as the window shows it: control characters (an escape sequence in a tag) as visible symbols, never
/// interpreted; GTK shows the rest as written (no markup).
enum RowText {
    /// "Title — Artist".
    static func song(_ item: MediaItem) -> String {
        shown([item.title, item.artist].compactMap { $0 }.joined(separator: " — "))
    }

    /// "Title — Artist", then its stars when it is rated ("Title — Artist   ★★★☆☆"; nil or 0: none shown).
    static func song(_ item: MediaItem, stars: Int?) -> String {
        guard let stars, stars > 0 else { return song(item) }
        let clamped = min(5, stars)
        return song(item) + "   " + String(repeating: "★", count: clamped) + String(repeating: "☆", count: 5 - clamped)
    }

    /// `text` with its control characters made visible.
    static func shown(_ text: String) -> String { TerminalSafeText.make(text) }
}
