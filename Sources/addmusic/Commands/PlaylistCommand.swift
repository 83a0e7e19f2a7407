import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic playlist create|add|remove|move|rename|delete|import|export|save-queue …`: the user's own playlists,
/// `.m3u8` files in `$XDG_DATA_HOME/addmusic/playlists`, each change written atomically (`UserPlaylists`).
struct PlaylistCommand {
    let arguments: Arguments
    let text = Localizer.app
    let playlists = UserPlaylists()

    /// Carries out the action named by the first word; returns the exit status.
    func run() throws -> Int32 {
        var arguments = self.arguments
        guard let action = arguments.popWord() else { throw CommandError.failure(text.string("playlist.needAction")) }
        if action == "smart" {
            try SmartPlaylistCommand(arguments: arguments).run(&arguments)
            return 0
        }
        if arguments.value("player") == "system" {
            return try DaemonPlaylistCommand(arguments: arguments).run(action, &arguments)
        }
        switch action {
        case "create", "add", "remove", "move": try edit(action, &arguments)
        case "rename", "delete", "import", "export", "save-queue": try manage(action, &arguments)
        default: throw CommandError.unknownCommand("playlist " + action)
        }
        return 0
    }

    /// `create`, `add`, `remove`, `move`: the entries of one playlist.
    private func edit(_ action: String, _ arguments: inout Arguments) throws {
        switch action {
        case "create":
            let name = try Self.popName(&arguments, action)
            let entries = try entriesToAdd(arguments, required: false)
            try playlists.create(name, entries: entries)
            print(text.string("playlist.created", safe(name)))
        case "add":
            let name = try Self.popName(&arguments, action)
            let entries = try entriesToAdd(arguments, required: true)
            let playlist = try playlists.add(entries, to: name)
            print(text.string("playlist.added", entries.count, safe(name), playlist.entries.count))
        case "remove":
            let name = try Self.popName(&arguments, action)
            guard !arguments.words.isEmpty else { throw CommandError.failure(text.string("playlist.needPositions")) }
            let positions = try arguments.words.map(Self.position)
            let playlist = try playlists.remove(positions: positions, from: name)
            print(text.string("playlist.removed", Set(positions).count, safe(name), playlist.entries.count))
        case "move":
            let name = try Self.popName(&arguments, action)
            guard arguments.words.count == 2 else { throw CommandError.failure(text.string("playlist.needMove")) }
            let from = try Self.position(arguments.words[0])
            let to = try Self.position(arguments.words[1])
            try playlists.move(from, to: to, in: name)
            print(text.string("playlist.moved", from, safe(name), to))
        default: break
        }
    }

    /// `rename`, `delete`, `import`, `export`, `save-queue`: whole playlists.
    private func manage(_ action: String, _ arguments: inout Arguments) throws {
        switch action {
        case "rename":
            let name = try Self.popName(&arguments, action)
            guard let newName = arguments.popWord() else {
                throw CommandError.failure(text.string("playlist.needNewName"))
            }
            try Self.checkUTF8(newName, in: arguments)
            try playlists.rename(name, to: newName)
            print(text.string("playlist.renamed", safe(name), safe(newName)))
        case "delete":
            let name = try Self.popName(&arguments, action)
            try playlists.delete(name)
            print(text.string("playlist.deleted", safe(name)))
        case "import":
            guard let file = arguments.popWord() else {
                throw CommandError.failure(text.string("playlist.needFile", "playlist import FILE [--name NAME]"))
            }
            if let name = arguments.value("name") { try Self.checkUTF8(name, in: arguments) }
            let playlist = try playlists.importPlaylist(from: LibraryPath.absolute(file), as: arguments.value("name"))
            print(text.string("playlist.imported", safe(file), safe(playlist.name), playlist.entries.count))
        case "export":
            let name = try Self.popName(&arguments, action)
            guard let file = arguments.popWord() else {
                throw CommandError.failure(text.string("playlist.needFile", "playlist export NAME FILE [--relative]"))
            }
            let path = LibraryPath.absolute(file).description
            try playlists.export(name, to: path, relative: arguments.flag("relative"))
            print(text.string("playlist.exported", safe(name), safe(path)))
        case "save-queue":
            let name = try Self.popName(&arguments, action)
            guard let saved = SavedState.load(from: SavedPlayerState.defaultPath), !saved.itemIDs.isEmpty else {
                throw CommandError.failure(text.string("playlist.noQueue"))
            }
            let songs = try MusicLibrary().items(ids: saved.itemIDs)
            try playlists.save(Playlist(name: name, entries: songs.map(Self.entry)))
            print(text.string("playlist.savedQueue", songs.count, safe(name)))
        default: break
        }
    }

    /// The entry a song is written as: its absolute path, with `#EXTINF:LENGTH,ARTIST - TITLE`.
    static func entry(for song: MediaItem) -> PlaylistEntry { PlaylistEntry(item: song) }

    private func safe(_ name: String) -> String { TerminalSafeText.make(name) }

    /// The playlist's name, the next word: said in plain words when it is missing.
    static func popName(_ arguments: inout Arguments, _ action: String) throws -> String {
        guard let name = arguments.popWord() else {
            throw CommandError.failure(Localizer.app.string("playlist.needName", "playlist " + action))
        }
        try checkUTF8(name, in: arguments)
        return name
    }

    /// Refuses a playlist name whose bytes were not valid UTF-8: repaired, two such names would read alike and name
    /// one playlist.
    static func checkUTF8(_ name: String, in arguments: Arguments) throws {
        guard arguments.isUTF8(name) else {
            throw CommandError.failure(Localizer.app.string("playlist.nameNotUTF8", TerminalSafeText.make(name)))
        }
    }

    /// An entry's position as the user numbers them, from 1.
    static func position(_ word: String) throws -> Int {
        guard let number = Int(word), number > 0 else {
            throw CommandError.failure(Localizer.app.string("playlist.badPosition", TerminalSafeText.make(word)))
        }
        return number
    }

    /// The entries the arguments name: files (as the library knows them, else read directly, else as given), or
    /// the library's songs by `--search`, `--album` or `--artist`.
    private func entriesToAdd(_ arguments: Arguments, required: Bool) throws -> [PlaylistEntry] {
        var songs: [MediaItem] = []
        if let query = arguments.value("search") ?? arguments.value("album") ?? arguments.value("artist") {
            songs = try MusicLibrary().search(query, limit: Playlist.maximumEntries)
            if let album = arguments.value("album") { songs = songs.filter { TextMatch.contains($0.album, album) } }
            if let artist = arguments.value("artist") {
                songs = songs.filter {
                    TextMatch.contains($0.artist, artist) || TextMatch.contains($0.albumArtist, artist)
                }
            }
            guard !songs.isEmpty else { throw CommandError.failure(text.string("playlist.noSongsFound")) }
            return songs.map(Self.entry)
        }
        guard !arguments.words.isEmpty else {
            if required { throw CommandError.failure(text.string("playlist.needSongs")) }
            return []
        }
        let library = try? MusicLibrary()
        return arguments.words.map { word in
            let path = LibraryPath.absolute(word)
            if let song = (try? library?.item(atPath: path)) ?? nil { return Self.entry(for: song) }
            if let read = try? MediaItem.unindexed(path) { return Self.entry(for: read) }
            return PlaylistEntry(location: path.description)
        }
    }
}
