import CGtk

/// What a window does, as it happens, for measuring it (the UI trace): key presses as they arrive and frames as
/// they are painted. On the main thread.
extension Widget {
    /// Calls `action` with the key's name ("space", "o") for each key pressed in the widget or anything in it, before
    /// any shortcut or control sees it; the key then goes on to them.
    public func onKeyPressed(_ action: @escaping (String) -> Void) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let callback: addmusic_key_signal = { _, keyval, _, _, data in
            guard let data else { return 0 }
            ClosureBox<(String) -> Void>.action(data)(gdk_keyval_name(keyval).map { String(cString: $0) } ?? "?")
            return 0  // not handled: the shortcuts and the focused control still get it
        }
        addmusic_signal_connect_key(
            UnsafeMutableRawPointer(controller), "key-pressed", callback, ClosureBox.retained(action), releaseBox)
        gtk_widget_add_controller(pointer, controller)  // the widget owns the controller from here on
    }

    /// Calls `action` after each frame of the widget's window is painted (GdkFrameClock "after-paint"); false when
    /// the widget has no frame clock yet (not realized: call it after presenting the window).
    @discardableResult
    public func onFramePainted(_ action: @escaping () -> Void) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(pointer) else { return false }
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint", action)
        return true
    }

    /// Calls `step` after each frame of the widget's window is painted, on a turn of the main loop of its own, until
    /// it returns false: what one step changes is drawn by the next frame before the next step runs, so that no turn
    /// both makes a part of the window and draws all of it. A step must change something that is drawn, or the
    /// next frame, and the next step, wait for something else to be. False when the widget has no frame clock yet
    /// (not realized: call it after presenting the window).
    @discardableResult
    public func afterEachFrame(_ step: @escaping () -> Bool) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(pointer) else { return false }
        // Once done, the handler stays connected, doing nothing, until the clock goes with the window: disconnecting
        // it from a step could reach a clock already freed.
        var waiting = false, done = false
        Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            guard !waiting, !done else { return }
            waiting = true
            MainThread.whileIdle(beforeFrames: true) {
                waiting = false
                done = !step()
                return false
            }
        }
        return true
    }
}
