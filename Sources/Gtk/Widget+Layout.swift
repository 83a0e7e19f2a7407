import CGtk

/// Sizes, visibility, the screen's scale and accessible descriptions.
extension Widget {
    /// The size the widget asks for at least, in points (-1: its natural size).
    public func setSize(width: Int32, height: Int32) { gtk_widget_set_size_request(pointer, width, height) }

    /// Whether it is shown.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(pointer) != 0 }
        set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
    }

    /// How many device pixels a point has on the screen it is on (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(pointer)) }

    /// Calls `action` on the main thread each time the widget's scale factor changes (it moved to another screen,
    /// or the screen's scale changed).
    public func onScaleFactorChange(_ action: @escaping () -> Void) {
        Signal.connect(object, "notify::scale-factor") { (_: gpointer) in action() }
    }

    /// The description assistive technologies read after its name (empty: none).
    public func setAccessibleDescription(_ description: String) {
        addmusic_set_accessible_description(object, description)
    }
}
