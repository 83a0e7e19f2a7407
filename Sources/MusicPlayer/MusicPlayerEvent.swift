import MediaModel

/// What a player reports, in order, on the queue its observer chose.
public enum MusicPlayerEvent: Sendable, Equatable {
    /// The item playing changed (nil: nothing plays, e.g. after the queue ended).
    case nowPlayingItemChanged(MediaItem?)
    /// The playback state changed.
    case playbackStateChanged(PlaybackState)
    /// Items were set, added or removed.
    case queueChanged
    /// Shuffle, repeat or the volume changed.
    case settingsChanged
    /// The position moved other than by playing on (a seek).
    case positionChanged
    /// An item could not be played (missing, unreadable) and was skipped; the message says why (B-F1).
    case itemSkipped(MediaItem, message: String)
    /// The device the music played on went away; the player paused (B-P4).
    case outputDeviceUnavailable
    /// The audio server (for the system player: its music daemon) went away; the player keeps its state and waits
    /// for it (B-F4).
    case audioServerUnavailable
    /// The audio server (or the music daemon) is back and the music goes on.
    case audioServerAvailable
    /// A command could not be carried out: the music daemon refused it (a song it does not have, a queue past its
    /// limit) or failed to answer it in time; the message is the daemon's own, or says what timed out.
    case commandFailed(message: String)
    /// The stream playing sent a new title (ICY `StreamTitle`: untrusted text, shown through `TerminalSafeText`);
    /// the snapshot's `streamTitle` holds it.
    case streamTitleChanged(String)
    /// The stream `item` dropped or stalled (`message` says how) and is being reconnected, the `attempt`th time in a
    /// row; after `PlaybackEngine.streamRetries` in vain it is skipped (`itemSkipped`).
    case streamReconnecting(MediaItem, attempt: Int, message: String)
    /// A play of the item counted: at least half of it, or four minutes, was heard since it started (B-H1). Sent
    /// once per pass through the item, as soon as it counts; whoever owns the library records it.
    case playCounted(MediaItem)
    /// The item was left with "next" before its play counted (B-H2); whoever owns the library records it.
    case skipCounted(MediaItem)
    /// The queue, item and position could not be saved to `path` (a full disk, a folder that cannot be written);
    /// sent once, and again only after a save has succeeded since. `error` is the file system's.
    case stateNotSaved(path: String, error: String, diskFull: Bool)
}
