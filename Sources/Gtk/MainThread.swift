import CGtk
import Foundation

/// Runs closures on the main thread, where GTK runs (through GLib's idle queue).
public enum MainThread {
    /// Runs `action` on the main thread soon, from any thread.
    public static func async(_ action: @escaping @Sendable () -> Void) {
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                guard let data else { return 0 }
                ClosureBox<@Sendable () -> Void>.action(data)()
                return 0  // G_SOURCE_REMOVE: GLib then releases the box
            }, ClosureBox<@Sendable () -> Void>.retained(action), releaseBoxData)
    }

    /// Calls `step` each time the main loop is idle until it returns false: after GTK's frames, which come first, or
    /// (`beforeFrames`) in turn with input and other events, before frames. On the main thread.
    public static func whileIdle(beforeFrames: Bool = false, _ step: @escaping () -> Bool) {
        g_idle_add_full(
            beforeFrames ? G_PRIORITY_DEFAULT : G_PRIORITY_DEFAULT_IDLE,
            { data in
                guard let data else { return 0 }
                return ClosureBox<() -> Bool>.action(data)() ? 1 : 0  // G_SOURCE_CONTINUE or G_SOURCE_REMOVE
            }, ClosureBox<() -> Bool>.retained(step), releaseBoxData)
    }
}
