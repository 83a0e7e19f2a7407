import CGtk

/// A titled group of rows in a preferences window.
public final class PreferencesGroup: Widget {
    private var rows: [Widget] = []

    /// A group titled `title` (with `description` under it, if any).
    public init(title: String, description: String? = nil) {
        super.init(taking: adw_preferences_group_new())
        adw_preferences_group_set_title(addmusic_adw_preferences_group(object), title)
        if let description {
            adw_preferences_group_set_description(addmusic_adw_preferences_group(object), description)
        }
    }

    /// Adds `row` at the end.
    public func add(_ row: Widget) {
        rows.append(row)
        adw_preferences_group_add(addmusic_adw_preferences_group(object), row.pointer)
    }

    /// Takes `row` out.
    public func remove(_ row: Widget) {
        guard let index = rows.firstIndex(where: { $0 === row }) else { return }
        adw_preferences_group_remove(addmusic_adw_preferences_group(object), row.pointer)
        rows.remove(at: index)
    }

    /// Puts `widget` at the group's header, after its title (a button that adds rows).
    public func setHeaderSuffix(_ widget: Widget) {
        rows.append(widget)
        adw_preferences_group_set_header_suffix(addmusic_adw_preferences_group(object), widget.pointer)
    }
}
