import MediaModel

/// What a front without a screen state to draw (the terminal player) hears of the music from the controller: each
/// moment once, in order, none dropped. The controller decides what a player's event means (which song began, a
/// stop asked for here or the music's end, what went wrong); the front only puts it in its own words.
public enum MusicNotice: Sendable, Equatable {
    /// A song or a stream began to play.
    case started(MediaItem)
    /// The stream playing has a new title of its own (untrusted text, as the station sent it).
    case streamTitle(String)
    /// A file that cannot be played was passed over (B-F1), and why.
    case skipped(MediaItem, reason: String)
    /// The stream playing dropped and is being reconnected, attempt `attempt` of the player's few (B-W3).
    case streamReconnecting(MediaItem, attempt: Int, reason: String)
    /// The music's output device went away, so the music paused (B-P4).
    case deviceLost
    /// The audio server (for the system player, its daemon) went away; the music waits for it (B-F4).
    case serverLost
    /// It came back.
    case serverBack
    /// Audio that takes priority plays (a call); the music waits for it to end (B-R5).
    case interrupted
    /// The queue and position could not be saved: the sentence that says why, in the user's language.
    case stateNotSaved(String)
    /// The music daemon did not carry out a command, in its own words.
    case commandFailed(String)
    /// The music stopped, not by `stop()` here: the queue ended, the output failed, or another client (the
    /// desktop's Stop, another client of the daemon) stopped it.
    case ended
    /// The sleep timer ran out: the music faded out and paused (B-P11).
    case sleepEnded
}
