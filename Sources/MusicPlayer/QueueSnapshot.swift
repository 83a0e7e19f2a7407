import Dispatch
import MediaModel

/// A queue as a player holds it at one moment. Its version grows with every change, so an observer can tell a
/// new queue from the one it already shows without comparing the items.
public struct QueueSnapshot: Sendable, Equatable {
    /// Grows by one (or more) with each change of the queue. Versions come from one count for the whole process, so
    /// the queues of two players (the music moved from one to the other, B-P7) never share one.
    public private(set) var version = 0
    /// The items, in order.
    public private(set) var items: [MediaItem] = []

    public init() {}

    /// A queue of `items` at `version`.
    public init(version: Int, items: [MediaItem]) {
        self.version = version
        self.items = items
    }

    /// The queue now holding `items`, at a version newer than this one's and than any other queue's so far.
    func replaced(by items: [MediaItem]) -> QueueSnapshot {
        let next = Self.versions.withLock { newest in
            newest = max(newest, version) + 1
            return newest
        }
        return QueueSnapshot(version: next, items: items)
    }

    /// The newest version given to any queue in this process.
    private static let versions = Locked(0)

    public static func == (lhs: QueueSnapshot, rhs: QueueSnapshot) -> Bool {
        lhs.version == rhs.version && lhs.items == rhs.items
    }
}
