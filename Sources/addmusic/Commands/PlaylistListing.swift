import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel

/// Prints playlists and their entries for `library playlists` and `library playlist NAME`, as lines of text safe
/// for a terminal (every name and entry through `TerminalSafeText`), or as JSON with `--json`.
struct PlaylistListing {
    let arguments: Arguments
    let text = Localizer.app

    /// One line a playlist: the user's own, then the music folders' (`lookup.all()`).
    func printPlaylists(_ lookup: PlaylistLookup) throws {
        var records: [PlaylistRecord] = []
        for listed in lookup.all() {
            var record = PlaylistRecord(
                name: listed.name, kind: listed.isUsers ? "user" : "library", path: listed.path.description)
            if !listed.isUsers, let root = lookup.roots.first(where: { listed.path.isInside($0) }) {
                record.relativePath = LibraryPlaylist(path: listed.path, root: root).relativePath
            }
            switch listed.result {
            case .success(let playlist):
                let folder = listed.isUsers ? lookup.user.folderPath : listed.path.parent
                record.entries = playlist.entries.count
                record.missing = try lookup.library.missingCount(of: playlist, folder: folder)
            case .failure(let error):
                record.error = Self.describe(error)
            }
            records.append(record)
        }
        // The smart playlists: the built-in ones by their English names (B-H5), then the user's (B-H9).
        let smart = SmartPlaylists()
        for name in smart.names() {
            var record = PlaylistRecord(name: name, kind: "smart")
            do {
                record.entries = try lookup.library.songs(matching: try smart.rules(of: name)).count
            } catch let error as SmartPlaylistError {
                record.error = SmartPlaylistText.describe(error)
            }
            records.append(record)
        }
        if arguments.flag("json") {
            printJSON(records)
            return
        }
        for record in records {
            var line = TerminalSafeText.make(record.name)
            if let entries = record.entries { line += " · " + text.count("count.entries", entries) }
            if let missing = record.missing, missing > 0 {
                line += " · " + text.string("playlist.missingCount", missing)
            }
            if let error = record.error { line += " · " + TerminalSafeText.make(error) }
            if record.kind == "user" {
                line += " · " + text.string("playlist.yours")
            } else if record.kind == "smart" {
                line += " · " + text.string("playlist.smart")
            } else if let relative = record.relativePath {
                line += " · " + TerminalSafeText.make(relative)
            }
            print(line)
        }
    }

    /// The entries of `found`, numbered from 1, each with what it points at; missing ones marked.
    func printEntries(of found: PlaylistLookup.Found, library: MusicLibrary) throws {
        let items = try library.items(of: found.playlist, folder: found.folder)
        if arguments.flag("json") {
            var songs: [MediaItem] = []
            for item in items { if case .song(let song) = item.target { songs.append(song) } }
            let statistics = try library.statistics(of: songs.map(\.id))
            printJSON(
                items.enumerated().map {
                    PlaylistEntryRecord(position: $0.offset + 1, item: $0.element, statistics: statistics)
                })
            return
        }
        // One write for every line: a playlist of 10,000 entries is printed at once, not line by line.
        var lines = ""
        for (index, item) in items.enumerated() {
            lines += "\(index + 1). " + line(for: item) + "\n"
        }
        print(lines, terminator: "")
    }

    /// The songs of a smart playlist of `rules` (B-H5, B-H9), numbered from 1 as `printEntries` numbers entries;
    /// with `--json`, as `library songs --json` prints songs.
    func printSongs(of rules: SmartRules, library: MusicLibrary) throws {
        let songs = try library.songs(matching: rules)
        if arguments.flag("json") {
            printJSON(zip(songs, try ListedStatistics.ofSongs(songs, library: library)).map(SongRecord.init))
            return
        }
        for (index, song) in songs.enumerated() {
            let artist = song.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
            print(
                "\(index + 1). \(artist) — \(TerminalSafeText.make(song.title)) (\(ClockText.of(song.duration)))")
        }
    }

    private func line(for item: PlaylistItem) -> String {
        let written = TerminalSafeText.make(item.entry.location)
        let title = item.entry.title.map(TerminalSafeText.make)
        switch item.target {
        case .song(let song):
            let artist = song.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
            return "\(artist) — \(TerminalSafeText.make(song.title)) (\(ClockText.of(song.duration)))"
        case .file(let path):
            return text.string("playlist.entry.file", title ?? TerminalSafeText.make(path.description))
        case .missing:
            return text.string("playlist.entry.missing", written)
        case .stream:
            return text.string("playlist.entry.stream", title.map { "\($0) — \(written)" } ?? written)
        case .playlist:
            return text.string("playlist.entry.playlist", written)
        }
    }

    /// A playlist error in the user's language, safe for a terminal.
    static func describe(_ error: PlaylistError) -> String { PlaylistErrorText.describe(error) }
}
