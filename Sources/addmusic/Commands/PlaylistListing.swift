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
        let json = arguments.flag("json")
        // A line shows the artist, title and duration; the JSON every field.
        let items = try library.items(of: found.playlist, folder: found.folder, fields: json ? .all : .listing)
        if json {
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
        let unknownArtist = text.string("Unknown Artist")
        var lines = ""
        for index in items.indices {
            lines += String(index + 1)
            lines += ". "
            lines += line(for: items[index], unknownArtist: unknownArtist)
            lines += "\n"
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

    /// The line of one entry. The entry's own text (its location and `#EXTINF` title) is read only for entries
    /// that are not songs of the library: a playlist of songs spends nothing on it.
    private func line(for item: PlaylistItem, unknownArtist: String) -> String {
        var written: String { TerminalSafeText.make(item.entry.location) }
        var title: String? { item.entry.title.map(TerminalSafeText.make) }
        switch item.target {
        case .song(let song):
            let artist = song.artist.map(TerminalSafeText.make) ?? unknownArtist
            return artist + " — " + TerminalSafeText.make(song.title) + " (" + ClockText.of(song.duration) + ")"
        case .file(let path):
            return text.string("playlist.entry.file", title ?? TerminalSafeText.make(path.description))
        case .missing:
            return text.string("playlist.entry.missing", written)
        case .stream:
            let written = written
            return text.string("playlist.entry.stream", title.map { "\($0) — \(written)" } ?? written)
        case .playlist:
            return text.string("playlist.entry.playlist", written)
        }
    }

    /// A playlist error in the user's language, safe for a terminal.
    static func describe(_ error: PlaylistError) -> String { PlaylistErrorText.describe(error) }
}
