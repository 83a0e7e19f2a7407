import Dispatch
import MediaModel

/// A sleep timer running (B-P11), held by the controller on the main thread.
struct SleepTimerState {
    var plan: SleepPlan
    /// When it began (monotonic nanoseconds).
    var began: UInt64
    /// The song playing when it began (the end of the song is that song's).
    var item: MediaItem?
    /// The seconds the music fades out over before it pauses.
    var fade: Double
    /// The volume before the fade, put back once the music is paused.
    var volume: Double
    /// Whether the fade has begun (the player's volume then follows it).
    var fading = false
    /// The seconds left at the last look (to the end of a song or of the queue): a rise from under a second (plus
    /// the crossfade) means the music went round again (repeat), which is the end.
    var lastLeft: Double?
    /// The main-queue timer that checks it.
    var timer: DispatchSourceTimer

    /// Whether it runs for a time (not to the end of a song or of the queue).
    var isTimed: Bool {
        if case .after = plan { return true }
        return false
    }
}
