import CFFmpeg
import FFmpegSupport
import MediaModel

/// Decoded samples not yet handed on: a buffer that grows to the largest block decoded and is then reused, written
/// in place by the resampler (no filling, no shifting on every block). Not thread-safe: one decoder thread owns it.
final class PendingSamples {
    private var base: UnsafeMutablePointer<Float>
    private var capacity: Int
    private var head = 0
    private var tail = 0

    /// A buffer with room for `capacity` samples to begin with.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Samples held.
    var count: Int { tail - head }

    /// The samples held, until the next change.
    var samples: UnsafeBufferPointer<Float> { UnsafeBufferPointer(start: base + head, count: count) }

    /// The samples held, to change in place, until the next change.
    var mutableSamples: UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: base + head, count: count)
    }

    /// Adds a copy of `samples` after those held.
    func append(_ samples: UnsafeBufferPointer<Float>) {
        guard let source = samples.baseAddress, !samples.isEmpty else { return }
        reserve(samples.count).update(from: source, count: samples.count)
        didAppend(samples.count)
    }

    /// Forgets every sample held, keeping the memory.
    func removeAll() {
        head = 0
        tail = 0
    }

    /// Room for `count` more samples after those held, to be written and then counted with `didAppend`.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Float> {
        if capacity - tail < count, head > 0 {
            (base).update(from: base + head, count: tail - head)
            tail -= head
            head = 0
        }
        if capacity - tail < count {
            let grown = max(capacity * 2, tail + count)
            let bigger = UnsafeMutablePointer<Float>.allocate(capacity: grown)
            bigger.update(from: base, count: tail)
            base.deallocate()
            base = bigger
            capacity = grown
        }
        return base + tail
    }

    /// Counts `count` samples written where `reserve` said.
    func didAppend(_ count: Int) { tail += count }

    /// Drops `count` samples from `offset` (counted from the first held), keeping the rest in order.
    func remove(from offset: Int, count: Int) {
        guard count > 0 else { return }
        let start = head + offset
        (base + start).update(from: base + start + count, count: tail - start - count)
        tail -= count
    }

    /// Moves the first `count` samples held to `destination`.
    func take(_ count: Int, into destination: UnsafeMutablePointer<Float>) {
        destination.update(from: base + head, count: count)
        head += count
        if head == tail {
            head = 0
            tail = 0
        }
    }
}
