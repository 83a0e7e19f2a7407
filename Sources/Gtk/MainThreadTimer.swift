import CGtk
import Foundation

/// A repeating timer on the main thread (a GLib timeout), stopped when let go.
public final class MainThreadTimer {
    private let source: guint

    /// Calls `action` every `milliseconds` on the main thread.
    public init(milliseconds: UInt32, _ action: @escaping () -> Void) {
        source = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                guard let data else { return 0 }
                ClosureBox<() -> Void>.action(data)()
                return 1  // G_SOURCE_CONTINUE
            }, ClosureBox<() -> Void>.retained(action), releaseBoxData)
    }

    deinit { g_source_remove(source) }
}
