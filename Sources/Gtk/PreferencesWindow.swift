import CGtk

/// libadwaita's preferences window: one page of titled groups of rows; changes apply as they are made.
public final class PreferencesWindow: Widget {
    private let page: Widget
    private var groups: [PreferencesGroup] = []

    /// A preferences window above `parent`, titled `title`.
    public init(parent: Widget, title: String) {
        page = Widget(taking: adw_preferences_page_new())
        super.init(taking: adw_preferences_window_new())
        gtk_window_set_transient_for(addmusic_gtk_window(object), addmusic_gtk_window(parent.object))
        gtk_window_set_modal(addmusic_gtk_window(object), 1)
        gtk_window_set_title(addmusic_gtk_window(object), title)
        adw_preferences_window_set_search_enabled(addmusic_adw_preferences_window(object), 0)
        adw_preferences_window_add(
            addmusic_adw_preferences_window(object), addmusic_adw_preferences_page(page.object))
    }

    /// Adds `group` below the others.
    public func add(_ group: PreferencesGroup) {
        groups.append(group)
        adw_preferences_page_add(
            addmusic_adw_preferences_page(page.object), addmusic_adw_preferences_group(group.object))
    }

    public func present() { gtk_window_present(addmusic_gtk_window(object)) }
}
