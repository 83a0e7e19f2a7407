// Threads: each open runs on a thread of its own ("addmusic.controller.open"), at most `maximumRunning` at once. An
// open asked while that many run waits its turn, in the order asked, and runs on the thread of the first to end.
import Foundation
import MediaModel

/// Runs the reading of opened locations side by side, so that no open waits for another's disk or network: an open
/// whose stream URLs never answer holds its own thread until its deadline, and a file opened after it is read at
/// once. The bound keeps a flood of opens (any program on the session bus may send them) from making threads
/// without end.
final class OpenRunner: Sendable {
    /// The most opens read at once.
    static let maximumRunning = 8

    private struct Waiting {
        var running = 0
        var queued: [@Sendable () -> Void] = []
    }

    private let state = Locked(Waiting())

    /// Runs `work` on a thread of its own now, or once one of the running opens ended. Returns at once.
    func run(_ work: @escaping @Sendable () -> Void) {
        let startsNow = state.withLock { waiting in
            guard waiting.running < Self.maximumRunning else {
                waiting.queued.append(work)
                return false
            }
            waiting.running += 1
            return true
        }
        guard startsNow else { return }
        let thread = Thread { [self] in
            var next: (@Sendable () -> Void)? = work
            while let job = next {
                job()
                next = state.withLock { waiting in
                    guard !waiting.queued.isEmpty else {
                        waiting.running -= 1
                        return nil
                    }
                    return waiting.queued.removeFirst()
                }
            }
        }
        thread.name = "addmusic.controller.open"
        thread.start()
    }
}
