import CGtk
import Foundation

/// A repeating timer on the main thread (a GLib timeout), stopped when let go.
public final class MainThreadTimer {
    private let source: guint

    /// Calls `action` every `milliseconds` on the main thread. With `yielding`, a call that falls due while the main
    /// loop has other work (events, frames, steps waiting for it to be idle) waits until it has none (GLib's
    /// `G_PRIORITY_LOW`), so that it never runs in the same turn of the loop as work that was waiting: for work whose
    /// exact time does not matter.
    public init(milliseconds: UInt32, yielding: Bool = false, _ action: @escaping () -> Void) {
        source = g_timeout_add_full(
            yielding ? G_PRIORITY_LOW : G_PRIORITY_DEFAULT, milliseconds,
            { data in
                guard let data else { return 0 }
                ClosureBox<() -> Void>.action(data)()
                return 1  // G_SOURCE_CONTINUE
            }, ClosureBox<() -> Void>.retained(action), releaseBoxData)
    }

    deinit { g_source_remove(source) }
}
