/// The decoder's samples written straight into a slot of the ring, so that a block is converted once, into the
/// memory the output thread reads, rather than into a buffer and then copied. A block bigger than the room left in
/// the slot goes to an overflow buffer (and, to keep the order, so does every block after it until the slot is handed
/// on); the overflow is copied into slots as they are handed on and taken. Not thread-safe: one decoder thread owns
/// it.
final class SlotSamples: DecodedSampleSink {
    private let ring: PCMRing
    /// The slot being filled and how many samples it holds.
    private var slot: Int?
    private var filled = 0
    /// Samples that did not fit in the slot, after those in it.
    private let overflow: PendingSamples
    /// A chunk's samples: what a slot is filled to from the overflow (whole frames).
    private let chunkSamples: Int
    /// Whether the room `reserve` last handed out is in the slot.
    private var reservedInSlot = false

    /// Samples for `ring`'s slots, handed on in chunks of `chunkSamples` samples or more (whole frames, at most a
    /// slot's worth).
    init(ring: PCMRing, chunkSamples: Int) {
        self.ring = ring
        self.chunkSamples = chunkSamples
        overflow = PendingSamples(capacity: 2 * chunkSamples)
    }

    deinit {
        // A slot taken and never handed on (the track was left) goes back to the ring.
        if let slot { ring.release(slot: slot) }
    }

    var count: Int { filled + overflow.count }

    /// Takes a free slot to fill when none is held, waiting for one, and moves what overflowed into it; false when
    /// the ring is closed or `isStale` says the samples no longer matter.
    func takeSlot(isStale: () -> Bool) -> Bool {
        guard slot == nil else { return true }
        guard let free = ring.acquireSlot(isStale: isStale) else { return false }
        slot = free
        filled = 0
        moveOverflow()
        return true
    }

    func reserve(_ count: Int) -> UnsafeMutablePointer<Float> {
        reservedInSlot = slot != nil && overflow.count == 0 && filled + count <= ring.samplesPerSlot
        guard reservedInSlot, let slot else { return overflow.reserve(count) }
        return ring.samples(of: slot).baseAddress! + filled
    }

    func didAppend(_ count: Int) {
        if reservedInSlot {
            filled += count
        } else {
            overflow.didAppend(count)
        }
    }

    func remove(from offset: Int, count: Int) {
        guard count > 0 else { return }
        guard offset < filled, let slot else { return overflow.remove(from: offset - filled, count: count) }
        let base = ring.samples(of: slot).baseAddress!
        (base + offset).update(from: base + offset + count, count: filled - offset - count)
        filled -= count
    }

    /// Gives up the slot, filled up to a chunk's samples from what overflowed (nil when none is held): the caller
    /// pushes it to the ring.
    func handOn() -> (slot: Int, count: Int)? {
        guard let held = slot else { return nil }
        moveOverflow()
        let count = filled
        slot = nil
        filled = 0
        return (held, count)
    }

    /// Copies what overflowed into the slot, until it holds a chunk's samples.
    private func moveOverflow() {
        guard let slot else { return }
        let moved = min(overflow.count, chunkSamples - filled)
        guard moved > 0 else { return }
        overflow.take(moved, into: ring.samples(of: slot).baseAddress! + filled)
        filled += moved
    }
}
