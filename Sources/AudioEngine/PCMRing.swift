import Foundation

/// The bounded queue between the decoder thread and the output thread, with the sample memory it lends them.
///
/// The samples live in `capacity + 2` slots of `samplesPerSlot` samples, allocated once with the ring, so neither
/// thread allocates while playing: the decoder takes a free slot (`acquireSlot`), fills it and `push`es a chunk
/// naming it; the output thread `pop`s the chunk, writes the slot's samples and gives the chunk back (`release`).
/// `push` waits while `capacity` chunks are queued, `pop` while none is; `clear(before:)` drops queued chunks at once
/// (seek, skip, stop), freeing their slots.
final class PCMRing: @unchecked Sendable {
    /// Samples in one slot.
    let samplesPerSlot: Int
    private let condition = NSCondition()
    private var chunks: [PCMChunk] = []
    private var head = 0
    private var closed = false
    private let capacity: Int
    private let storage: UnsafeMutablePointer<Int16>
    private var freeSlots: [Int]

    /// A ring of at most `capacity` queued chunks, whose slots hold `samplesPerSlot` samples each.
    init(capacity: Int, samplesPerSlot: Int) {
        self.capacity = capacity
        self.samplesPerSlot = samplesPerSlot
        // Every queued chunk, the one the decoder fills and the one the output writes.
        let slots = capacity + 2
        storage = .allocate(capacity: slots * samplesPerSlot)
        storage.initialize(repeating: 0, count: slots * samplesPerSlot)
        freeSlots = Array((0..<slots).reversed())
        chunks.reserveCapacity(capacity)
    }

    deinit { storage.deallocate() }

    /// The memory of slot `slot`, for whoever holds it (the decoder between `acquireSlot` and `push`, the output
    /// between `pop` and `release`).
    func samples(of slot: Int) -> UnsafeMutableBufferPointer<Int16> {
        UnsafeMutableBufferPointer(start: storage + slot * samplesPerSlot, count: samplesPerSlot)
    }

    /// A free slot for the decoder to fill, waiting for one; nil when the ring is closed or `isStale` says the
    /// samples no longer matter.
    func acquireSlot(isStale: () -> Bool) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while freeSlots.isEmpty && !closed && !isStale() { condition.wait() }
        guard !closed, !isStale() else { return nil }
        return freeSlots.removeLast()
    }

    /// Adds `chunk`, waiting for room; returns false (dropping it, and freeing its slot) when the ring is closed or
    /// `isStale` says the chunk no longer matters.
    func push(_ chunk: PCMChunk, isStale: () -> Bool) -> Bool {
        condition.lock()
        while chunks.count - head >= capacity && !closed && !isStale() { condition.wait() }
        guard !closed, !isStale() else {
            freeSlot(of: chunk)
            condition.unlock()
            return false
        }
        chunks.append(chunk)
        condition.unlock()
        // Woken after the unlock, the output thread does not find the lock still held and sleep again.
        condition.broadcast()
        return true
    }

    /// The oldest chunk, waiting for one; nil once closed. The caller hands it back with `release` when done.
    func pop() -> PCMChunk? {
        condition.lock()
        while head == chunks.count && !closed { condition.wait() }
        guard !closed, head < chunks.count else {
            condition.unlock()
            return nil
        }
        let chunk = chunks[head]
        head += 1
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.unlock()
        condition.broadcast()
        return chunk
    }

    /// Frees the slot of a chunk `pop` gave, once its samples have been written.
    func release(_ chunk: PCMChunk) {
        guard case .samples = chunk.content else { return }
        condition.lock()
        freeSlot(of: chunk)
        condition.unlock()
        condition.broadcast()
    }

    /// Drops every chunk older than `generation` and wakes a waiting `push`, which then rechecks whether its chunk
    /// is stale. Chunks of `generation` itself stay: the decoder may already have made some for the new position
    /// by the time the one who moved it gets here.
    func clear(before generation: Int) {
        condition.lock()
        var kept = head
        for position in head..<chunks.count {
            if chunks[position].generation >= generation {
                chunks[kept] = chunks[position]
                kept += 1
            } else {
                freeSlot(of: chunks[position])
            }
        }
        chunks.removeSubrange(kept...)
        chunks.removeSubrange(..<head)
        head = 0
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the ring: waiting calls return, later ones do nothing.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Returns the slot `chunk` names to the free list; the lock is held.
    private func freeSlot(of chunk: PCMChunk) {
        if case .samples(let slot, _, _, _) = chunk.content { freeSlots.append(slot) }
    }
}
