import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The music daemon's stored playlists from the command line, with `--player system`: `library playlists`,
/// `library playlist NAME`, and `playlist create|add|remove|move|rename|delete|save-queue …`. Entries are the
/// daemon's song URIs (relative to its music folder) or stream URLs; names and entries are shown as text.
struct DaemonPlaylistCommand {
    let arguments: Arguments
    let text = Localizer.app
    let playlists = MPDStoredPlaylists()

    /// `library playlists`: one line a playlist, with its entries counted.
    func printPlaylists() throws {
        let names = try daemon { () throws(MPDError) in try playlists.names() }
        var records: [PlaylistRecord] = []
        for name in names {
            var record = PlaylistRecord(name: name, kind: "daemon", path: name)
            record.entries = try daemon { () throws(MPDError) in try playlists.items(in: name).count }
            records.append(record)
        }
        // The smart playlists, from the daemon's stickers when it keeps them (B-H7).
        let smart = DaemonSmartPlaylists()
        if (try? smart.isAvailable()) == true {
            for name in SmartPlaylists().names() {
                var record = PlaylistRecord(name: name, kind: "smart")
                do {
                    record.entries = try smart.songs(named: name).count
                } catch let error as SmartPlaylistError {
                    record.error = SmartPlaylistText.describe(error)
                }
                records.append(record)
            }
        }
        if arguments.flag("json") {
            printJSON(records)
            return
        }
        for record in records {
            let kind = text.string(record.kind == "smart" ? "playlist.smart" : "playlist.daemons")
            let problem = record.error.map { " · " + TerminalSafeText.make($0) } ?? ""
            print(
                TerminalSafeText.make(record.name) + " · " + text.count("count.entries", record.entries ?? 0) + " · "
                    + kind + problem)
        }
    }

    /// `library playlist NAME`: the entries, numbered from 1, as the daemon knows them. A smart playlist's name, when
    /// the daemon has no stored playlist of that name, lists the songs of the daemon's stickers that
    /// `library playlists` counted for it (B-H7).
    func printEntries(of name: String, library: MusicLibrary?) throws {
        let smart = DaemonSmartPlaylists()
        let items: [MediaItem]
        if SmartPlaylists().contains(name),
            try !daemon({ () throws(MPDError) in try playlists.names() }).contains(name),
            (try? smart.isAvailable()) == true
        {
            items = try smart.songs(named: name)
        } else {
            items = try daemon { () throws(MPDError) in try playlists.items(in: name) }
        }
        if arguments.flag("json") {
            let statistics = try ListedStatistics.ofDaemonSongs(items, library: library)
            printJSON(
                items.enumerated().map {
                    DaemonEntryRecord(position: $0.offset + 1, item: $0.element, statistics: statistics[$0.offset])
                })
            return
        }
        for (index, item) in items.enumerated() {
            let uri = TerminalSafeText.make(item.path.description)
            let line =
                item.title.isEmpty
                ? uri
                : "\(item.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")) — "
                    + "\(TerminalSafeText.make(item.title)) (\(ClockText.of(item.duration)))"
            print("\(index + 1). " + line)
        }
    }

    /// `playlist ACTION …` on the daemon's playlists; returns the exit status.
    func run(_ action: String, _ arguments: inout Arguments) throws -> Int32 {
        switch action {
        case "create", "add":
            let name = try PlaylistCommand.popName(&arguments, action)
            let uris = try urisToAdd(arguments)
            if action == "create", try daemon({ () throws(MPDError) in try playlists.names() }).contains(name) {
                throw CommandError.failure(text.string("playlistError.alreadyExists", safe(name)))
            }
            try daemon { () throws(MPDError) in try playlists.add(uris, to: name) }
            let count = try daemon { () throws(MPDError) in try playlists.items(in: name).count }
            print(
                action == "create"
                    ? text.string("playlist.created", safe(name))
                    : text.string("playlist.added", uris.count, safe(name), count))
        case "remove":
            let name = try PlaylistCommand.popName(&arguments, action)
            guard !arguments.words.isEmpty else { throw CommandError.failure(text.string("playlist.needPositions")) }
            // From the last: each removal leaves the positions before it where they were.
            let positions = Set(try arguments.words.map(PlaylistCommand.position)).sorted(by: >)
            for position in positions {
                try daemon { () throws(MPDError) in try playlists.remove(at: position - 1, from: name) }
            }
            let count = try daemon { () throws(MPDError) in try playlists.items(in: name).count }
            print(text.string("playlist.removed", positions.count, safe(name), count))
        case "move":
            let name = try PlaylistCommand.popName(&arguments, action)
            guard arguments.words.count == 2 else { throw CommandError.failure(text.string("playlist.needMove")) }
            let from = try PlaylistCommand.position(arguments.words[0])
            let to = try PlaylistCommand.position(arguments.words[1])
            try daemon { () throws(MPDError) in try playlists.move(from: from - 1, to: to - 1, in: name) }
            print(text.string("playlist.moved", from, safe(name), to))
        case "rename":
            let name = try PlaylistCommand.popName(&arguments, action)
            guard let newName = arguments.popWord() else {
                throw CommandError.failure(text.string("playlist.needNewName"))
            }
            try PlaylistCommand.checkUTF8(newName, in: arguments)
            try daemon { () throws(MPDError) in try playlists.rename(name, to: newName) }
            print(text.string("playlist.renamed", safe(name), safe(newName)))
        case "delete":
            let name = try PlaylistCommand.popName(&arguments, action)
            try daemon { () throws(MPDError) in try playlists.delete(name) }
            print(text.string("playlist.deleted", safe(name)))
        case "save-queue":
            let name = try PlaylistCommand.popName(&arguments, action)
            try daemon { () throws(MPDError) in try playlists.saveQueue(as: name) }
            let count = try daemon { () throws(MPDError) in try playlists.items(in: name).count }
            print(text.string("playlist.savedQueue", count, safe(name)))
        case "import", "export":
            throw CommandError.failure(text.string("playlist.daemonFiles", action))
        default:
            throw CommandError.unknownCommand("playlist " + action)
        }
        return 0
    }

    /// What to add: the daemon's songs by `--search`, `--album` or `--artist`, else the URIs given.
    private func urisToAdd(_ arguments: Arguments) throws -> [String] {
        if let query = arguments.value("search") ?? arguments.value("album") ?? arguments.value("artist") {
            let player = SystemMusicPlayer()
            defer { player.shutDown() }
            guard player.isConnected else {
                throw CommandError.failure(text.string("play.noDaemon", player.addressDescription))
            }
            var songs = try player.database.search(query)
            if let album = arguments.value("album") { songs = songs.filter { TextMatch.contains($0.album, album) } }
            if let artist = arguments.value("artist") {
                songs = songs.filter {
                    TextMatch.contains($0.artist, artist) || TextMatch.contains($0.albumArtist, artist)
                }
            }
            guard !songs.isEmpty else { throw CommandError.failure(text.string("playlist.noSongsFound")) }
            return songs.map(\.path.description)
        }
        guard !arguments.words.isEmpty else { throw CommandError.failure(text.string("playlist.needSongsDaemon")) }
        return arguments.words
    }

    private func daemon<T>(_ body: () throws(MPDError) -> T) throws -> T { try withDaemon(body) }

    private func safe(_ name: String) -> String { TerminalSafeText.make(name) }
}
