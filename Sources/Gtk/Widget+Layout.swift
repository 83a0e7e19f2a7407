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

    /// Whether it takes the extra height its container has to give. Set either way, it no longer follows its
    /// children (by default a widget expands when a child does).
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(pointer) != 0 }
        set { gtk_widget_set_vexpand(pointer, newValue ? 1 : 0) }
    }

    /// How many device pixels a point has on the screen it is on (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(pointer)) }

    /// Whether the window it is in is drawn by GTK's cairo renderer, on the CPU (no GPU, or `GSK_RENDERER=cairo`),
    /// where every frame repainted costs the main thread its time; false until the window is realized.
    public var paintsInSoftware: Bool {
        guard let native = gtk_widget_get_native(pointer), let renderer = gtk_native_get_renderer(native) else {
            return false
        }
        return g_type_check_instance_is_a(
            UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self),
            gsk_cairo_renderer_get_type()) != 0
    }

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
