import Foundation

/// An output that discards samples. Unclocked by default (as fast as decoding goes, for benchmarks and headless
/// use); clocked, it takes samples at the pace of real playback, so a player on it behaves as on a sound card.
public final class NullOutput: AudioOutput, @unchecked Sendable {
    private let clocked: Bool
    private let condition = NSCondition()
    private var format = PCMFormat()
    private var paused = false
    private var playedUntil = Date()
    /// While paused, the seconds of audio that were still to be heard when the pause began.
    private var heldBack = 0.0

    /// An output that discards; `clocked` makes `write` take as long as the samples last.
    public init(clocked: Bool = false) { self.clocked = clocked }

    public func open(_ format: PCMFormat) throws {
        condition.lock()
        self.format = format
        playedUntil = Date()
        condition.unlock()
    }

    public func write(_ samples: UnsafeBufferPointer<Float>, precision: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while paused { condition.wait() }
        guard clocked else { return }
        let seconds = Double(samples.count / max(1, format.channels)) / Double(format.sampleRate)
        playedUntil = max(playedUntil, Date()).addingTimeInterval(seconds)
        // Keep at most a quarter of a second ahead of the clock, like a device buffer.
        while !paused && playedUntil.timeIntervalSinceNow > 0.25 {
            _ = condition.wait(until: playedUntil.addingTimeInterval(-0.25))
        }
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
