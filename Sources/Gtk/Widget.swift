import CGtk

/// A GTK widget owned from Swift: the reference is taken (a new widget's floating reference sunk) in `init` and
/// released in `deinit`, once. All members must be used on the main thread, where GTK runs.
open class Widget {
    /// The widget, for calls into GTK.
    public let pointer: UnsafeMutablePointer<GtkWidget>

    /// Takes ownership of `widget`, as returned by a `gtk_…_new` function.
    public init(taking widget: UnsafeMutablePointer<GtkWidget>) {
        pointer = widget
        g_object_ref_sink(widget)
    }

    deinit { g_object_unref(pointer) }

    /// The widget as an untyped GObject pointer (for casts and signals).
    public var object: gpointer { UnsafeMutableRawPointer(pointer) }

    /// Whether it takes input (buttons look disabled when not).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(pointer) != 0 }
        set { gtk_widget_set_sensitive(pointer, newValue ? 1 : 0) }
    }

    /// The name assistive technologies read (buttons and labels have their text already).
    public func setAccessibleLabel(_ label: String) { addmusic_set_accessible_label(object, label) }

    /// The width the widget asks for at least, in points.
    public func setWidth(_ points: Int32) { gtk_widget_set_size_request(pointer, points, -1) }

    /// The text shown when the pointer rests on the widget.
    public func setTooltip(_ text: String) { gtk_widget_set_tooltip_text(pointer, text) }

    /// Adds a CSS class (styles from `StyleSheet`, or libadwaita's: "suggested-action", "title-1", …).
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(pointer, name) }

    /// Removes a CSS class added before.
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(pointer, name) }

    /// Sets the margins on all four sides.
    public func setMargins(_ points: Int32) {
        gtk_widget_set_margin_top(pointer, points)
        gtk_widget_set_margin_bottom(pointer, points)
        gtk_widget_set_margin_start(pointer, points)
        gtk_widget_set_margin_end(pointer, points)
    }

    /// Gives it the keyboard focus (a search field, so typing searches at once).
    public func grabFocus() { gtk_widget_grab_focus(pointer) }

    /// Centres it in the space it gets, horizontally.
    public func centerHorizontally() { gtk_widget_set_halign(pointer, GTK_ALIGN_CENTER) }

    /// Centres it in the space it gets, vertically (a field in a row, kept at its own height).
    public func centerVertically() { gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER) }

    /// Keeps it at the width it asks for, at the end of the space it gets (fields of rows lined up on the right).
    public func keepAtEnd() {
        gtk_widget_set_halign(pointer, GTK_ALIGN_END)
        gtk_widget_set_hexpand(pointer, 0)
    }
}
