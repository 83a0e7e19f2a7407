import Dispatch
import MediaModel

/// A music player the app drives, whichever plays the music: the application player here, the system player
/// (the machine's MPD). All members may be called from any thread, and none waits. Commands return at once: the
/// player carries them out on a thread of its own, and what came of them arrives as events, each with a
/// `PlayerSnapshot`; `snapshot` is the state now. The reads that wait for the commands before them are another
/// protocol's, `SettledPlayerReads`, for scripts and tests: an interface sees only this one.
public protocol MusicPlayerController: AnyObject, Sendable {
    /// The player as it is now: at once, from any thread.
    var snapshot: PlayerSnapshot { get }
    /// Moves to `seconds` into the item playing.
    func seek(to seconds: Double)
    /// Replaces the queue; the player stops, and the next `play()` starts at its first item.
    func setQueue(_ collection: MediaItemCollection)
    /// Replaces the queue and plays it from the first item of its play order, as one change: the player goes to
    /// playing with no stop between, so an observer never takes the new queue for the end of the music (another
    /// program's request, MPRIS's ActivatePlaylist). An empty collection stops the player.
    func setQueueAndPlay(_ collection: MediaItemCollection)
    /// Adds `collection` after the queue's last item as one change; what plays goes on undisturbed (B-A4).
    func append(_ collection: MediaItemCollection)
    /// Inserts `collection` before the queue's item at `index` (at the end when `index` is the queue's length) as
    /// one change; what plays goes on undisturbed.
    func insert(_ collection: MediaItemCollection, at index: Int)
    /// Removes the queue's item at `index`; when it is the item playing, the next one in the play order takes its
    /// place (or the player stops when there is none).
    func removeItem(at index: Int)
    /// Moves the queue's item at `from` so that it stands at `to` (both in the queue as it is before the move) as
    /// one change; what plays goes on undisturbed, the same item from the same time.
    func moveItem(from: Int, to: Int)
    /// Empties the queue; the player stops (the next `play()` has nothing to play until a new queue comes).
    func clearQueue()
    /// Plays when stopped or paused (B-P1).
    func play()
    /// Pauses, keeping the item and time.
    func pause()
    /// Stops fully: the next `play()` starts the queue from its first item (B-P2).
    func stop()
    /// Moves to the next item.
    func skipToNextItem()
    /// Moves to the previous item.
    func skipToPreviousItem()
    /// Moves to the start of the item playing.
    func skipToBeginning()
    /// Moves to the item at `index` of the queue.
    func skip(toItemAt index: Int)
    /// Sets the loudness, 0 to 1 (clamped; NaN changes nothing).
    func setVolume(_ level: Double)
    /// Shuffles by songs or albums, or restores the queue's order; the item playing plays on.
    func setShuffleMode(_ mode: ShuffleMode)
    /// Repeats nothing, the item playing, or the whole queue.
    func setRepeatMode(_ mode: RepeatMode)
    /// Calls `handler` with the events from now on and the snapshot taken when each was sent, in order, on `queue`,
    /// coalesced: an event still waiting there is dropped when a newer one of its kind comes (a screen draws the
    /// newest); plays, skips and problems are never dropped.
    func observe(on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void)
    /// As `observe`, but every event, none dropped: a log that names each song that played, however short.
    func observeEveryEvent(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void)
    /// The item's artwork as a small JPEG, when the player has it itself (the system player asks its daemon);
    /// nil otherwise (the app then uses the library's thumbnail, or a placeholder).
    func artwork(for item: MediaItem) -> [UInt8]?
    /// Where `item`'s file is on this machine, so that the library's copy of the song (its lyrics, its full picture)
    /// can be found; nil when it is not a local file (a stream, a daemon's song outside any folder shared here).
    /// Any thread; returns at once.
    func localPath(for item: MediaItem) -> LibraryPath?
    /// How ReplayGain tags set each song's level from now on; nil when the user never chose (a player with a
    /// level setting of its own, the shared music daemon, keeps it; the application player plays levels as tagged
    /// files are).
    func setReplayGain(_ mode: ReplayGainMode?)
    /// How many seconds (0–12; 0: none) one song fades out as the next fades in, from the next border on. Returns at
    /// once.
    func setCrossfade(_ seconds: Double)
    /// Takes the music over from the other player (`handoff`): its queue replaces this one's, and the item goes on
    /// from where the music is when the command is carried out, playing or paused as it was, as one command.
    func takeOver(_ handoff: PlayerHandoff)
    /// Lets the player go for good: it stops taking commands and closes what it holds (its output, its
    /// connections). Any thread.
    func shutDown()
}

extension MusicPlayerController {
    /// Players without artwork of their own have none to give.
    public func artwork(for item: MediaItem) -> [UInt8]? { nil }

    /// Players of local files: the item's own path, when it is absolute.
    public func localPath(for item: MediaItem) -> LibraryPath? {
        item.audioFile.bytes.first == UInt8(ascii: "/") ? item.audioFile : nil
    }

    /// A player without a handoff of its own takes one as its commands: the queue, the item, the time, then play
    /// or pause.
    public func takeOver(_ handoff: PlayerHandoff) {
        setQueue(MediaItemCollection(items: handoff.items))
        guard let index = handoff.index else { return }
        skip(toItemAt: index)
        seek(to: handoff.position())
        if handoff.playing { play() } else { pause() }
    }

    /// A player that holds nothing has nothing to let go.
    public func shutDown() {}
}
