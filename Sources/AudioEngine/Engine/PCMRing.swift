import MediaModel

/// The bounded queue between the decoder thread and the output thread, with the sample memory it lends them: two
/// `BoundedQueue`s, one of chunks on their way to the output and one of the free slots their samples live in.
///
/// The samples (32-bit floats, whatever the song's format: they hold 16- and 24-bit samples exactly) live in
/// `capacity + 2` slots of `samplesPerSlot` samples, allocated once with the ring, so neither thread allocates while
/// playing: the decoder takes a free slot (`acquireSlot`), fills it and `push`es a chunk
/// naming it; the output thread `pop`s the chunk, writes the slot's samples and gives the chunk back (`release`).
/// `push` waits while `capacity` chunks are queued, `pop` while none is; `clear(before:)` drops queued chunks at once
/// (seek, skip, stop), freeing their slots.
final class PCMRing: @unchecked Sendable {  // immutable; the queues give each slot one holder at a time
    /// Samples in one slot.
    let samplesPerSlot: Int
    private let chunks: BoundedQueue<PCMChunk>
    private let freeSlots: BoundedQueue<Int>
    private let storage: UnsafeMutablePointer<Float>

    /// A ring of at most `capacity` queued chunks, whose slots hold `samplesPerSlot` samples each.
    init(capacity: Int, samplesPerSlot: Int) {
        self.samplesPerSlot = samplesPerSlot
        // Every queued chunk, the one the decoder fills and the one the output writes.
        let slots = capacity + 2
        chunks = BoundedQueue(capacity: capacity)
        freeSlots = BoundedQueue(capacity: slots)
        for slot in 0..<slots { freeSlots.put(slot) }
        storage = .allocate(capacity: slots * samplesPerSlot)
        storage.initialize(repeating: 0, count: slots * samplesPerSlot)
    }

    deinit { storage.deallocate() }

    /// The memory of slot `slot`, for whoever holds it (the decoder between `acquireSlot` and `push`, the output
    /// between `pop` and `release`).
    func samples(of slot: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: storage + slot * samplesPerSlot, count: samplesPerSlot)
    }

    /// A free slot for the decoder to fill, waiting for one; nil when the ring is closed or `isStale` says the
    /// samples no longer matter.
    func acquireSlot(isStale: () -> Bool) -> Int? { freeSlots.take(unless: isStale) }

    /// Adds `chunk`, waiting for room; returns false (dropping it, and freeing its slot) when the ring is closed or
    /// `isStale` says the chunk no longer matters.
    func push(_ chunk: PCMChunk, isStale: () -> Bool) -> Bool {
        guard chunks.put(chunk, unless: isStale) else {
            release(chunk)
            return false
        }
        return true
    }

    /// The oldest chunk, waiting for one; nil once closed and empty (what is left after `close()` is of an older
    /// generation, and skipped). The caller hands it back with `release` when done. From an empty ring it waits for
    /// `gathered` chunks, at most `gathering` seconds (then for one): a decoder faster than the output (a file, an
    /// unclocked output) then wakes the output thread once for sixteen chunks, not once each.
    func pop() -> PCMChunk? { chunks.take(gathering: Self.gathered, waitingAtMost: Self.gathering) }

    /// Chunks the output thread waits for when the ring ran empty, and for how long at most.
    static let gathered = 16
    static let gathering = 0.002

    /// Frees the slot of a chunk, once its samples have been written (or it was dropped).
    func release(_ chunk: PCMChunk) {
        if case .samples(let slot, _, _, _) = chunk.content { freeSlots.put(slot) }
    }

    /// Frees a slot the decoder took and will not push.
    func release(slot: Int) { freeSlots.put(slot) }

    /// Drops every chunk older than `generation`, freeing their slots, and wakes a waiting `push` or
    /// `acquireSlot`, which then rechecks whether its chunk is stale. Chunks of `generation` itself stay: the decoder
    /// may already have made some for the new position by the time the one who moved it gets here.
    func clear(before generation: Int) { drop { $0.generation < generation } }

    /// Drops every chunk `shouldBeDropped` names (the next track, when another replaces it), freeing their slots,
    /// and wakes a waiting `push` or `acquireSlot`, which then rechecks whether its chunk is stale.
    func drop(where shouldBeDropped: (PCMChunk) -> Bool) {
        chunks.removeAll(where: shouldBeDropped, removed: release)
        freeSlots.wakeWaiters()
    }

    /// Ends the ring: waiting calls return, later ones do nothing.
    func close() {
        chunks.close()
        freeSlots.close()
    }
}
