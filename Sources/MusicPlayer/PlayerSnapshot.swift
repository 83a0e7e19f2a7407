import Dispatch
import MediaModel

/// What a player is doing at one moment: its state, its queue, the item playing and where in it. Every event a
/// player sends comes with the snapshot taken when it was sent, and `MusicPlayerController.snapshot` answers the
/// newest at once, so an observer never has to ask the player again.
public struct PlayerSnapshot: Sendable, Equatable {
    /// Stopped, playing, paused or interrupted.
    public var state = PlaybackState.stopped
    /// The queue, in order, with the version it had.
    public var queue = QueueSnapshot()
    /// The index in `queue` of the item playing or paused.
    public var nowPlayingIndex: Int?
    /// Seconds into the item playing, as read at `positionReadAt`.
    public var position = 0.0
    /// When `position` was read (monotonic nanoseconds, `DispatchTime.now().uptimeNanoseconds`).
    public var positionReadAt: UInt64 = 0
    /// How the queue's order is shuffled.
    public var shuffleMode = ShuffleMode.off
    /// What repeats.
    public var repeatMode = RepeatMode.none
    /// The loudness, 0 to 1.
    public var volume = 1.0
    /// The title the stream playing sent last (ICY `StreamTitle`, untrusted text); nil for a file, or before any.
    public var streamTitle: String?

    public init() {}

    /// The item playing or paused, if any.
    public var nowPlayingItem: MediaItem? {
        guard let nowPlayingIndex, queue.items.indices.contains(nowPlayingIndex) else { return nil }
        return queue.items[nowPlayingIndex]
    }

    /// Seconds into the item playing at `now` (monotonic nanoseconds): the position read, moved on by the time
    /// since while playing, and never past the item's end.
    public func playbackTime(at now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Double {
        guard let item = nowPlayingItem else { return 0 }
        guard state == .playing, now > positionReadAt else { return position }
        let moved = position + Double(now - positionReadAt) / 1e9
        return item.duration > 0 ? min(moved, item.duration) : moved
    }

    /// Sets `position` as read now.
    mutating func setPosition(_ seconds: Double) {
        position = seconds
        positionReadAt = DispatchTime.now().uptimeNanoseconds
    }
}
