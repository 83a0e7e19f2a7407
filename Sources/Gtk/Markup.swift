import CGtk

/// Pango and notification markup.
public enum Markup {
    /// `text` with the characters markup gives a meaning to (`& < > ' "`) written as entities, shown as they are
    /// (`g_markup_escape_text`).
    public static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
