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
