import CGtk
import Foundation

/// A search field that reports its text after typing pauses (GTK's own short delay), so typing never waits for
/// the search.
public final class SearchEntry: Widget {
    public init(placeholder: String) {
        super.init(taking: gtk_search_entry_new())
        gtk_widget_set_hexpand(pointer, 1)
        setAccessibleLabel(placeholder)
    }

    /// The text typed.
    public var text: String { String(cString: gtk_editable_get_text(addmusic_gtk_editable(object))) }

    /// Calls `action` when the text has changed and typing paused.
    public func onChange(_ action: @escaping () -> Void) { Signal.connect(object, "search-changed", action) }
}
