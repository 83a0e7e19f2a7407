import CGtk

/// Keyboard shortcuts of one window: each key combination calls a closure. They are taken before the focused
/// control sees the key (so space plays and pauses even while a button has the focus).
public final class KeyShortcuts {
    private let controller: OpaquePointer

    /// Shortcuts for `window` and everything in it.
    public init(window: Widget) {
        controller = gtk_shortcut_controller_new()
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        gtk_shortcut_controller_set_scope(
            addmusic_gtk_shortcut_controller(UnsafeMutableRawPointer(controller)), GTK_SHORTCUT_SCOPE_LOCAL)
        gtk_widget_add_controller(window.pointer, controller)  // the window owns the controller from here on
    }

    /// Calls `action` when `keys` are pressed (GTK's notation: "space", "<Control>o", "<Control>question").
    public func add(_ keys: String, _ action: @escaping () -> Void) {
        guard let trigger = gtk_shortcut_trigger_parse_string(keys) else { return }
        let callback: GtkShortcutFunc = { _, _, data in
            guard let data else { return 0 }
            ClosureBox<() -> Void>.action(data)()
            return 1
        }
        let shortcut = gtk_shortcut_new(
            trigger, gtk_callback_action_new(callback, ClosureBox.retained(action), releaseBoxData))
        gtk_shortcut_controller_add_shortcut(
            addmusic_gtk_shortcut_controller(UnsafeMutableRawPointer(controller)), shortcut)
    }
}
