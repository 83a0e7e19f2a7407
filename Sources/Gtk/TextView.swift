import CGtk

/// A field of several lines of text (lyrics), wrapping at words, in a scrolling view of a given height.
public final class TextView: Widget {
    private let view: UnsafeMutablePointer<GtkWidget>

    /// A field reading `text`, named `accessibleLabel`, `height` points tall.
    public init(text: String, accessibleLabel: String, height: Int32) {
        view = gtk_text_view_new()
        let scrolled = gtk_scrolled_window_new()!
        super.init(taking: scrolled)
        g_object_ref_sink(view)
        gtk_text_view_set_wrap_mode(addmusic_gtk_text_view(view), GTK_WRAP_WORD_CHAR)
        gtk_scrolled_window_set_child(addmusic_gtk_scrolled_window(object), view)
        gtk_scrolled_window_set_policy(addmusic_gtk_scrolled_window(object), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scrolled, -1, height)
        addmusic_set_accessible_label(view, accessibleLabel)
        self.text = text
    }

    deinit { g_object_unref(view) }

    /// The text typed.
    public var text: String {
        get {
            let buffer = gtk_text_view_get_buffer(addmusic_gtk_text_view(view))
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set {
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(addmusic_gtk_text_view(view)), newValue, -1)
        }
    }
}
