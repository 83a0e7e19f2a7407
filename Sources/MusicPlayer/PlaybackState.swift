/// Where a player stands (B-P3).
public enum PlaybackState: Sendable, Hashable {
    case stopped
    case playing
    case paused
    /// Another program's audio took priority (a call); the player waits for it to end.
    case interrupted
    case seekingForward
    case seekingBackward
}

/// Which items a player repeats.
public enum RepeatMode: Sendable, Hashable {
    case none
    case one
    case all
}

/// How a player orders its queue.
public enum ShuffleMode: Sendable, Hashable {
    case off
    case songs
    case albums
}
