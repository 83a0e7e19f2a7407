import CGtk

/// A button that stays pressed in until pressed again (a panel shown while it is in), with an icon and a name for
/// assistive technologies, which read it as a toggle button, pressed or not.
public final class ToggleButton: Widget {
    /// A toggle button showing the icon `iconName`, named `accessibleLabel` (also its tooltip); out at first.
    public init(iconName: String, accessibleLabel: String) {
        super.init(taking: gtk_toggle_button_new())
        gtk_button_set_icon_name(addmusic_gtk_button(object), iconName)
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel)
    }

    /// Whether it is pressed in; setting it calls the `onToggle` action when it changes.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(addmusic_gtk_toggle_button(object)) != 0 }
        set { gtk_toggle_button_set_active(addmusic_gtk_toggle_button(object), newValue ? 1 : 0) }
    }

    /// Calls `action` on the main thread each time it is pressed in or out (by a click, a key, or `isActive`).
    public func onToggle(_ action: @escaping () -> Void) { Signal.connect(object, "toggled", action) }
}
