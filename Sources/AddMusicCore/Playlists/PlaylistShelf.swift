import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The playlists a person manages in the window (B-Y6): for the application player the user's own `.m3u8` files
/// (editable) and the music folders' playlist files (read-only until "Edit a copy" makes one of the user's); for the
/// system player the daemon's stored playlists; for both the smart playlists (B-H9, `PlaylistShelf+Smart`).
/// Blocking file and daemon work on the calling thread (the controller's work queue); no state beyond where the
/// playlists are.
public struct PlaylistShelf: Sendable {
    /// Where the playlists are.
    public enum Store: Sendable {
        /// The user's playlists folder, the music folders' playlist files and the index that resolves entries.
        case files(user: UserPlaylists, roots: [LibraryPath], library: MusicLibrary?)
        /// The music daemon at this address.
        case daemon(MPDAddress)
    }

    /// A playlist as the list shows it.
    public struct Listed: Hashable, Sendable {
        /// Its name: the user's playlist's, the file's stem, or the daemon's name.
        public var name: String
        /// A music folder's playlist file (read-only), nil for the user's and the daemon's.
        public var file: LibraryPath?
        /// A smart playlist: its songs are the ones its rules match; its rules are edited, not its entries.
        public var isSmart: Bool
        /// Whether its entries can be changed (reordered, added, removed).
        public var isEditable: Bool { file == nil && !isSmart }
        /// Whether it can be renamed and deleted (a built-in smart one refuses, saying why).
        public var isRenamable: Bool { file == nil }

        public init(name: String, file: LibraryPath? = nil, isSmart: Bool = false) {
            self.name = name
            self.file = file
            self.isSmart = isSmart
        }
    }

    /// One entry of an open playlist.
    public struct Entry: Hashable, Sendable {
        /// What it plays: a song, a file outside the index, a stream; for a missing file, an item of that path.
        public var item: MediaItem
        /// Whether it points at nothing on this machine.
        public var isMissing: Bool
    }

    /// A playlist deleted, kept so the delete can be undone.
    public struct Deleted: Sendable {
        public var name: String
        /// Where it was: the undo puts it back there, whichever player plays by then.
        public var shelf: PlaylistShelf
        var entries: [PlaylistEntry]
        var uris: [String]
        /// A smart playlist's rules.
        var rules: SmartRules? = nil
    }

    public let store: Store
    /// Where the smart playlists' rules are kept.
    public let smart: SmartPlaylists

    public init(store: Store, smart: SmartPlaylists = SmartPlaylists()) {
        self.store = store
        self.smart = smart
    }

    /// Every playlist: the smart ones (`smartNames`), then the user's (sorted) and the music folders' files, or the
    /// daemon's stored playlists.
    public func list() throws -> [Listed] {
        let smart = smartNames().map { Listed(name: $0, isSmart: true) }
        switch store {
        case .files(let user, let roots, let library):
            let files = library?.playlists(in: roots) ?? []
            return smart + user.names().map { Listed(name: $0) } + files.map { Listed(name: $0.name, file: $0.path) }
        case .daemon: return smart + (try ordinaryNames()).map { Listed(name: $0) }
        }
    }

    /// The names of the ordinary playlists that can be changed: the user's, or the daemon's stored ones (sorted).
    func ordinaryNames() throws -> [String] {
        switch store {
        case .files(let user, _, _): user.names()
        case .daemon(let address):
            try MPDStoredPlaylists(address: address).names().sorted {
                $0.localizedStandardCompare($1) == .orderedAscending
            }
        }
    }

    /// The entries of `playlist`, in order, missing ones marked.
    public func entries(of playlist: Listed) throws -> [Entry] {
        if playlist.isSmart {
            return try songs(matching: try smart.rules(of: playlist.name), named: playlist.name).map {
                Entry(item: $0, isMissing: false)
            }
        }
        switch store {
        case .files(let user, _, let library):
            let read: Playlist
            let folder: LibraryPath
            if let file = playlist.file {
                read = try Playlist.read(file)
                folder = file.parent
            } else {
                read = try user.read(playlist.name)
                folder = user.folderPath
            }
            guard let library else {
                return read.entries.map { entry in
                    let path = LibraryPath(entry.location)
                    return Entry(item: MediaItem(id: 0, path: path, title: entry.title ?? path.stem), isMissing: false)
                }
            }
            return try library.items(of: read, folder: folder).compactMap(Self.entry)
        case .daemon(let address):
            return try MPDStoredPlaylists(address: address).items(in: playlist.name).map {
                Entry(item: $0, isMissing: false)
            }
        }
    }

    private static func entry(_ item: PlaylistItem) -> Entry? {
        switch item.target {
        case .song(let song): return Entry(item: song, isMissing: false)
        case .file(let path):
            return Entry(item: MediaItem(id: 0, path: path, title: item.entry.title ?? path.stem), isMissing: false)
        case .missing(let path):
            return Entry(item: MediaItem(id: 0, path: path, title: item.entry.title ?? path.stem), isMissing: true)
        case .stream(let url) where MediaItem.isStreamURL(url):
            return Entry(item: .stream(url: url, title: item.entry.title), isMissing: false)
        case .stream(let url):
            return Entry(item: MediaItem(id: 0, path: LibraryPath(url), title: url), isMissing: true)
        case .playlist(let path):
            return Entry(item: MediaItem(id: 0, path: path, title: path.lastComponent.description), isMissing: true)
        }
    }

    /// Makes the playlist `name` holding `items` (none: empty).
    public func create(_ name: String, items: [MediaItem] = []) throws {
        switch store {
        case .files(let user, _, _):
            try user.create(name, entries: items.map(PlaylistEntry.init(item:)))
        case .daemon(let address):
            let stored = MPDStoredPlaylists(address: address)
            guard !(try stored.names()).contains(name) else { throw PlaylistError.alreadyExists(name) }
            // The daemon makes a stored playlist by adding to it; an empty one is a save of an empty queue, which
            // would clear the user's queue: it is made with its first songs only.
            guard !items.isEmpty else { throw PlaylistShelfError.daemonNeedsSongs }
            try stored.add(items.map(\.path.description), to: name)
        }
    }

    /// Appends `items` to the playlist `name` (made when it does not exist).
    public func add(_ items: [MediaItem], to name: String) throws {
        switch store {
        case .files(let user, _, _): try user.add(items.map(PlaylistEntry.init(item:)), to: name)
        case .daemon(let address): try MPDStoredPlaylists(address: address).add(items.map(\.path.description), to: name)
        }
    }

    /// Renames the playlist `name` to `newName`, never over another.
    public func rename(_ name: String, to newName: String) throws {
        switch store {
        case .files(let user, _, _): try user.rename(name, to: newName)
        case .daemon(let address):
            let stored = MPDStoredPlaylists(address: address)
            guard !(try stored.names()).contains(newName) else { throw PlaylistError.alreadyExists(newName) }
            try stored.rename(name, to: newName)
        }
    }

    /// Deletes the playlist `name`; what it held is returned for `restore`.
    public func delete(_ name: String) throws -> Deleted {
        switch store {
        case .files(let user, _, _):
            let playlist = try user.read(name)
            try user.delete(name)
            return Deleted(name: name, shelf: self, entries: playlist.entries, uris: [])
        case .daemon(let address):
            let stored = MPDStoredPlaylists(address: address)
            let uris = try stored.items(in: name).map(\.path.description)
            try stored.delete(name)
            return Deleted(name: name, shelf: self, entries: [], uris: uris)
        }
    }

    /// Brings back a deleted playlist as it was (refused when a playlist of its name was made since).
    public func restore(_ deleted: Deleted) throws {
        if let rules = deleted.rules { return try restoreSmart(deleted.name, rules: rules) }
        switch store {
        case .files(let user, _, _): try user.create(deleted.name, entries: deleted.entries)
        case .daemon(let address):
            let stored = MPDStoredPlaylists(address: address)
            guard !(try stored.names()).contains(deleted.name) else {
                throw PlaylistError.alreadyExists(deleted.name)
            }
            guard !deleted.uris.isEmpty else { throw PlaylistShelfError.daemonNeedsSongs }
            try stored.add(deleted.uris, to: deleted.name)
        }
    }

    /// Copies `playlist` (the user's, the daemon's, or a music folder's file: "Edit a copy") to a new playlist of
    /// the user's (or the daemon's) named `newName`.
    public func duplicate(_ playlist: Listed, as newName: String) throws {
        if playlist.isSmart { return try duplicateSmart(playlist.name, as: newName) }
        switch store {
        case .files(let user, _, _):
            if let file = playlist.file {
                _ = try user.importPlaylist(from: file, as: newName)
            } else {
                try user.create(newName, entries: try user.read(playlist.name).entries)
            }
        case .daemon(let address):
            let stored = MPDStoredPlaylists(address: address)
            guard !(try stored.names()).contains(newName) else { throw PlaylistError.alreadyExists(newName) }
            let uris = try stored.items(in: playlist.name).map(\.path.description)
            guard !uris.isEmpty else { throw PlaylistShelfError.daemonNeedsSongs }
            try stored.add(uris, to: newName)
        }
    }

    /// A name for a copy of `name` that no playlist has: "NAME (copy)", then "NAME (copy 2)", …
    public func copyName(of name: String, text: Localizer) throws -> String {
        let taken = Set(try list().filter(\.isRenamable).map(\.name))
        var candidate = text.string("playlists.copyName", name)
        var number = 2
        while taken.contains(candidate) {
            candidate = text.string("playlists.copyNameNumbered", name, number)
            number += 1
        }
        return candidate
    }

    /// Removes the entries at `positions` (from 0) of the playlist `name`.
    public func remove(positions: [Int], from name: String) throws {
        switch store {
        case .files(let user, _, _): _ = try user.remove(positions: positions.map { $0 + 1 }, from: name)
        case .daemon(let address):
            let stored = MPDStoredPlaylists(address: address)
            // From the last, so the positions before stay where they were.
            for position in Set(positions).sorted(by: >) { try stored.remove(at: position, from: name) }
        }
    }

    /// Moves the entry at `from` to `to` (both from 0) in the playlist `name`.
    public func move(from: Int, to: Int, in name: String) throws {
        switch store {
        case .files(let user, _, _): _ = try user.move(from + 1, to: to + 1, in: name)
        case .daemon(let address): try MPDStoredPlaylists(address: address).move(from: from, to: to, in: name)
        }
    }
}

/// What the daemon cannot do with its stored playlists.
public enum PlaylistShelfError: Error, Equatable, Sendable {
    /// The daemon has no empty stored playlist: one is made with songs.
    case daemonNeedsSongs
}
