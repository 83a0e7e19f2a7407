import CGtk

/// A row with an on/off switch at its end.
public final class SwitchRow: Widget {
    private let toggle: Widget

    public init(title: String, isOn: Bool) {
        toggle = Widget(taking: gtk_switch_new())
        super.init(taking: adw_action_row_new())
        adw_preferences_row_set_title(addmusic_adw_preferences_row(object), ActionRow.escape(title))
        gtk_switch_set_active(addmusic_gtk_switch(toggle.object), isOn ? 1 : 0)
        gtk_widget_set_valign(toggle.pointer, GTK_ALIGN_CENTER)
        toggle.setAccessibleLabel(title)
        adw_action_row_add_suffix(addmusic_adw_action_row(object), toggle.pointer)
        adw_action_row_set_activatable_widget(addmusic_adw_action_row(object), toggle.pointer)
    }

    /// Whether it is on.
    public var isOn: Bool { gtk_switch_get_active(addmusic_gtk_switch(toggle.object)) != 0 }

    /// Calls `action` with the new position each time it is switched.
    public func onToggle(_ action: @escaping (Bool) -> Void) {
        Signal.connect(toggle.object, "notify::active") { [weak self] (_: gpointer) in
            guard let self else { return }
            action(self.isOn)
        }
    }
}
