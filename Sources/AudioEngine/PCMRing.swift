import Foundation

/// The bounded queue between the decoder thread and the output thread: `push` waits while it holds `capacity`
/// chunks, `pop` waits while it is empty. `clear()` drops everything at once (seek, skip, stop).
final class PCMRing: @unchecked Sendable {
    private let condition = NSCondition()
    private var chunks: [PCMChunk] = []
    private var head = 0
    private var closed = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Adds `chunk`, waiting for room; returns false (dropping it) when the ring is closed or `isStale` says the
    /// chunk no longer matters.
    func push(_ chunk: PCMChunk, isStale: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count - head >= capacity && !closed && !isStale() { condition.wait() }
        guard !closed, !isStale() else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    /// The oldest chunk, waiting for one; nil once closed.
    func pop() -> PCMChunk? {
        condition.lock()
        defer { condition.unlock() }
        while head == chunks.count && !closed { condition.wait() }
        guard !closed, head < chunks.count else { return nil }
        let chunk = chunks[head]
        head += 1
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return chunk
    }

    /// Drops every chunk older than `generation` and wakes a waiting `push`, which then rechecks whether its chunk
    /// is stale. Chunks of `generation` itself stay: the decoder may already have made some for the new position
    /// by the time the one who moved it gets here.
    func clear(before generation: Int) {
        condition.lock()
        let kept = chunks[head...].filter { $0.generation >= generation }
        chunks.removeAll(keepingCapacity: true)
        chunks.append(contentsOf: kept)
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
}
