import AddMusicCore
import Dispatch

extension AppController {
    /// Waits, in a test, until everything asked of the controller so far is carried out (its calls return at once).
    nonisolated func settle() {
        let done = DispatchSemaphore(value: 0)
        afterPendingWork { done.signal() }
        done.wait()
    }

    /// The state once everything asked so far is carried out.
    nonisolated var settledState: MainScreenState {
        settle()
        return state
    }
}
