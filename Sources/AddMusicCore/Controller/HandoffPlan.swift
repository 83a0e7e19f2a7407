import Dispatch
import MediaModel
import MusicPlayer

/// Which songs of a queue the receiving player can play, and as what, when the music moves between the players
/// (B-P7). Songs are looked up once each (by path: the same song twice is one lookup); those the receiver cannot
/// reach are left out and named. Its lookups may wait for the music daemon or the disk: use it off the main thread.
struct HandoffPlan {
    /// Turns songs of the giving player into songs of the receiving one: nil for each it cannot reach.
    typealias Mapper = @Sendable ([MediaItem]) throws -> [MediaItem?]

    private let mapper: Mapper
    /// Each song looked up, by path: what the receiver plays, or nil when it cannot reach it.
    private var mapped: [LibraryPath: MediaItem?] = [:]

    /// A plan for `items` (the giving player's queue now), looked up through `mapper`.
    /// - Throws: what `mapper` throws (the daemon does not answer).
    init(items: [MediaItem], mapper: @escaping Mapper) throws {
        self.mapper = mapper
        try lookUp(items)
    }

    /// Looks up the songs of `items` not looked up yet.
    private mutating func lookUp(_ items: [MediaItem]) throws {
        var seen = Set<LibraryPath>()
        let fresh = items.filter { mapped[$0.path] == nil && seen.insert($0.path).inserted }
        guard !fresh.isEmpty else { return }
        for (item, found) in zip(fresh, try mapper(fresh)) { mapped[item.path] = .some(found) }
    }

    /// The handoff of the giving player as `snapshot` shows it (songs added since the plan was made are looked up
    /// now; should that fail they count as unreachable), and the songs left out, in queue order. When the item
    /// playing is left out, the music goes on with the next song kept, from its start.
    mutating func handoff(
        of snapshot: PlayerSnapshot, at now: UInt64 = DispatchTime.now().uptimeNanoseconds
    ) -> (handoff: PlayerHandoff, missing: [MediaItem]) {
        let items = snapshot.queue.items
        try? lookUp(items)
        var kept: [MediaItem] = []
        var missing: [MediaItem] = []
        var index: Int?
        var seconds = snapshot.playbackTime(at: now)
        for (position, item) in items.enumerated() {
            guard let found = mapped[item.path] ?? nil else {
                missing.append(item)
                continue
            }
            if let playing = snapshot.nowPlayingIndex, index == nil, position >= playing {
                if position > playing { seconds = 0 }  // the song playing was left out: the next one from its start
                index = kept.count
            }
            kept.append(found)
        }
        let playing = snapshot.state == .playing && snapshot.nowPlayingIndex != nil
        return (
            PlayerHandoff(items: kept, index: index, seconds: seconds, takenAt: now, playing: playing), missing
        )
    }
}
