import AddMusicCore
import MediaLibrary
import MediaModel
import MusicPlayer

/// What the picker browses: the local library, or, with the system player, the music daemon's own database, so that
/// every song it offers is one the player can play. The library's rows are read a page at a time as they are shown.
/// Every member reads the index or asks the daemon: call them off the main thread.
public enum PickerSource: Sendable {
    /// The library, with the music folders whose playlist files it offers.
    case library(MusicLibrary, roots: [LibraryPath])
    case daemon(SystemMusicPlayer)

    /// A group of songs as a picker row (an album, an artist, a genre, a composer, a playlist): its text, a second
    /// line (an album's artist), and how its songs are found.
    struct Group: Sendable {
        var text: String
        var detail: String? = nil
        var artworkID: Int64? = nil
        var songs: GroupSongs
    }

    /// How a group's songs are found.
    enum GroupSongs: Sendable {
        /// The library's songs of a collection.
        case query(MediaQuery)
        /// A smart playlist by name (B-H9), of the library or of the daemon's database and stickers.
        case smart(String)
        /// The daemon's songs whose tag is a value (its `find`).
        case tag(String, String)
        /// The daemon's stored playlist of that name.
        case storedPlaylist(String)
    }

    /// Songs matching `query` (every word a prefix, in the library; the daemon's `search any`), all when empty.
    func songs(matching query: String) -> RowReader<MediaItem> {
        switch self {
        case .library(let library, _) where query.isEmpty:
            RowReader(count: (try? library.songCount()) ?? 0) { (try? library.songs(offset: $0, limit: $1)) ?? [] }
        case .library(let library, _):
            RowReader(count: (try? library.searchCount(query)) ?? 0) {
                (try? library.search(query, offset: $0, limit: $1)) ?? []
            }
        case .daemon(let player): RowReader((try? player.database.search(query)) ?? [])
        }
    }

    /// Every group of `kind` (not `.songs`), in A–Z order; the library's read a page at a time.
    func groups(_ kind: PickerKind) -> RowReader<Group> {
        switch self {
        case .library(let library, let roots): Self.libraryGroups(kind, library: library, roots: roots)
        case .daemon(let player): RowReader(Self.daemonGroups(kind, player: player))
        }
    }

    /// The songs of `group`, in its order, as a reader of pages: a library's smart playlist finds its songs' ids
    /// first and reads them whole a page at a time; the others are read at once.
    func songReader(of group: Group) -> RowReader<MediaItem> {
        guard case .library(let library, _) = self, case .smart(let name) = group.songs else {
            return RowReader(songs(of: group))
        }
        let ids = (try? SmartPlaylists().rules(of: name)).flatMap { try? library.songIDs(matching: $0) } ?? []
        return RowReader(count: ids.count) { offset, limit in
            guard offset < ids.count else { return [] }
            return (try? library.items(ids: Array(ids[offset..<min(ids.count, offset + limit)]))) ?? []
        }
    }

    /// The songs of `group`, in its order.
    func songs(of group: Group) -> [MediaItem] {
        switch (self, group.songs) {
        case (.library(let library, _), .query(let query)):
            (try? library.items(matching: query, limit: 100_000)) ?? []
        case (.library(let library, _), .smart(let name)):
            (try? SmartPlaylists().rules(of: name)).flatMap { try? library.songs(matching: $0) } ?? []
        case (.daemon(let player), .smart(let name)):
            (try? DaemonSmartPlaylists(address: player.address).songs(named: name)) ?? []
        case (.daemon(let player), .storedPlaylist(let name)):
            (try? MPDStoredPlaylists(address: player.address).items(in: name)) ?? []
        case (.daemon(let player), .tag(let tag, let value)):
            (try? player.database.songs(tag: tag, matching: value)) ?? []
        default: []
        }
    }

    /// The first level of the Folders page: the music folders with their songs counted (the daemon's: the folders
    /// of its music folder, uncounted, then its songs there), and the tree to walk below them (nil for the daemon,
    /// whose folders are asked for one at a time).
    func topFolders() -> (rows: [FolderRow], tree: FolderTree?) {
        switch self {
        case .library(let library, let roots):
            guard let tree = try? library.folderTree(roots: roots) else { return ([], nil) }
            return (tree.top.map(FolderRow.folder), tree)
        case .daemon(let player): return (daemonFolder("", player: player), nil)
        }
    }

    /// What folder `folder` holds, for the Folders page: its subfolders (from `tree`, for the library), then its own
    /// songs, by disc, track and file name (the daemon's in its order).
    func rows(in folder: LibraryFolder, tree: FolderTree?) -> [FolderRow] {
        switch self {
        case .library(let library, _):
            let songs = (try? library.songs(inFolder: folder.path)) ?? []
            return (tree?.subfolders(of: folder.path) ?? []).map(FolderRow.folder) + songs.map(FolderRow.song)
        case .daemon(let player): return daemonFolder(folder.path.description, player: player)
        }
    }

    /// Every song in `folder` and below it.
    func songs(under folder: LibraryFolder) -> [MediaItem] {
        switch self {
        case .library(let library, _): (try? library.songs(under: folder.path)) ?? []
        case .daemon(let player): (try? player.database.songs(under: folder.path.description)) ?? []
        }
    }

    private func daemonFolder(_ uri: String, player: SystemMusicPlayer) -> [FolderRow] {
        guard let (folders, songs) = try? player.database.folder(uri) else { return [] }
        let rows = folders.map { path in
            let folder = LibraryPath(path)
            return FolderRow.folder(LibraryFolder(path: folder, name: folder.lastComponent.description, songCount: -1))
        }
        return rows + songs.map(FolderRow.song)
    }

    /// The stars of each of `items` that can be rated, by id (0: not rated); songs left out cannot be rated here
    /// (not in the library, a library opened read-only, a daemon without stickers).
    func ratings(of items: [MediaItem]) -> [Int64: Int] {
        switch self {
        case .library(let library, _):
            guard !library.isReadOnly else { return [:] }
            return ((try? library.statistics(of: items.map(\.id))) ?? [:]).mapValues { $0.rating ?? 0 }
        case .daemon(let player):
            let stickers = MPDStickers(address: player.address)
            guard (try? stickers.isAvailable()) == true, let all = try? stickers.statisticsOfAllSongs() else {
                return [:]
            }
            var ratings: [Int64: Int] = [:]
            for item in items where item.streamURL == nil {
                ratings[item.id] = all[player.daemonURI(for: item)]?.rating ?? 0
            }
            return ratings
        }
    }

    /// The thumbnail `id` of the library's artwork (the daemon's songs have none here: reading each row's picture
    /// from the daemon would hold up scrolling).
    func thumbnail(_ id: Int64) -> [UInt8]? {
        guard case .library(let library, _) = self else { return nil }
        return try? library.thumbnail(artworkID: id)
    }

    private static func libraryGroups(_ kind: PickerKind, library: MusicLibrary, roots: [LibraryPath])
        -> RowReader<Group>
    {
        let query: MediaQuery
        switch kind {
        case .playlists:
            // The smart playlists first, then the files', read once: each playlist's count reads its file.
            let smart = smartGroups()
            let files = (try? library.collections(matching: .playlists(libraryRoots: roots), limit: Int.max)) ?? []
            return RowReader(smart + files.map { Group(text: $0.name, songs: .query($0.itemsQuery)) })
        case .artists: query = .artists()
        case .songs, .albums: query = .albums()
        case .folders: return RowReader([])  // the Folders page reads its own rows
        case .genres: query = .genres()
        case .compilations: query = .compilations()
        case .composers: query = .composers()
        }
        let unknown = Localizer.app.string(
            kind == .artists ? "Unknown Artist" : kind.showsCovers ? "Unknown Album" : "—")
        return RowReader(count: (try? library.collectionCount(matching: query)) ?? 0) { offset, limit in
            ((try? library.collections(matching: query, offset: offset, limit: limit)) ?? []).map { collection in
                let item = collection.representativeItem
                return Group(
                    text: collection.name.isEmpty ? unknown : collection.name,
                    detail: kind.showsCovers ? item.flatMap(albumArtist) : nil,
                    artworkID: kind.showsCovers ? item?.artworkID : nil, songs: .query(collection.itemsQuery))
            }
        }
    }

    /// The smart playlists: the built-in ones under their names in the user's language, then the user's own.
    private static func smartGroups() -> [Group] {
        SmartPlaylists().names().map { name in
            let builtIn = SmartPlaylist(name: name)
            return Group(
                text: builtIn.map { Localizer.app.string("smartPlaylist." + $0.rawValue) } ?? name, songs: .smart(name))
        }
    }

    /// An album's artist as its cover shows it: its album artist, "Various Artists" for a compilation without one,
    /// else its songs' artist.
    private static func albumArtist(_ item: MediaItem) -> String? {
        if let albumArtist = item.albumArtist { return albumArtist }
        return item.isCompilation ? Localizer.app.string("Various Artists") : item.artist
    }

    private static func daemonGroups(_ kind: PickerKind, player: SystemMusicPlayer) -> [Group] {
        func tagged(_ tag: String, _ values: [String]) -> [Group] {
            values.map { Group(text: $0, songs: .tag(tag, $0)) }
        }
        switch kind {
        case .playlists:
            let smart =
                (try? DaemonSmartPlaylists(address: player.address).isAvailable()) == true
                ? smartGroups() : []
            let stored = (try? MPDStoredPlaylists(address: player.address).names()) ?? []
            return smart + stored.map { Group(text: $0, songs: .storedPlaylist($0)) }
        case .artists: return tagged("artist", (try? player.database.artists()) ?? [])
        case .songs, .albums: return tagged("album", (try? player.database.albums()) ?? [])
        case .genres: return tagged("genre", ((try? player.database.counts(groupedBy: "genre")) ?? []).map(\.value))
        case .composers:
            return tagged("composer", ((try? player.database.counts(groupedBy: "composer")) ?? []).map(\.value))
        case .compilations: return tagged("album", (try? player.database.compilations()) ?? [])
        case .folders: return []  // the Folders page reads its own rows
        }
    }
}
