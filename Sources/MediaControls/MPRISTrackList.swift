import MediaModel
import MusicPlayer

/// The queue as MPRIS's TrackList publishes it, and the changes a new queue makes to it.
///
/// Every entry of the queue has an id (an object path) that stays its own while the entry stays in the queue: a new
/// queue's entries take the ids of the old queue's entries of the same song, in order, and only new entries get new
/// ids. The list published is a window of at most `bound` entries: up to `before` entries before the one playing and
/// the rest after it, so a long queue costs the bus no more than this and the song playing is always in it.
struct MPRISTrackList {
    /// An entry published: its id and its song.
    struct Entry: Equatable {
        let id: String
        let item: MediaItem
    }

    /// One change of the published list, in the order the client applies them.
    enum Change: Equatable {
        /// Too much changed, or the order did: the whole list (TrackListReplaced).
        case replaced
        /// The entry at this index of the new list (TrackAdded).
        case added(Int)
        /// The entry of this id (TrackRemoved).
        case removed(String)
        /// The entry at this index of the new list has new tags (TrackMetadataChanged).
        case changed(Int)
    }

    /// The most entries published.
    static let bound = 1000
    /// How many of them may come before the entry playing.
    static let before = 100
    /// Past this many additions and removals, one TrackListReplaced says it better.
    static let mostChanges = 64

    /// The entries published, in order.
    private(set) var entries: [Entry] = []
    /// The id of the entry playing; nil when none is.
    private(set) var currentID: String?
    /// The queue the ids were given for: its version, its items and each entry's id.
    private var version: Int?
    private var items: [MediaItem] = []
    private var ids: [String] = []
    /// The ids of the queue as the player's snapshot has it, before edits asked here and not carried out yet: what
    /// the snapshot's position of the entry playing indexes.
    private var snapshotIDs: [String] = []
    private var start = 0
    /// Whether an edit was made here since the list was last published.
    private var edited = false
    private var nextNumber: UInt64 = 0

    /// The queue's position of the entry `id`; nil when the queue holds no such entry.
    func queueIndex(of id: String) -> Int? { ids.firstIndex(of: id) }

    /// Removes the queue's entry at `index` as the player is asked to; the player's next queue keeps the ids.
    mutating func removeEntry(at index: Int) {
        guard ids.indices.contains(index) else { return }
        ids.remove(at: index)
        items.remove(at: index)
        edited = true
    }

    /// Inserts `item` at `index` of the queue, with a new id, as the player is asked to.
    mutating func insertEntry(_ item: MediaItem, at index: Int) {
        let at = min(max(0, index), ids.count)
        ids.insert(newID(), at: at)
        items.insert(item, at: at)
        edited = true
    }

    /// Takes `queue`, with the entry at `current` playing; returns the changes to the published list, or nil when
    /// it is the same.
    mutating func update(queue: QueueSnapshot, current: Int?) -> [Change]? {
        var changed = edited || version != queue.version
        edited = false
        if version != queue.version {
            ids = matchedIDs(for: queue.items)
            items = queue.items
            snapshotIDs = ids
            version = queue.version
        }
        currentID = current.flatMap { snapshotIDs.indices.contains($0) ? snapshotIDs[$0] : nil }
        let playing = currentID.flatMap { ids.firstIndex(of: $0) } ?? current ?? 0
        let first = max(0, min(playing - Self.before, ids.count - Self.bound))
        changed = changed || first != start
        start = first
        guard changed else { return nil }
        let end = min(ids.count, start + Self.bound)
        let window = (start..<end).map { Entry(id: ids[$0], item: items[$0]) }
        guard window != entries else { return nil }
        let changes = Self.changes(from: entries, to: window)
        entries = window
        return changes
    }

    /// A song by its index id and its file: files outside the library all have id 0, and a song's file may be in
    /// the queue more than once.
    private struct SongKey: Hashable {
        let id: Int64
        let path: LibraryPath

        init(_ item: MediaItem) {
            id = item.id
            path = item.path
        }
    }

    /// The ids of a queue of `newItems`: the old entries' ids of the same songs (the same id and file), in order, then
    /// new ones.
    private mutating func matchedIDs(for newItems: [MediaItem]) -> [String] {
        var unused: [SongKey: [String]] = [:]
        for (item, id) in zip(items, ids).reversed() { unused[SongKey(item), default: []].append(id) }
        return newItems.map { item in
            unused[SongKey(item)]?.popLast() ?? newID()
        }
    }

    private mutating func newID() -> String {
        nextNumber += 1
        return "/org/addmusic/AddMusic/TrackList/\(nextNumber)"
    }

    /// What turns `old` into `new`: the removals, then the additions from the first index on, then the entries whose
    /// songs changed; or one replacement when entries that stay changed places or too much changed.
    static func changes(from old: [Entry], to new: [Entry]) -> [Change] {
        let oldIDs = Set(old.map(\.id)), newIDs = Set(new.map(\.id))
        let staying = old.filter { newIDs.contains($0.id) }
        guard staying.map(\.id) == new.filter({ oldIDs.contains($0.id) }).map(\.id) else { return [.replaced] }
        let removed = old.filter { !newIDs.contains($0.id) }.map { Change.removed($0.id) }
        let added = new.indices.filter { !oldIDs.contains(new[$0].id) }.map { Change.added($0) }
        guard removed.count + added.count <= mostChanges else { return [.replaced] }
        let before = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0.item) })
        let changed = new.indices.filter { index in before[new[index].id].map { $0 != new[index].item } ?? false }
        return removed + added + changed.map { Change.changed($0) }
    }
}
