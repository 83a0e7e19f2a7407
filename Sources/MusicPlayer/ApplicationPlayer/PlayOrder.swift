import MediaModel

/// The order a queue plays in under a shuffle mode, and what follows or precedes an item under a repeat mode.
/// A value type; the player keeps it behind a lock because the engine asks for the next item from its decoder
/// thread.
struct PlayOrder: Sendable {
    /// Queue indices in the order they play.
    private(set) var sequence: [Int] = []
    private var positions: [Int: Int] = [:]
    var repeatMode = RepeatMode.none

    /// The order of `items` under `shuffle`, with `current` (if any) first when shuffled, so it plays on.
    init(items: [MediaItem], shuffle: ShuffleMode, current: Int?, repeatMode: RepeatMode) {
        self.repeatMode = repeatMode
        var generator = SystemRandomNumberGenerator()
        switch shuffle {
        case .off:
            sequence = Array(items.indices)
        case .songs:
            sequence = Array(items.indices).shuffled(using: &generator)
        case .albums:
            var albums: [String: [Int]] = [:]
            var keys: [String] = []
            for index in items.indices {
                let key =
                    (items[index].albumArtist ?? items[index].artist ?? "") + "\u{1F}" + (items[index].album ?? "")
                if albums[key] == nil { keys.append(key) }
                albums[key, default: []].append(index)
            }
            sequence = keys.shuffled(using: &generator).flatMap { albums[$0] ?? [] }
        }
        if shuffle != .off, let current, let at = sequence.firstIndex(of: current) {
            // The item playing stays first (its album with it, when albums are shuffled).
            if shuffle == .albums {
                let key = Self.albumKey(items[current])
                let group = sequence.filter { Self.albumKey(items[$0]) == key }
                sequence = group + sequence.filter { Self.albumKey(items[$0]) != key }
            } else {
                sequence.remove(at: at)
                sequence.insert(current, at: 0)
            }
        }
        index()
    }

    /// Adds queue indices `range` (new items) at the end, shuffled among themselves when `shuffled`.
    mutating func append(_ range: Range<Int>, shuffled: Bool) {
        var generator = SystemRandomNumberGenerator()
        sequence += shuffled ? Array(range).shuffled(using: &generator) : Array(range)
        index()
    }

    /// Makes room for queue indices `range` (items inserted there): later items move up; the new ones play in
    /// queue order, or at random places after `current` when `shuffled`.
    mutating func insert(_ range: Range<Int>, shuffled: Bool, after current: Int?) {
        sequence = sequence.map { $0 >= range.lowerBound ? $0 + range.count : $0 }
        if shuffled {
            var generator = SystemRandomNumberGenerator()
            let moved = current.map { $0 >= range.lowerBound ? $0 + range.count : $0 }
            let start = moved.flatMap { sequence.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            for index in range {
                sequence.insert(index, at: Int.random(in: start...sequence.count, using: &generator))
            }
        } else {
            // Unshuffled, the order is the queue's.
            sequence = Array(0..<(sequence.count + range.count))
        }
        index()
    }

    /// Takes queue index `removed` out; later items move down.
    mutating func remove(_ removed: Int) {
        sequence = sequence.compactMap { $0 == removed ? nil : ($0 > removed ? $0 - 1 : $0) }
        index()
    }

    /// Queue index `from` was moved to `to`: the items between shift by one. Unshuffled, the order is the queue's;
    /// shuffled, each item keeps its turn.
    mutating func move(from: Int, to: Int, shuffled: Bool) {
        if shuffled {
            sequence = sequence.map { Self.moved($0, from: from, to: to) }
        } else {
            sequence = Array(sequence.indices)
        }
        index()
    }

    /// Where queue index `index` stands after the item at `from` moved to `to`.
    static func moved(_ index: Int, from: Int, to: Int) -> Int {
        if index == from { return to }
        if from < to, index > from, index <= to { return index - 1 }
        if to < from, index >= to, index < from { return index + 1 }
        return index
    }

    /// The item after `index`: itself under repeat one; the first again after the last under repeat all.
    func next(after index: Int) -> Int? {
        repeatMode == .one ? index : following(index)
    }

    /// The item after `index` in the order, whatever repeat one says (the first again after the last under repeat
    /// all).
    func following(_ index: Int) -> Int? {
        guard let position = positions[index] else { return nil }
        if position + 1 < sequence.count { return sequence[position + 1] }
        return repeatMode == .all ? sequence.first : nil
    }

    /// The item before `index` (the last under repeat all, when `index` is first).
    func previous(before index: Int) -> Int? {
        guard let position = positions[index] else { return nil }
        if position > 0 { return sequence[position - 1] }
        return repeatMode == .all ? sequence.last : nil
    }

    /// Whether `second`, played after `first`, joins it sample-exact whatever the crossfade (B-P9): it is the song
    /// after `first` on the same album (the next track of its disc, or the first of the next disc; any song of the
    /// album when either has no track number), or `first` again (repeat one).
    static func joinsGaplessly(_ first: MediaItem, _ second: MediaItem) -> Bool {
        if first.id == second.id && first.path == second.path { return true }
        guard let album = first.album, !album.isEmpty, albumKey(first) == albumKey(second) else { return false }
        guard let track = first.trackNumber, let nextTrack = second.trackNumber else { return true }
        let disc = first.discNumber ?? 1
        let nextDisc = second.discNumber ?? 1
        return (nextDisc == disc && nextTrack == track + 1) || (nextDisc == disc + 1 && nextTrack <= 1)
    }

    /// What groups songs into an album when albums are shuffled.
    private static func albumKey(_ item: MediaItem) -> String {
        (item.albumArtist ?? item.artist ?? "") + "\u{1F}" + (item.album ?? "")
    }

    /// The first item to play.
    var first: Int? { sequence.first }

    private mutating func index() {
        positions = Dictionary(uniqueKeysWithValues: sequence.enumerated().map { ($1, $0) })
    }
}
