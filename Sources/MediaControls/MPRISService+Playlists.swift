import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// MPRIS's Playlists: the app's playlists (`PlaylistsLookup`) read on the service's queue "addmusic.mpris.playlists",
/// never on the bus thread: GetPlaylists is answered when they have been read, ActivatePlaylist at once (its songs
/// are read after). PlaylistCount is read again at each GetPlaylists, at each activation and when the app hands the
/// music to its other player; ActivePlaylist holds while the queue is the playlist's songs.
extension MPRISService {
    /// The playlist a client activated: its id, its name, its songs, and the queue version last seen holding them
    /// (at first the version before the activation, which is not judged).
    struct ActivePlaylist {
        var id: String
        var name: String
        var songs: [Int64]
        var version: Int
    }

    /// The longest playlist name published, in characters.
    static let longestPlaylistName = 256
    static let playlistPrefix = "/org/addmusic/AddMusic/Playlist/"

    /// The object path of `playlist`: its key's bytes in hexadecimal.
    static func playlistID(_ playlist: PlaylistsLookup.Playlist) -> String {
        playlistPrefix + "k" + playlist.key.utf8.map { String(format: "%02x", $0) }.joined()
    }

    /// The key of the playlist `id` names; nil when it is not one of ours.
    static func playlistKey(_ id: String) -> String? {
        guard id.hasPrefix(playlistPrefix + "k") else { return nil }
        let hex = Array(id.utf8.dropFirst(playlistPrefix.utf8.count + 1))
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Reads the playlists of the player publishing and answers the GetPlaylists request `token` with `count` of
    /// them from `index`, in `ordering` ("Alphabetical"; otherwise the app's own order), reversed when `reverse`.
    func answerPlaylists(token: UInt64, index: UInt32, count: UInt32, ordering: String, reverse: Bool) {
        let player = self.player
        playlistsQueue.async { [weak self] in
            guard let self, !self.closed.withLock({ $0 }) else { return }
            do {
                var listed = try self.playlists?.list(for: player) ?? []
                self.noteCount(listed.count)
                if ordering == "Alphabetical" {
                    listed.sort { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
                }
                if reverse { listed.reverse() }
                let page = listed.dropFirst(Int(index)).prefix(Int(count))
                let copies = CStringCopies()
                var answer = page.map { self.published($0, copies: copies) }
                withExtendedLifetime(copies) {
                    addmusic_mpris_answer_playlists(self.bus.pointer, token, &answer, answer.count, nil)
                }
            } catch {
                let said = String(String(describing: error).prefix(500))
                addmusic_mpris_answer_playlists(self.bus.pointer, token, nil, 0, said)
            }
        }
    }

    /// ActivatePlaylist: the songs of the playlist `id` become the queue and play (answered at once; read after).
    /// False when `id` is not one of our playlists.
    func activatePlaylist(_ id: String?) -> Bool {
        guard let id, let key = Self.playlistKey(id), let playlists else { return false }
        let player = self.player
        playlistsQueue.async { [weak self] in
            guard let self, !self.closed.withLock({ $0 }) else { return }
            guard let listed = try? playlists.list(for: player) else { return }
            self.noteCount(listed.count)
            guard let playlist = listed.first(where: { $0.key == key }),
                let songs = try? playlists.songs(of: playlist, for: player), !songs.isEmpty
            else { return }
            let before = player.snapshot.queue.version
            player.setQueueAndPlay(MediaItemCollection(items: songs))
            let name = String(playlist.name.prefix(Self.longestPlaylistName))
            self.queue.async {
                self.activePlaylist = ActivePlaylist(id: id, name: name, songs: songs.map(\.id), version: before)
                self.publishPlaylists()
            }
        }
        return true
    }

    /// Reads how many playlists the player publishing has, on the playlists' queue.
    func countPlaylists() {
        let player = self.player
        playlistsQueue.async { [weak self] in
            guard let self, let listed = try? self.playlists?.list(for: player) else { return }
            self.noteCount(listed.count)
        }
    }

    /// Publishes `count` as PlaylistCount when it changed.
    func noteCount(_ count: Int) {
        queue.async { [weak self] in
            guard let self, self.playlistCount != UInt32(clamping: count) else { return }
            self.playlistCount = UInt32(clamping: count)
            self.publishPlaylists()
        }
    }

    /// Ends ActivePlaylist once the queue holds other songs than the playlist's; on the service's queue.
    func checkActivePlaylist(_ snapshot: PlayerSnapshot) {
        guard var active = activePlaylist, active.version != snapshot.queue.version else { return }
        if snapshot.queue.items.map(\.id) == active.songs {
            active.version = snapshot.queue.version
            activePlaylist = active
        } else {
            activePlaylist = nil
            publishPlaylists()
        }
    }

    /// Publishes PlaylistCount and ActivePlaylist; on the service's queue.
    func publishPlaylists() {
        let copies = CStringCopies()
        if let active = activePlaylist {
            var playlist = addmusic_mpris_playlist(id: copies.c(active.id), name: copies.c(active.name), icon: nil)
            withExtendedLifetime(copies) { addmusic_mpris_set_playlists(bus.pointer, playlistCount, &playlist) }
        } else {
            addmusic_mpris_set_playlists(bus.pointer, playlistCount, nil)
        }
    }

    private func published(_ playlist: PlaylistsLookup.Playlist, copies: CStringCopies) -> addmusic_mpris_playlist {
        addmusic_mpris_playlist(
            id: copies.c(Self.playlistID(playlist)),
            name: copies.c(String(playlist.name.prefix(Self.longestPlaylistName))), icon: nil)
    }
}
