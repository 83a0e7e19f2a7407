import MediaLibrary
import MediaModel
import MusicPlayer

/// What the user asks for, on the main actor. Each returns at once: it changes the screen there and then and hands
/// the player its commands (which return at once too); the outcome reaches observers as a new state once the player's
/// events say what came of them. A player or a device that hangs never holds the caller. The decisions are made from
/// the screen as the user sees it (the player's last snapshot), never from a question to the player.
extension AppController {
    /// Add Music opens the picker when there is no queue yet (B-A1); Show Music opens the queue view (B-A6).
    public func tapMusicButton() {
        if !hasQueue {
            current.isPickerOpen = true
        } else {
            current.isQueueOpen = true
        }
        publish()
    }

    /// The queue view's "add more": opens the picker over it (B-A6).
    public func addMoreFromQueue() { openPicker() }

    /// Opens the picker whether or not there is a queue (the window's Ctrl+O); Done plays or adds as in B-A3–A4.
    public func openPicker() {
        current.isPickerOpen = true
        publish()
    }

    /// The picker's Done with `items` chosen (B-A2): closes it and, with at least one song, makes them the queue
    /// and plays (B-A3), or adds them after the queue with what plays undisturbed (B-A4); then enables play/pause
    /// and renames the button Show Music (B-A5).
    public func pickerDone(with items: [MediaItem]) {
        current.isPickerOpen = false
        guard !items.isEmpty else { return publish() }
        if !hasQueue {
            replaceQueueAndPlay(items)
        } else {
            // The player keeps the item playing, its time and its state (B-A4).
            tell { $0.append(MediaItemCollection(items: items)) }
        }
        queueAsked = true
        current.isPlayPauseEnabled = true
        current.musicButtonTitle = text.string("Show Music")
        publish()
    }

    /// The picker's Cancel: closes it and changes nothing (B-A2).
    public func pickerCancelled() {
        current.isPickerOpen = false
        publish()
    }

    /// The queue view's Done: closes it; with a queue, the button reads Show Music, and music never played since
    /// launch starts (B-A6).
    public func queueDone() {
        current.isQueueOpen = false
        if hasQueue && current.playPauseControl == .play { current.musicButtonTitle = text.string("Show Music") }
        if hasQueue && !playedOnce {
            playedOnce = true
            tell { $0.play() }
        }
        publish()
    }

    /// The play/pause control: plays when stopped or paused, pauses when playing (B-P1).
    public func togglePlayPause() {
        guard current.isPlayPauseEnabled else { return }
        // What the control shows is what the press means, even before the player's last change arrived; after a stop
        // asked and not yet reported, a press means play.
        if current.playPauseControl == .pause && !stopAsked {
            tell { $0.pause() }
        } else {
            playedOnce = true
            notePlayAsked()
            tell { $0.play() }
        }
    }

    /// Pauses the music if it plays (a notification's Pause); nothing otherwise.
    public func pause() {
        guard current.isPlayPauseEnabled, current.playPauseControl == .pause, !stopAsked else { return }
        tell { $0.pause() }
    }

    /// Previous: the item before (or the start of this one, as the player decides), while there is a queue.
    public func skipToPrevious() {
        guard current.isPlayPauseEnabled else { return }
        tell { $0.skipToPreviousItem() }
    }

    /// Next: the item after, while there is a queue.
    public func skipToNext() {
        guard current.isPlayPauseEnabled else { return }
        tell { $0.skipToNextItem() }
    }

    /// The seek bar let go at `seconds` into the item playing.
    public func seek(to seconds: Double) {
        guard current.isPlayPauseEnabled, seconds.isFinite else { return }
        tell { $0.seek(to: max(0, seconds)) }
    }

    /// The volume control at `level` (0 silent, 1 full).
    public func setVolume(_ level: Double) {
        guard level.isFinite else { return }
        let level = min(max(level, 0), 1)
        current.volume = level
        tell { $0.setVolume(level) }
    }

    /// The shuffle control: off → songs → albums → off, from what the screen shows.
    public func cycleShuffle() {
        let next: ShuffleMode =
            switch current.shuffleMode {
            case .off: .songs
            case .songs: .albums
            case .albums: .off
            }
        current.shuffleMode = next  // shown at once; the player's event confirms it
        publish()
        tell { $0.setShuffleMode(next) }
    }

    /// The repeat control: none → all → one → none, from what the screen shows.
    public func cycleRepeat() {
        let next: RepeatMode =
            switch current.repeatMode {
            case .none: .all
            case .all: .one
            case .one: .none
            }
        current.repeatMode = next
        publish()
        tell { $0.setRepeatMode(next) }
    }

    /// Makes `items` the player's queue and plays it from its first.
    func replaceQueueAndPlay(_ items: [MediaItem]) {
        tell { $0.setQueue(MediaItemCollection(items: items)) }
        playedOnce = true
        tell { $0.play() }
    }

    /// Whether there is a queue: the player's, or one asked of it whose event has not arrived yet.
    var hasQueue: Bool { !current.queue.items.isEmpty || queueAsked }
}
