import Foundation

/// A bounded first-in first-out queue between threads: `push` waits while full, `pop` waits while empty.
///
/// After `close()`, `push` drops its element and `pop` drains what is left, then returns nil.
final class BlockingQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var head = 0
    private var closed = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func push(_ element: Element) {
        condition.lock()
        defer { condition.unlock() }
        while elements.count - head >= capacity && !closed { condition.wait() }
        guard !closed else { return }
        elements.append(element)
        condition.broadcast()
    }

    /// The next element, waiting up to `timeout` seconds (nil timeout: wait as long as it takes).
    func pop(timeout: Double? = nil) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while head == elements.count && !closed {
            if let deadline {
                if !condition.wait(until: deadline) { return nil }
            } else {
                condition.wait()
            }
        }
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head > 1024 && head * 2 > elements.count {
            elements.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return element
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
