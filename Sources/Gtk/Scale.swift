import CGtk

/// A horizontal slider (`GtkScale`) over a range of values. The arrow keys move it by `step`, Page Up and Page
/// Down by `page`; the accessibility tree shows it as a slider whose value can be read and set.
public final class Scale: Widget {
    /// A slider from `minimum` to `maximum`.
    public init(minimum: Double, maximum: Double, step: Double, page: Double) {
        super.init(taking: gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step))
        gtk_range_set_increments(range, step, page)
        gtk_scale_set_draw_value(addmusic_gtk_scale(object), 0)
        gtk_widget_set_hexpand(pointer, 1)
    }

    private var range: UnsafeMutablePointer<GtkRange> { addmusic_gtk_range(object) }

    /// Where the slider is (setting it emits the change, as a user's move does).
    public var value: Double {
        get { gtk_range_get_value(range) }
        set { gtk_range_set_value(range, newValue) }
    }

    /// Sets the range the slider spans.
    public func setRange(minimum: Double, maximum: Double) { gtk_range_set_range(range, minimum, maximum) }

    /// Calls `action` each time the value changes.
    public func onValueChanged(_ action: @escaping () -> Void) { Signal.connect(object, "value-changed", action) }
}
