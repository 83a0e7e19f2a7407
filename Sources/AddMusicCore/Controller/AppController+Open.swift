import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// Files, folders, playlists and stream URLs opened from outside the window (`addmusic FILE…`, the file manager's
/// Open With, another launch handing its files over) or dropped on it: read off the main thread, then played or
/// queued, with a passing message that says what came of them.
extension AppController {
    /// Where opened locations are read: each open on a thread of its own, side by side, so that none waits for
    /// another (the disk and the network wait there, never on the main thread).
    nonisolated static let opening = OpenRunner()

    /// Opens `locations` (paths, `file://` URIs, `http`/`https` URLs; see `OpenedItems`). Returns at once. Each open
    /// is taken when it has been read, whatever earlier opens still wait for (a stream that does not answer holds
    /// only its own open). What can be played plays at once when nothing plays (after the song paused, if any), else
    /// goes after the queue, or plays at once when the preferences say so; nothing that cannot be played is added,
    /// and what plays is not touched when nothing could be opened. A passing message names what was added and what
    /// was left out.
    public func open(_ locations: [String]) {
        guard !locations.isEmpty else { return }
        let library = library
        Self.opening.run { [self] in
            let opened = OpenedItems(locations: locations, library: library)
            onMain { [self] in
                takeOpened(opened)
                publish()
            }
        }
    }

    /// Opens text dropped on the window: its lines that are `http`/`https` URLs or `file://` URIs; text without
    /// any is refused with a passing message (nothing else changes).
    public func openDroppedText(_ dropped: String) {
        let lines = dropped.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let locations = lines.filter { MediaItem.isStreamURL($0) || $0.lowercased().hasPrefix("file:") }
        guard locations.isEmpty else { return open(locations) }
        post(openMessage([.notAFile(lines.first ?? "")]))
        publish()
    }

    private func takeOpened(_ opened: OpenedItems) {
        let items = opened.items
        guard !items.isEmpty else {
            if !opened.problems.isEmpty { post(openMessage(opened.problems)) }
            return
        }
        let collection = MediaItemCollection(items: items)
        let playing = current.playPauseControl == .pause
        let playsNow: Bool
        if !hasQueue {
            tell { $0.setQueue(collection) }
            tell { $0.play() }
            playsNow = true
        } else if !playing || storedPreferences.openAction == .play {
            let place = current.nowPlayingIndex.map { $0 + 1 } ?? current.queue.items.count
            tell { player in
                player.insert(collection, at: place)
                player.skip(toItemAt: place)
                player.play()
            }
            playsNow = true
        } else {
            tell { $0.append(collection) }  // what plays plays on (B-A4)
            playsNow = false
        }
        if playsNow { playedOnce = true }
        queueAsked = true
        current.isPlayPauseEnabled = true
        current.musicButtonTitle = text.string("Show Music")
        let songs = text.count("count.songs", items.count)
        let done = text.string(playsNow ? "open.playing" : "open.added", songs)
        post(opened.problems.isEmpty ? done : done + " · " + openMessage(opened.problems))
    }

    /// The first problem in words, and how many more there were.
    private func openMessage(_ problems: [OpenProblem]) -> String {
        guard let first = problems.first else { return "" }
        let name = { (path: String) in LibraryPath(path).lastComponent.description }
        let said: String =
            switch first {
            case .missing(let path): text.string("open.missing", name(path))
            case .notAudio(let path): text.string("open.notAudio", name(path))
            case .noMusicInFolder(let path): text.string("open.noMusic", name(path))
            case .unreadablePlaylist(let path, let reason): text.string("open.unreadablePlaylist", name(path), reason)
            case .emptyPlaylist(let path): text.string("open.emptyPlaylist", name(path))
            case .streamUnanswered(let url, let reason): text.string("open.streamUnanswered", url, reason)
            case .notAFile(let what): text.string("open.notAFile", String(what.prefix(80)))
            case .tooManyFiles(let kept, let found): text.string("open.tooMany", String(kept), String(found))
            case .tooManyEntries(let limit): text.string("open.tooManyEntries", String(limit))
            case .tooManyStreams(let checked, let found):
                text.string("open.tooManyStreams", String(checked), String(found))
            case .skippedFiles(let count): text.string("open.skipped", String(count))
            }
        return problems.count > 1 ? said + " " + text.string("open.more", String(problems.count - 1)) : said
    }
}
