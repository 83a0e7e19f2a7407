import MediaModel

/// The first `room` of any number of paths in path order, found one at a time, holding no more than twice `room`
/// paths at any moment: a folder of a million files costs the memory of the files an open may read, not of the
/// folder. Counts every path added.
struct FirstPaths {
    /// How many paths are kept.
    let room: Int
    /// How many paths were added.
    private(set) var count = 0
    private var kept: [LibraryPath] = []
    /// Once `kept` was cut down to `room`: the last path kept, after which nothing can be among the first.
    private var bound: LibraryPath?

    init(room: Int) { self.room = max(0, room) }

    /// Counts `path`, and keeps it while it may be among the first `room`.
    mutating func add(_ path: LibraryPath) {
        count += 1
        guard room > 0 else { return }
        if let bound, path >= bound { return }
        kept.append(path)
        if kept.count >= 2 * room { cut() }
    }

    /// How many paths are held now: never more than twice `room`.
    var held: Int { kept.count }

    /// The first `room` paths added (all of them when fewer), in path order.
    var paths: [LibraryPath] {
        var copy = self
        copy.cut()
        return copy.kept
    }

    private mutating func cut() {
        kept.sort()
        if kept.count > room { kept.removeLast(kept.count - room) }
        if kept.count == room { bound = kept.last }
    }
}
