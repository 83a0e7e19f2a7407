// Threads: each runner owns one worker thread at a time ("addmusic.probe"); its caller hands it one probe and waits
// for the result, at most the probe's deadline and a grace. A worker that overruns is abandoned: the caller goes on
// with a new worker, and the old thread ends by itself when FFmpeg returns (its result is dropped).
import Foundation
import MediaModel
import Synchronization

/// Runs probes of files (FFmpeg opening a file, or decoding a picture) with a watchdog, so that a probe stuck where
/// FFmpeg checks no deadline (parsing a million tags held in memory) costs its caller the deadline and no more.
///
/// One caller thread at a time per runner (each scan reader has its own). `run` blocks its caller for at most
/// `timeout` seconds.
final class ProbeRunner: @unchecked Sendable {  // `worker` is used by one caller thread at a time
    /// How many abandoned probes are still running in this process.
    static var abandonedRunning: Int { abandoned.load(ordering: .relaxed) }
    private static let abandoned = Atomic<Int>(0)

    /// What the watchdog adds to a probe's own deadline before it abandons the probe: FFmpeg stops itself at the
    /// deadline wherever it checks it, so the watchdog acts only where FFmpeg does not.
    static let grace = 0.1

    private var worker: Worker?

    deinit { worker?.retire() }

    /// `work`'s result, or nil when it did not finish within `timeout` seconds (it is then abandoned).
    func run<T: Sendable>(timeout: Double, _ work: @escaping @Sendable () -> T) -> T? {
        let worker = self.worker ?? Worker()
        self.worker = worker
        let slot = BoundedQueue<T>(capacity: 1)
        worker.submit { slot.put(work()) }
        if let value = slot.take(timeout: timeout) { return value }
        self.worker = nil
        Self.abandoned.add(1, ordering: .relaxed)
        worker.retire { Self.abandoned.subtract(1, ordering: .relaxed) }
        return nil
    }

    /// The thread that runs the probes, one at a time, until it is retired.
    private final class Worker: @unchecked Sendable {  // every mutable property behind `condition`
        private let condition = NSCondition()
        private var job: (@Sendable () -> Void)?
        private var retired = false
        private var onEnd: (@Sendable () -> Void)?

        init() {
            let thread = Thread { [self] in loop() }
            thread.name = "addmusic.probe"
            thread.start()
        }

        func submit(_ work: @escaping @Sendable () -> Void) {
            condition.withLock {
                job = work
                condition.signal()
            }
        }

        /// Ends the thread after its current probe (if any); `onEnd` runs on it then.
        func retire(onEnd: (@Sendable () -> Void)? = nil) {
            condition.withLock {
                retired = true
                self.onEnd = onEnd
                condition.signal()
            }
        }

        private func loop() {
            while true {
                // Taken out under the lock: the caller may hand over the next job as soon as this one fills its slot.
                let next: (@Sendable () -> Void)? = condition.withLock {
                    while job == nil && !retired { condition.wait() }
                    defer { job = nil }
                    return job
                }
                next?()
                let end: (ended: Bool, then: (@Sendable () -> Void)?) = condition.withLock { (retired, onEnd) }
                if end.ended {
                    end.then?()
                    return
                }
            }
        }
    }
}
