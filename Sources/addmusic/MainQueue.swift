import Foundation

/// The command-line players' main loop: the main thread runs the main queue (as the window's GLib loop does) until
/// the run is over, so that what other threads hand it (keys, a sound's end, the player's notices) is taken there,
/// and the main thread itself never waits on another thread.
@MainActor
enum MainQueue {
    /// Runs the main queue until `done` says so, or `deadline` passes; whether `done` said so.
    static func run(until done: () -> Bool, deadline: Date = .distantFuture) -> Bool {
        while !done() {
            if Date() >= deadline { return false }
            _ = RunLoop.main.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.25)))
        }
        return true
    }
}

/// A flag raised from any thread and read on the main thread (the raise goes through the main queue).
@MainActor
final class MainFlag {
    private(set) var isRaised = false

    nonisolated init() {}

    /// Raises the flag, soon, on the main thread. Any thread; returns at once.
    nonisolated func raise() { DispatchQueue.main.async { MainActor.assumeIsolated { self.isRaised = true } } }
}
