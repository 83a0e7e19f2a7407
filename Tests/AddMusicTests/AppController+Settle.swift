import AddMusicCore
import Dispatch

/// Tests drive the controller as the window does, on the main actor: each call below hops there once from the
/// test's thread, which waits for it (the main thread never waits for the test).
extension AppController {
    /// Runs `body` with the controller on the main actor and returns what it returns.
    nonisolated func onMainActor<T: Sendable>(_ body: @MainActor (AppController) -> T) -> T {
        DispatchQueue.main.sync { MainActor.assumeIsolated { body(self) } }
    }

    /// The screen's state now, read on the main actor.
    nonisolated var stateNow: MainScreenState { onMainActor { $0.state } }

    /// The preferences now, read on the main actor.
    nonisolated var preferencesNow: Preferences { onMainActor { $0.preferences } }

    /// Waits until everything asked of the controller so far is carried out (its calls return at once).
    nonisolated func settle() {
        let done = DispatchSemaphore(value: 0)
        onMainActor { $0.afterPendingWork { done.signal() } }
        done.wait()
    }

    /// The state once everything asked so far is carried out.
    nonisolated var settledState: MainScreenState {
        settle()
        return stateNow
    }
}
