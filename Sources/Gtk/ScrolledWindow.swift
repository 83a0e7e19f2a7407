import CGtk

/// A vertically scrolling view of one child, which can bring a part of that child into view.
public final class ScrolledWindow: Widget {
    /// What it shows; setting it replaces what it showed, scrolled back to the top.
    public var child: Widget {
        didSet { gtk_scrolled_window_set_child(addmusic_gtk_scrolled_window(object), child.pointer) }
    }

    /// A view of `child`, scrolled vertically when it is taller than the view (never horizontally).
    public init(child: Widget) {
        self.child = child
        let scrolled = gtk_scrolled_window_new()!
        super.init(taking: scrolled)
        gtk_scrolled_window_set_child(addmusic_gtk_scrolled_window(object), child.pointer)
        gtk_scrolled_window_set_policy(addmusic_gtk_scrolled_window(object), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// Scrolls so that `widget` (inside the child) sits in the middle of the view, as near as the child's ends
    /// allow; false when it has no place yet (the view is not laid out), so that the caller may try again later.
    @discardableResult
    public func center(_ widget: Widget) -> Bool {
        var x = 0.0
        var y = 0.0
        guard gtk_widget_translate_coordinates(widget.pointer, child.pointer, 0, 0, &x, &y) != 0,
            let adjustment = gtk_scrolled_window_get_vadjustment(addmusic_gtk_scrolled_window(object))
        else {
            return false
        }
        let page = gtk_adjustment_get_page_size(adjustment)
        guard page > 0 else { return false }
        let height = Double(gtk_widget_get_height(widget.pointer))
        let upper = gtk_adjustment_get_upper(adjustment)
        let target = min(max(y + height / 2 - page / 2, 0), max(upper - page, 0))
        gtk_adjustment_set_value(adjustment, target)
        return true
    }
}
