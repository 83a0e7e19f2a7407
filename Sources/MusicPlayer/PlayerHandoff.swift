import Dispatch
import MediaModel

/// What one player hands to the other when the music moves between them: the queue, the item playing and where in
/// it, and whether it plays. Taken from the first player's snapshot at one moment; the time goes on from then while
/// it plays, so the second player starts where the music is when it carries the handoff out.
public struct PlayerHandoff: Sendable, Equatable {
    /// The queue, in order, as the receiving player can play it.
    public var items: [MediaItem]
    /// The index in `items` of the item to continue; nil: the queue is set, stopped.
    public var index: Int?
    /// Seconds into that item when the handoff was taken.
    public var seconds: Double
    /// When `seconds` was read (monotonic nanoseconds, `DispatchTime.now().uptimeNanoseconds`).
    public var takenAt: UInt64
    /// Whether the music plays on (else it waits paused at the item and time).
    public var playing: Bool

    /// A handoff of `items`, continuing at `index` from `seconds` (read at `takenAt`), playing or paused.
    public init(
        items: [MediaItem], index: Int?, seconds: Double, takenAt: UInt64 = DispatchTime.now().uptimeNanoseconds,
        playing: Bool
    ) {
        self.items = items
        self.index = index.flatMap { items.indices.contains($0) ? $0 : nil }
        self.seconds = MediaTime.position(seconds)
        self.takenAt = takenAt
        self.playing = playing && self.index != nil
    }

    /// Seconds into the item at `now`: `seconds`, moved on by the time since `takenAt` while playing; 0 for a
    /// stream (it plays where it is live) and never past the item's end.
    public func position(at now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Double {
        guard let index else { return 0 }
        let item = items[index]
        if item.streamURL != nil { return 0 }
        let moved = playing && now > takenAt ? seconds + Double(now - takenAt) / 1e9 : seconds
        return item.duration > 0 ? min(moved, item.duration) : moved
    }
}
