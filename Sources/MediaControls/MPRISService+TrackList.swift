import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// MPRIS's TrackList: the player's queue published (`MPRISTrackList`, on the service's queue) and edited from the
/// bus. The ids a client holds name queue entries; a request naming one resolves it against the player's queue as it
/// is when the request comes (the list is brought up to date first).
extension MPRISService {
    /// The TrackList id no track has (AddTrack's "at the start").
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// Brings the published list up to date with `snapshot`'s queue; on the service's queue.
    func publishTracks(_ snapshot: PlayerSnapshot) {
        guard let changes = trackList.update(queue: snapshot.queue, current: snapshot.nowPlayingIndex) else { return }
        let copies = CStringCopies()
        var tracks = trackList.entries.map { entry -> addmusic_mpris_state in
            var fields = addmusic_mpris_state()
            let item = entry.item
            fields.track_id = copies.c(entry.id)
            fields.length_us = Self.microseconds(item.duration)
            fields.title = copies.c(item.title)
            fields.artist = copies.c(item.artist)
            fields.album = copies.c(item.album)
            fields.album_artist = copies.c(item.albumArtist)
            fields.genre = copies.c(item.genre)
            fields.track_number = Int32(clamping: item.trackNumber ?? 0)
            fields.disc_number = Int32(clamping: item.discNumber ?? 0)
            let path = item.audioFile.description
            fields.url = copies.c(path.hasPrefix("/") ? URL(fileURLWithPath: path).absoluteString : nil)
            fields.user_rating = -1
            fields.use_count = -1
            return fields
        }
        var signals = changes.map { change -> addmusic_mpris_track_change in
            switch change {
            case .replaced: addmusic_mpris_track_change(kind: ADDMUSIC_MPRIS_TRACKS_REPLACED, index: 0, track_id: nil)
            case .added(let index):
                addmusic_mpris_track_change(kind: ADDMUSIC_MPRIS_TRACK_ADDED, index: Int32(index), track_id: nil)
            case .removed(let id):
                addmusic_mpris_track_change(kind: ADDMUSIC_MPRIS_TRACK_REMOVED, index: -1, track_id: copies.c(id))
            case .changed(let index):
                addmusic_mpris_track_change(kind: ADDMUSIC_MPRIS_TRACK_CHANGED, index: Int32(index), track_id: nil)
            }
        }
        let current = copies.c(trackList.currentID)
        withExtendedLifetime(copies) {
            addmusic_mpris_set_tracks(bus.pointer, &tracks, tracks.count, current, &signals, signals.count)
        }
    }

    /// Carries out `edit` on the service's queue with the list brought up to date first and the queue's position of
    /// the entry `id` (nil when the queue holds none, or for nil). The edit the player is asked for is made to the
    /// list at once too (`MPRISTrackList.removeEntry`, `insertEntry`), so a request that follows before the player
    /// has carried it out names the right entry. Not on the service's queue.
    func withEntry<T>(_ id: String?, _ edit: (Int?) -> T) -> T {
        queue.sync {
            refresh()
            return edit(id.flatMap { trackList.queueIndex(of: $0) })
        }
    }

    /// The id of the track playing as published (Metadata's mpris:trackid). Not on the service's queue.
    func publishedTrackID() -> String? { queue.sync { published?.trackID } }

    /// AddTrack: the file `uri` names, read off the bus thread, inserted after the entry `after` (at the start for
    /// NoTrack) and played when `play`. False (changing nothing) when the URI is not a file's or `after` names no
    /// entry of the queue.
    func addTrack(uri: String?, after: String?, play: Bool) -> Bool {
        guard let uri, let url = URL(string: uri), url.isFileURL, let after else { return false }
        guard after == Self.noTrack || withEntry(after, { $0 != nil }) else { return false }
        opening.async { [weak self] in
            guard let self, let item = self.openedItem(url) else { return }
            // Where `after` is now: the queue may have changed while the file was read.
            self.withEntry(after == Self.noTrack ? nil : after) { index in
                guard after == Self.noTrack || index != nil else { return }
                let position = index.map { $0 + 1 } ?? 0
                self.player.insert(MediaItemCollection(items: [item]), at: position)
                self.trackList.insertEntry(item, at: position)
                if play {
                    self.player.skip(toItemAt: position)
                    self.player.play()
                }
                self.publishTracks(self.player.snapshot)
            }
        }
        return true
    }

    /// RemoveTrack: false when `id` names no entry of the queue.
    func removeTrack(_ id: String?) -> Bool {
        withEntry(id) { index in
            guard let index else { return false }
            player.removeItem(at: index)
            trackList.removeEntry(at: index)
            publishTracks(player.snapshot)
            return true
        }
    }

    /// GoTo: false when `id` names no entry of the queue.
    func goTo(_ id: String?) -> Bool {
        withEntry(id) { index in
            guard let index else { return false }
            player.skip(toItemAt: index)
            return true
        }
    }
}
