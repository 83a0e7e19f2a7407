import CGtk

/// A row with a title, an optional subtitle, and controls at its end.
public final class ActionRow: Widget {
    private var suffixes: [Widget] = []

    public init(title: String, subtitle: String? = nil) {
        super.init(taking: adw_action_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), Self.escape(title))
        if let subtitle {
            self.subtitle = subtitle
            adw_action_row_set_subtitle(addmusic_adw_action_row(object), Self.escape(subtitle))
        }
    }

    /// The line under the title.
    public var subtitle: String = "" {
        didSet {
            guard subtitle != oldValue else { return }
            adw_action_row_set_subtitle(addmusic_adw_action_row(object), Self.escape(subtitle))
        }
    }

    /// Puts `widget` at the row's end.
    public func addSuffix(_ widget: Widget) {
        suffixes.append(widget)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), widget.pointer)
    }

    /// Row titles are markup in libadwaita 1.2: text goes in escaped (a folder named "Rock & Roll").
    static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
