import CGtk
import Foundation

/// Runs the main dispatch queue, and with it Swift's main actor, on GLib's main loop: code that hops to the main
/// thread with `DispatchQueue.main` or `@MainActor` runs between GTK's own events, as on a platform whose main loop
/// drains the queue itself. Attach once, on the main thread, before the loop runs.
public enum MainQueueSource {
    nonisolated(unsafe) private static var attached = false

    /// Watches the main queue's wake-up descriptor from GLib's default main context.
    public static func attach() {
        precondition(Thread.isMainThread, "the main queue is attached from the main thread")
        guard !attached else { return }
        attached = true
        let descriptor = _dispatch_get_main_queue_handle_4CF()
        // Read without waiting: the queue may have emptied its wake-ups itself.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, descriptor, G_IO_IN,
            { descriptor, _, _ in
                var count: UInt64 = 0
                _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
                return 1  // G_SOURCE_CONTINUE
            }, nil, nil)
    }
}
