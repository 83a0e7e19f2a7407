/// The queue as the engine sees it: the play order (in queue indices) and which engine track ("slot") each queue
/// item is. The engine's track list only grows while it plays, so inserting or removing items never renumbers what
/// it is decoding; the player maps between the two. Kept behind a lock: the engine asks for the next slot from its
/// decoder thread.
struct QueueLineup: Sendable {
    var order: PlayOrder
    /// The engine slot of each queue item, in queue order.
    private(set) var slots: [Int] = []
    /// The queue item of each engine slot still in the queue.
    private var items: [Int: Int] = [:]
    /// How many tracks the engine holds.
    private(set) var slotCount = 0

    init(order: PlayOrder) { self.order = order }

    /// The engine was handed the whole queue, in queue order.
    mutating func loadAll(count: Int) {
        slots = Array(0..<count)
        slotCount = count
        reindex()
    }

    /// `count` items were inserted at queue index `index`; when `loaded`, the engine appends them as new slots.
    mutating func insert(count: Int, at index: Int, loaded: Bool) {
        guard loaded else { return }
        slots.insert(contentsOf: slotCount..<(slotCount + count), at: index)
        slotCount += count
        reindex()
    }

    /// Queue index `index` was removed.
    mutating func remove(at index: Int) {
        guard index < slots.count else { return }
        slots.remove(at: index)
        reindex()
    }

    /// Queue index `from` was moved to `to`: its engine slot goes with it.
    mutating func move(from: Int, to: Int) {
        guard slots.indices.contains(from), slots.indices.contains(to) else { return }
        slots.insert(slots.remove(at: from), at: to)
        reindex()
    }

    /// The queue item engine slot `slot` plays, when it is still in the queue.
    func item(ofSlot slot: Int) -> Int? { items[slot] }

    /// The engine slot of queue item `index`.
    func slot(ofItem index: Int) -> Int? { slots.indices.contains(index) ? slots[index] : nil }

    /// The slot to play after `slot`, by the play order (nil: the queue ends).
    func nextSlot(after slot: Int) -> Int? {
        guard let item = items[slot], let next = order.next(after: item) else { return nil }
        return self.slot(ofItem: next)
    }

    private mutating func reindex() {
        items = Dictionary(uniqueKeysWithValues: slots.enumerated().map { ($1, $0) })
    }
}
