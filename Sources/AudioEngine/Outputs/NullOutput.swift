import Foundation

/// An output that discards samples. Unclocked by default (as fast as decoding goes, for benchmarks and headless
/// use); clocked, it takes samples at the pace of real playback, so a player on it behaves as on a sound card.
public final class NullOutput: AudioOutput, @unchecked Sendable {  // every mutable property behind `condition`
    private let clocked: Bool
    private let condition = NSCondition()
    private var format = PCMFormat()
    private var paused = false
    private var playedUntil = Date()
    /// While paused, the seconds of audio that were still to be heard when the pause began.
    private var heldBack = 0.0
    /// Counts `flush()` and `interrupt()` calls, so a `write` waiting for room learns that it is to end.
    private var flushes = 0

    /// An output that discards; `clocked` makes `write` take as long as the samples last.
    public init(clocked: Bool = false) { self.clocked = clocked }

    public func open(_ format: PCMFormat) throws {
        condition.lock()
        self.format = format
        playedUntil = Date()
        condition.unlock()
    }

    public func write(_ samples: UnsafeBufferPointer<Float>, precision: Int) throws -> Int {
        condition.lock()
        defer { condition.unlock() }
        guard clocked else {
            while paused { condition.wait() }
            return samples.count
        }
        let seconds = Double(samples.count / max(1, format.channels)) / Double(format.sampleRate)
        let mark = flushes
        // Like a device buffer, hold at most a quarter of a second: wait for room first, then take the samples, so
        // `delay` counts them only once `write` returns (the engine's position adds them then). Taken before the
        // wait, they would count while the caller still waits, and the position read meanwhile would lag by them.
        while true {
            if flushes != mark { return 0 }  // dropped, or cut off
            if paused {
                condition.wait()
                continue
            }
            let ahead = max(0, playedUntil.timeIntervalSinceNow)
            if ahead == 0 || ahead + seconds <= 0.25 { break }
            _ = condition.wait(until: playedUntil.addingTimeInterval(min(0, seconds - 0.25)))
        }
        playedUntil = max(playedUntil, Date()).addingTimeInterval(seconds)
        return samples.count
    }

    public func pause() {
        condition.lock()
        if !paused {
            paused = true
            heldBack = max(0, playedUntil.timeIntervalSinceNow)
        }
        condition.unlock()
    }

    public func resume() {
        condition.lock()
        if paused {
            paused = false
            playedUntil = Date().addingTimeInterval(heldBack)
        }
        condition.broadcast()
        condition.unlock()
    }

    public func flush() {
        condition.lock()
        playedUntil = Date()
        heldBack = 0
        flushes += 1
        condition.broadcast()
        condition.unlock()
    }

    public func interrupt() {
        condition.lock()
        flushes += 1
        condition.broadcast()
        condition.unlock()
    }

    public func drain() throws {
        guard clocked else { return }
        let wait = delay
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }

    public func close() {}

    public var delay: Double {
        condition.lock()
        defer { condition.unlock() }
        guard clocked else { return 0 }
        return paused ? heldBack : max(0, playedUntil.timeIntervalSinceNow)
    }
}
