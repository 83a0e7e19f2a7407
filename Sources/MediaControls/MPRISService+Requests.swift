import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// What a client asks through the bus, carried out on the bus thread (methods and property writes).
extension MPRISService {
    /// Carries out one method call or property write from the bus; 0, or a negative errno that refuses it.
    func carryOut(
        _ command: addmusic_mpris_command, number: Int64, real: Double, text: String?, second: String? = nil
    ) -> Int32 {
        var seekedTo: Double?
        switch command {
        case ADDMUSIC_MPRIS_RAISE: actions.raise?()
        case ADDMUSIC_MPRIS_QUIT: actions.quit()
        case ADDMUSIC_MPRIS_PLAY: player.play()
        case ADDMUSIC_MPRIS_PAUSE: player.pause()
        case ADDMUSIC_MPRIS_PLAY_PAUSE: player.snapshot.state == .playing ? player.pause() : player.play()
        case ADDMUSIC_MPRIS_STOP: player.stop()
        case ADDMUSIC_MPRIS_NEXT: player.skipToNextItem()
        case ADDMUSIC_MPRIS_PREVIOUS: player.skipToPreviousItem()
        case ADDMUSIC_MPRIS_SEEK:
            let now = player.snapshot
            guard let item = now.nowPlayingItem, item.duration > 0 else { return 0 }  // CanSeek is false
            let target = position() + Double(number) / 1e6
            if target >= item.duration {
                player.skipToNextItem()  // past the end: the next track, as MPRIS says
            } else {
                seekedTo = max(0, target)
            }
        case ADDMUSIC_MPRIS_SET_POSITION:
            // Only for the track playing, and within it; otherwise ignored, as MPRIS says.
            guard let item = player.snapshot.nowPlayingItem, item.duration > 0, text == publishedTrackID() else {
                return 0
            }
            let target = Double(number) / 1e6
            guard target >= 0, target <= item.duration else { return 0 }
            seekedTo = target
        case ADDMUSIC_MPRIS_OPEN_URI:
            guard open(uri: text) else { return -EINVAL }
        case ADDMUSIC_MPRIS_SET_LOOP:
            guard setLoopStatus(text) else { return -EINVAL }
        case ADDMUSIC_MPRIS_SET_SHUFFLE: player.setShuffleMode(number != 0 ? .songs : .off)
        case ADDMUSIC_MPRIS_SET_VOLUME:
            // Negative means 0 and past 1 means 1, as MPRIS says; NaN is refused and changes nothing.
            guard !real.isNaN else { return -EINVAL }
            player.setVolume(min(1, max(0, real)))
        case ADDMUSIC_MPRIS_ADD_TRACK:
            guard addTrack(uri: text, after: second, play: number != 0) else { return -EINVAL }
        // A track the list does not hold: no effect, as MPRIS says (a client's list may be a change behind).
        case ADDMUSIC_MPRIS_REMOVE_TRACK: _ = removeTrack(text)
        case ADDMUSIC_MPRIS_GO_TO: _ = goTo(text)
        case ADDMUSIC_MPRIS_ACTIVATE_PLAYLIST:
            guard activatePlaylist(text) else { return -EINVAL }
        default: return -EINVAL
        }
        if let seekedTo { seek(to: seekedTo) }
        queue.async { [weak self] in self?.refresh() }
        return 0
    }

    /// Plays the `file://` URL in `uri`; false (changing nothing) when it is not one.
    ///
    /// Answered at once; the file is read off the bus thread, within the library's probe budget, so a FIFO or a
    /// hostile file never holds the bus (and with it every other client's call). Only the newest request is carried
    /// out: one a client sent before another is dropped unread.
    func open(uri: String?) -> Bool {
        guard let uri, let url = URL(string: uri), url.isFileURL else { return false }
        let request = openRequests.withLock { count -> Int in
            count += 1
            return count
        }
        opening.async { [weak self] in
            guard let self, self.openRequests.withLock({ $0 }) == request, let item = self.openedItem(url) else {
                return
            }
            guard self.openRequests.withLock({ $0 }) == request else { return }
            self.play(item)
        }
        return true
    }

    /// Sets the repeat mode from MPRIS's loop status ("None", "Track", "Playlist"); false for any other text.
    func setLoopStatus(_ status: String?) -> Bool {
        switch status {
        case "None": player.setRepeatMode(.none)
        case "Track": player.setRepeatMode(.one)
        case "Playlist": player.setRepeatMode(.all)
        default: return false
        }
        return true
    }

    /// Seeks to `seconds`, tells the bus, and notes the position on the queue.
    func seek(to seconds: Double) {
        player.seek(to: seconds)
        addmusic_mpris_seeked(bus.pointer, Self.microseconds(seconds))
        // Known on the queue before any later look at the position, which would take it for a jump.
        let now = player.snapshot
        let itemID = now.nowPlayingItem?.id, playing = now.state == .playing
        let at = DispatchTime.now()
        requestedPosition.withLock { $0 = (seconds, at.uptimeNanoseconds, playing) }
        queue.sync { lastPosition = (seconds, at, itemID, playing) }
    }

    /// Seconds into the item playing, for Position: the player's, or the seek asked here that it has not carried
    /// out yet.
    func position() -> Double {
        let snapshot = player.snapshot
        let now = DispatchTime.now().uptimeNanoseconds
        if let asked = requestedPosition.withLock({ $0 }), snapshot.positionReadAt < asked.at {
            return asked.seconds + (asked.playing ? Double(now - asked.at) / 1e9 : 0)
        }
        return snapshot.playbackTime(at: now)
    }

    /// The song a `file://` URL names: the library's, else the file read on its own. On the opening queue.
    func openedItem(_ url: URL) -> MediaItem? {
        let path = LibraryPath.absolute(url.path)
        if let item = try? library?.item(atPath: path) { return item }
        return readFile(path)
    }

    /// Plays `item` now: after the playing item (the rest of the queue kept), or as the queue.
    func play(_ item: MediaItem) {
        if let index = player.snapshot.nowPlayingIndex {
            player.insert(MediaItemCollection(items: [item]), at: index + 1)
            player.skip(toItemAt: index + 1)
        } else {
            player.setQueue(MediaItemCollection(items: [item]))
        }
        player.play()
    }
}
