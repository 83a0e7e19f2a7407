import CGtk

/// A row with a number field at its end (a spin button), within a range and in steps.
public final class NumberRow: Widget {
    private let field: Widget

    public init(title: String, value: Double, range: ClosedRange<Double>, step: Double) {
        field = Widget(taking: gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
        super.init(taking: adw_action_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), ActionRow.escape(title))
        gtk_spin_button_set_value(addmusic_gtk_spin_button(field.object), value)
        gtk_widget_set_valign(field.pointer, GTK_ALIGN_CENTER)
        field.setAccessibleLabel(title)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), field.pointer)
    }

    /// The number shown; set, it is shown (and its change told to `onChange`, as one the user made).
    public var value: Double {
        get { gtk_spin_button_get_value(addmusic_gtk_spin_button(field.object)) }
        set { gtk_spin_button_set_value(addmusic_gtk_spin_button(field.object), newValue) }
    }

    /// Calls `action` with the new number each time it changes.
    public func onChange(_ action: @escaping (Double) -> Void) {
        Signal.connect(field.object, "value-changed") { [weak self] in
            guard let self else { return }
            action(self.value)
        }
    }
}
