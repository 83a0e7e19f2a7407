import MediaModel

/// The reads of a player that wait: each answers once every command asked before it is carried out (on the
/// player's own thread; for the system player, once its daemon answered, within its deadlines). For scripts,
/// benchmarks and tests that want the outcome of their commands; an interface reads `snapshot` and the events'
/// snapshots instead, and is given only `MusicPlayerController`.
public protocol SettledPlayerReads: MusicPlayerController {
    /// Stopped, playing, paused or interrupted.
    var playbackState: PlaybackState { get }
    /// The item playing or paused, if any.
    var nowPlayingItem: MediaItem? { get }
    /// The queue, in order.
    var queue: [MediaItem] { get }
    /// Seconds into the item playing.
    var currentPlaybackTime: Double { get }
    /// The loudness, 0 to 1.
    var volume: Double { get }
    /// How the queue's order is shuffled.
    var shuffleMode: ShuffleMode { get }
    /// What repeats.
    var repeatMode: RepeatMode { get }
}
