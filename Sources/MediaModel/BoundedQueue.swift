import Foundation

/// A bounded first-in first-out queue between threads: `put` waits while it holds `capacity` elements, `take` waits
/// while it is empty. After `close()`, `put` drops its element and `take` hands out what is left, then nil.
///
/// The elements live in a ring of slots made at `init` (at most `preallocated` of them) and doubled, up to
/// `capacity`, only when the queue holds more than ever before: a queue of up to `preallocated` elements (the
/// engine's PCM ring) never allocates after `init`, so the real-time path can use it. The lock is held only to
/// move an element in or out (and for the closures passed to `put(_:unless:)` and `removeAll(where:)`, which must
/// be short and must not call the queue). Called from any thread.
public final class BoundedQueue<Element> {
    /// How many slots `init` makes at most; a larger capacity grows its ring as it fills.
    public static var preallocated: Int { 256 }

    /// The most elements the queue holds at once.
    public let capacity: Int

    private let condition = NSCondition()
    private var slots: [Element?]
    private var head = 0
    private var count = 0
    private var closed = false
    /// How many elements a `put` must make before it wakes a waiting taker: 1, but `wanted` while
    /// `take(gathering:waitingAtMost:)` gathers.
    private var wakeAt = 1

    /// An empty queue that holds at most `capacity` elements (`Int.max`: as many as memory allows).
    public init(capacity: Int) {
        precondition(capacity > 0, "a queue must hold at least one element")
        self.capacity = capacity
        slots = Array(repeating: nil, count: min(capacity, Self.preallocated))
    }

    /// Adds `element` at the end, waiting for room; returns false (dropping it) when the queue is closed or when
    /// `giveUp`, asked under the queue's lock before the wait and after each wake, says the element no longer
    /// matters. Blocks the caller while the queue is full.
    @discardableResult
    public func put(_ element: Element, unless giveUp: () -> Bool = { false }) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while count >= capacity && !closed && !giveUp() { condition.wait() }
        guard !closed, !giveUp() else { return false }
        if count == slots.count { grow() }
        slots[(head + count) % slots.count] = element
        count += 1
        if count >= wakeAt { condition.broadcast() }
        return true
    }

    /// The oldest element, waiting for one; nil once the queue is closed and empty. Blocks the caller while the
    /// queue is empty.
    public func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !closed { condition.wait() }
        return removeFirst()
    }

    /// The oldest element, waiting for one; nil once the queue is closed and empty, or when `giveUp`, asked under
    /// the queue's lock before the wait and after each wake, says it is no longer wanted.
    public func take(unless giveUp: () -> Bool) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !closed && !giveUp() { condition.wait() }
        return giveUp() ? nil : removeFirst()
    }

    /// Wakes whoever waits in `put(_:unless:)` or `take(unless:)`, to ask its `giveUp` again.
    public func wakeWaiters() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest element, as `take()`; but when the queue is empty it waits until `wanted` elements are there (or,
    /// once `seconds` passed, one), so that a producer faster than the caller wakes it once for `wanted` elements
    /// rather than once for each.
    public func take(gathering wanted: Int, waitingAtMost seconds: Double) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        if count == 0 && !closed {
            wakeAt = max(1, wanted)
            defer { wakeAt = 1 }
            let deadline = Date(timeIntervalSinceNow: seconds)
            while count < wanted && !closed {
                guard condition.wait(until: deadline) else {
                    // Time is up: one element will do, and the next `put` wakes the caller for it.
                    wakeAt = 1
                    while count == 0 && !closed { condition.wait() }
                    break
                }
            }
        }
        return removeFirst()
    }

    /// The oldest element, waiting up to `timeout` seconds for one; nil when none came in time, or when the queue
    /// is closed and empty.
    public func take(timeout: Double) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while count == 0 && !closed {
            if !condition.wait(until: deadline) { break }
        }
        return removeFirst()
    }

    /// Drops every element for which `shouldBeRemoved` is true, keeping the others in order, hands each one dropped
    /// to `removed` (under the lock: it must not call this queue), and wakes a waiting `put`, which then asks its
    /// `giveUp` again. Works in place: no allocation.
    public func removeAll(where shouldBeRemoved: (Element) -> Bool, removed: (Element) -> Void = { _ in }) {
        condition.lock()
        defer { condition.unlock() }
        var kept = 0
        for offset in 0..<count {
            let index = (head + offset) % slots.count
            guard let element = slots[index] else { continue }
            slots[index] = nil
            if shouldBeRemoved(element) {
                removed(element)
            } else {
                slots[(head + kept) % slots.count] = element
                kept += 1
            }
        }
        count = kept
        if count == 0 { head = 0 }
        condition.broadcast()
    }

    /// Ends the queue: waiting calls return, later `put`s drop their element, `take` drains what is left.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the head out, with the lock held; nil when empty.
    private func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        condition.broadcast()
        return element
    }

    /// Doubles the ring (at most to `capacity`), with the lock held, unrolling it so the head is at slot 0.
    private func grow() {
        let size = slots.count > capacity / 2 ? capacity : slots.count * 2
        var larger = [Element?](repeating: nil, count: size)
        for offset in 0..<count { larger[offset] = slots[(head + offset) % slots.count] }
        slots = larger
        head = 0
    }
}

// The lock guards every stored property; elements cross threads, so they must be sendable.
extension BoundedQueue: @unchecked Sendable where Element: Sendable {}
