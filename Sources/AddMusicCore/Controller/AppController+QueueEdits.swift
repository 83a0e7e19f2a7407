import Foundation
import MediaModel
import MusicPlayer

/// The queue view's edits (B-A7): remove, move, play now, play next, clear, save as a playlist. Each returns at
/// once and is decided from the queue as the screen shows it (its last event), never from a question to the player;
/// the player carries it out with the song playing going on from where it is, and its event redraws the queue.
extension AppController {
    /// Removes the queue's item at `index`; when it is the song playing, the next one plays (B-A7).
    public func removeFromQueue(at index: Int) {
        guard current.queue.items.indices.contains(index) else { return }
        tell { $0.removeItem(at: index) }
    }

    /// Moves the queue's item at `from` to `to` (Alt+↑/↓ in the queue view); the song playing plays on (B-A7).
    public func moveInQueue(from: Int, to: Int) {
        let indices = current.queue.items.indices
        guard indices.contains(from), indices.contains(to), from != to else { return }
        tell { $0.moveItem(from: from, to: to) }
    }

    /// Plays the queue's item at `index` now, from its start (the queue view's Play Now, or a row activated, B-A7).
    public func playNow(at index: Int) {
        guard current.queue.items.indices.contains(index) else { return }
        playedOnce = true
        tell {
            $0.skip(toItemAt: index)
            $0.play()
        }
    }

    /// Moves the queue's item at `index` to right after the song playing (to the top when none plays), so that it
    /// plays next in the queue's order; the song playing plays on (B-A7).
    public func playNext(at index: Int) {
        guard current.queue.items.indices.contains(index), index != current.nowPlayingIndex else { return }
        let target: Int
        if let playing = current.nowPlayingIndex {
            // Taken out from before the song playing, the item lands in the place that song leaves.
            target = index < playing ? playing : playing + 1
        } else {
            target = 0
        }
        guard target != index else { return }
        tell { $0.moveItem(from: index, to: target) }
    }

    /// Empties the queue and stops the music; the screen is then as at launch (B-A7).
    public func clearQueue() {
        guard !current.queue.items.isEmpty || queueAsked else { return }
        queueAsked = false
        tell { $0.clearQueue() }
    }

    /// Saves the queue as the playlist `name` (B-A7): the application player's as it shows (a file among the user's
    /// playlists), the system player's by its daemon (`save`, among the daemon's playlists). Returns at once; the
    /// file or the daemon is written on the work queue, and a passing message says it was saved or why not (a name
    /// taken already is refused, never overwritten).
    public func saveQueue(asPlaylist name: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else {
            post(text.string("message.playlistNeedsName"))
            return publish()
        }
        let items = current.queue.items
        guard !items.isEmpty else { return }
        let daemon = (player as? SystemMusicPlayer).map { MPDStoredPlaylists(address: $0.address) }
        work.async { [self, playlists, text] in
            let message: String
            do {
                if let daemon {
                    try daemon.saveQueue(as: name)
                } else {
                    try playlists.create(name, entries: items.map(PlaylistEntry.init(item:)))
                }
                message = text.string("message.queueSaved", TerminalSafeText.make(name))
            } catch {
                log("the queue was not saved as \(name): \(error)")
                message = text.string("message.queueNotSaved", FailureText.describe(error))
            }
            onMain { [self] in
                post(message)
                publish()
            }
        }
    }

    /// The main screen as at launch: no queue (B-L1).
    func showEmptyQueue() {
        current.text = text.string("Instructions")
        current.musicButtonTitle = text.string("Add Music")
        current.isPlayPauseEnabled = false
        current.playPauseControl = .play
        current.artwork = .empty
        forgetArtwork()
    }
}
