import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// Playlists managed in the window (B-Y6): listed, opened, made, renamed, duplicated, deleted with Undo, songs added,
/// entries removed and moved, played. Everything that reads or writes a playlist runs on the work queue; the answers
/// and a passing message come back on the main thread, and `MainScreenState.playlistsChanged` counts the changes so
/// a view showing playlists reads them again.
extension AppController {
    /// A change to the playlists, asked by the window.
    public enum PlaylistChange: Sendable {
        case create(String, items: [MediaItem])
        case add([MediaItem], to: String)
        case rename(PlaylistShelf.Listed, to: String)
        case delete(PlaylistShelf.Listed)
        case duplicate(PlaylistShelf.Listed)
        case remove(positions: [Int], from: String)
        case move(from: Int, to: Int, in: String)
    }

    /// The playlists of the player playing now: the user's and the music folders' files, or the daemon's (read on
    /// the main thread, where the music folders are kept).
    var playlistShelf: PlaylistShelf {
        // The smart playlists' files beside the user's playlists, whichever player plays.
        let smart = SmartPlaylists(folder: playlists.folder)
        if let daemon = player as? SystemMusicPlayer {
            return PlaylistShelf(store: .daemon(daemon.address), smart: smart)
        }
        return PlaylistShelf(store: .files(user: playlists, roots: musicFolders, library: library), smart: smart)
    }

    /// Lists the playlists on the work queue and hands them to `done` on the main thread (none, with a passing
    /// message, when they cannot be read). Returns at once.
    public func listPlaylists(_ done: @escaping @MainActor @Sendable ([PlaylistShelf.Listed]) -> Void) {
        let shelf = playlistShelf
        let text = self.text
        work.async { [self] in
            let listed: [PlaylistShelf.Listed]
            do {
                listed = try shelf.list()
            } catch {
                listed = []
                let said = text.string("playlists.notRead", PlaylistErrorText.describe(error, text: text))
                onMain { self.post(said) }
            }
            onMain { done(listed) }
        }
    }

    /// Reads the entries of `playlist` on the work queue and hands them to `done` on the main thread (nil, with a
    /// passing message, when it cannot be read). Returns at once.
    public func openPlaylist(
        _ playlist: PlaylistShelf.Listed, _ done: @escaping @MainActor @Sendable ([PlaylistShelf.Entry]?) -> Void
    ) {
        let shelf = playlistShelf
        let text = self.text
        work.async { [self] in
            do {
                let entries = try shelf.entries(of: playlist)
                onMain { done(entries) }
            } catch {
                let said = text.string(
                    "playlists.notOpened", TerminalSafeText.make(playlist.name),
                    PlaylistErrorText.describe(error, text: text))
                onMain {
                    self.post(said)
                    done(nil)
                }
            }
        }
    }

    /// Makes `change` on the work queue, then says so in a passing message (a delete with Undo) and counts it in
    /// `playlistsChanged`. Returns at once.
    public func changePlaylists(_ change: PlaylistChange) {
        let shelf = playlistShelf
        let text = self.text
        work.async { [self] in
            var deleted: PlaylistShelf.Deleted?
            let said: String
            do {
                said = try Self.make(change, on: shelf, text: text, deleted: &deleted)
            } catch {
                said = PlaylistErrorText.describe(error, text: text)
            }
            onMain { self.finishPlaylistChange(said, deleted: deleted) }
        }
    }

    nonisolated private static func make(
        _ change: PlaylistChange, on shelf: PlaylistShelf, text: Localizer, deleted: inout PlaylistShelf.Deleted?
    ) throws -> String {
        let safe = TerminalSafeText.make
        switch change {
        case .create(let name, let items):
            try shelf.create(name, items: items)
            return text.string("playlists.created", safe(name))
        case .add(let items, let name):
            try shelf.add(items, to: name)
            return text.string("playlists.addedTo", text.count("count.songs", items.count), safe(name))
        case .rename(let playlist, let newName):
            if playlist.isSmart {
                try shelf.renameSmart(playlist.name, to: newName)
            } else {
                try shelf.rename(playlist.name, to: newName)
            }
            return text.string("playlists.renamed", safe(playlist.name), safe(newName))
        case .delete(let playlist):
            deleted = playlist.isSmart ? try shelf.deleteSmart(playlist.name) : try shelf.delete(playlist.name)
            return text.string("playlists.deleted", safe(playlist.name))
        case .duplicate(let playlist):
            let copy = try shelf.copyName(of: playlist.name, text: text)
            try shelf.duplicate(playlist, as: copy)
            return text.string("playlists.duplicated", safe(playlist.name), safe(copy))
        case .remove(let positions, let name):
            try shelf.remove(positions: positions, from: name)
            return text.count("playlists.removed", positions.count)
        case .move(let from, let to, let name):
            try shelf.move(from: from, to: to, in: name)
            return text.string("playlists.moved", from + 1, to + 1)
        }
    }

    func finishPlaylistChange(_ said: String, deleted: PlaylistShelf.Deleted?) {
        var action: (action: PassingMessage.Action, label: String)?
        if let deleted {
            playlistDeletes += 1
            deletedPlaylists = deletedPlaylists.filter { $0.key > playlistDeletes - 5 }  // the last few only
            deletedPlaylists[playlistDeletes] = deleted
            action = (.undoPlaylistDelete(playlistDeletes), text.string("tagEdit.undo"))
        }
        post(said, action: action)
        current.playlistsChanged += 1
        publish()
    }

    /// Brings back the playlist deleted under `number` (once).
    func undoPlaylistDelete(_ number: Int) {
        guard let deleted = deletedPlaylists.removeValue(forKey: number) else { return }
        let shelf = deleted.shelf
        let text = self.text
        work.async { [self] in
            let said: String
            do {
                try shelf.restore(deleted)
                said = text.string("playlists.restored", TerminalSafeText.make(deleted.name))
            } catch {
                said = PlaylistErrorText.describe(error, text: text)
            }
            onMain { self.finishPlaylistChange(said, deleted: nil) }
        }
    }

    /// Plays `entries` from `index` in place of the queue (missing entries are left out).
    public func playPlaylist(_ entries: [PlaylistShelf.Entry], from index: Int) {
        let chosen = entries.enumerated().filter { !$0.element.isMissing }
        guard !chosen.isEmpty else { return }
        let start = chosen.firstIndex { $0.offset >= index } ?? 0
        let items = chosen.map(\.element.item)
        tell { player in
            player.setQueue(MediaItemCollection(items: items))
            if start > 0 { player.skip(toItemAt: start) }
            player.play()
        }
        playedOnce = true
        queueAsked = true
        current.isPlayPauseEnabled = true
        current.musicButtonTitle = text.string("Show Music")
        publish()
    }
}
