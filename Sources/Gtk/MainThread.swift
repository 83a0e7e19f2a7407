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
}
