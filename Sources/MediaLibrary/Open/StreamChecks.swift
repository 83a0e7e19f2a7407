// Threads: each URL is checked on a thread of its own ("addmusic.open.stream"); at most `maximumRunning` of them run
// in the process at once, those given up on included. The open that made the checks waits for them on its own
// thread (`answers()`) until their one deadline and a grace, then goes on without those still running: each ends by
// itself when FFmpeg returns (its interrupt stops it at the deadline), and its answer is dropped.
import FFmpegSupport
import Foundation
import MediaModel

/// Checks that `http`/`https` URLs answer as audio, all side by side under one deadline. Made when an open starts,
/// so that the network is waited for while the open reads its files; `answers()` then waits for what is left.
///
/// Not for several threads: one open makes it and asks for its answers (its own threads report under a lock).
final class StreamChecks: @unchecked Sendable {  // `outcomes` and `started` behind the static `lock`
    /// The most checks running in the process at once, so that opens sent in a flood (any program on the session
    /// bus may send them) cannot make threads without bound. A check that finds none free waits for one, within its
    /// deadline.
    static let maximumRunning = 32
    /// How long past the deadline the open waits for checks FFmpeg has not stopped yet (a connection being torn down).
    static let grace = 0.5

    /// What became of one URL.
    private enum Outcome {
        case running
        case answered
        case failed(String)
    }

    /// Guards `running` and every instance's `outcomes` and `started`; signalled when a check ends.
    private static let lock = NSCondition()
    private nonisolated(unsafe) static var running = 0

    private let urls: [String]
    private let seconds: Double
    private let deadline: DispatchTime
    private var outcomes: [Outcome]
    /// The checks of `urls[..<started]` have been started.
    private var started = 0

    /// Starts checking `urls` (as many as the process has room for; the others when `answers()` finds room), each
    /// with `seconds` from now to answer.
    init(_ urls: [String], seconds: Double) {
        self.urls = urls
        self.seconds = seconds
        deadline = .now() + max(0, seconds)
        outcomes = Array(repeating: .running, count: urls.count)
        Self.lock.withLock { startWhatFits() }
    }

    /// For each URL, nil when it answered as audio, else why not in plain words. Returns once every check ended, or
    /// at the deadline and a grace for those still running (they are given up on).
    func answers() -> [String?] {
        let giveUp = deadline + Self.grace
        return Self.lock.withLock {
            while true {
                let now = DispatchTime.now()
                if now < deadline { startWhatFits() }
                let ended = !outcomes[..<started].contains { if case .running = $0 { true } else { false } }
                if (ended && (started == urls.count || now >= deadline)) || now >= giveUp { break }
                let until = started < urls.count && now < deadline ? deadline : giveUp
                let wait = Double(until.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
                _ = Self.lock.wait(until: Date(timeIntervalSinceNow: wait))
            }
            let late = "open stream: no answer within \(FormatInput.seconds(seconds))"
            return outcomes.indices.map { index in
                guard index < started else {
                    return "not checked within \(FormatInput.seconds(seconds)): too many streams were being checked"
                }
                switch outcomes[index] {
                case .answered: return nil
                case .failed(let reason): return reason
                case .running: return late
                }
            }
        }
    }

    /// Starts the next checks while the process has room. Called with `lock` held.
    private func startWhatFits() {
        while started < urls.count && Self.running < Self.maximumRunning {
            Self.running += 1
            let index = started
            started += 1
            let thread = Thread { [self] in
                let outcome = check(urls[index])
                Self.lock.withLock {
                    outcomes[index] = outcome
                    Self.running -= 1
                    Self.lock.broadcast()
                }
            }
            thread.name = "addmusic.open.stream"
            thread.start()
        }
    }

    /// Opens `url` as FFmpeg would to play it, stopped at the deadline.
    private func check(_ url: String) -> Outcome {
        let left = Double(deadline.uptimeNanoseconds &- min(deadline, .now()).uptimeNanoseconds) / 1e9
        let interrupt = StreamInterrupt(openSeconds: left, stallSeconds: left, shouldStop: { false })
        do {
            // The timeout names the open's deadline in messages; the interrupt holds the check to what is left of it.
            let input = try FormatInput(url: url, timeout: seconds, interrupt: interrupt)
            withExtendedLifetime(input) {}
            return .answered
        } catch {
            return .failed(error.description)
        }
    }
}
