import Dispatch
import MediaModel
import MusicPlayer

/// The terminal player's side of the controller: the notices it prints and the intents of its keys that the window
/// has no use for. The rules are the window's: what a notice means is decided here, from the player's events.
extension AppController {
    /// Which front the controller serves.
    public enum Front: Sendable {
        /// The desktop window: the app sound and the background animation; the player's events coalesced (the screen
        /// draws the newest).
        case window
        /// `addmusic play`: neither the app sound nor the animation; every player event heard, so that each song
        /// that played is told, however short (`observeNotices`).
        case terminal
    }

    /// Calls `handler` on `queue` with every notice from now on, in order, none dropped. Returns at once.
    public func observeNotices(on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicNotice) -> Void) {
        noticeObservers.append((queue, handler))
    }

    /// Hands `notice` to every notice observer.
    func notify(_ notice: MusicNotice) {
        for observer in noticeObservers {
            let handler = observer.handler
            observer.queue.async { handler(notice) }
        }
    }

    /// Makes `items` the queue, in place of any, and plays it from its first (the songs named on the terminal's
    /// command line).
    public func playQueue(_ items: [MediaItem]) {
        guard !items.isEmpty else { return }
        notePlayAsked()
        replaceQueueAndPlay(items)
        queueAsked = true
        current.isPlayPauseEnabled = true
        current.musicButtonTitle = text.string("Show Music")
        publish()
    }

    /// Plays, or plays on, whatever the play/pause control shows (the terminal's start: a saved queue, the daemon's).
    public func play() {
        guard hasQueue else { return }
        playedOnce = true
        notePlayAsked()
        tell { $0.play() }
    }

    /// Stop: the music stops fully (the next play starts the queue from its first item, B-P2). This stop is not the
    /// music's end: no `ended` notice follows it.
    public func stop() {
        guard current.isPlayPauseEnabled else { return }
        // A player that said it stopped, with no play asked since, stops no more and says nothing: nothing to await.
        // Otherwise the stop is awaited, whatever the screen shows (the player may not have said yet that it plays).
        if reportedState != .stopped || playAsked { stopAsked = true }
        tell { $0.stop() }
    }

    /// Notes a play asked of the player, until it says it plays.
    func notePlayAsked() { playAsked = true }

    /// The terminal's previous: back to the start of the song when more than 3 s of it have played, else the song
    /// before.
    public func previousOrRestart() {
        guard current.isPlayPauseEnabled else { return }
        if (progress?.time ?? 0) > 3 {
            tell { $0.skipToBeginning() }
        } else {
            tell { $0.skipToPreviousItem() }
        }
    }

    /// Seeks `seconds` forward (backward when negative) from where the song is, within it.
    public func seek(by seconds: Double) {
        guard let progress, seconds.isFinite else { return }
        seek(to: max(0, progress.time + seconds))
    }

    /// What the player's new state means to the notices: the first stop after `stop()` is the one asked for; any
    /// other stop is the music's end.
    func noteState(_ state: PlaybackState) {
        reportedState = state
        switch state {
        case .stopped:
            if stopAsked {
                stopAsked = false
            } else {
                notify(.ended)
            }
        case .playing: playAsked = false
        case .interrupted: notify(.interrupted)
        default: break
        }
    }

    /// The snapshot of the player that plays the music now. Any thread; returns at once, never waiting for the player.
    public nonisolated var playerSnapshot: PlayerSnapshot { player.snapshot }
}
