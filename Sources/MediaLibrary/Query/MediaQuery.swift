import MediaModel

/// A query of the library like Apple's `MPMediaQuery`: filter predicates (all must hold), and a grouping that
/// decides the order of the songs, the collections and the A–Z sections. A value: build it, then ask a
/// `MusicLibrary` for its `items(matching:)`, `collections(matching:)` or `sections(matching:)`.
///
/// ```swift
/// var query = MediaQuery.albums()
/// query.addFilterPredicate(MediaPropertyPredicate(value: "rock", forProperty: .genre))
/// for album in try library.collections(matching: query) { print(album.name, album.count) }
/// ```
public struct MediaQuery: Hashable, Sendable {
    /// Where a query grouped by playlist finds playlists.
    public struct PlaylistSources: Hashable, Sendable {
        /// Music folders whose playlist files (`.m3u`, `.m3u8`, `.pls`) count (`MusicLibrary.playlists(in:)`).
        public var libraryRoots: [LibraryPath]
        /// The folder of the user's own playlists (`UserPlaylists.folder`), or nil for none.
        public var userFolder: String?

        /// Creates the sources.
        public init(libraryRoots: [LibraryPath], userFolder: String? = UserPlaylists().folder) {
            self.libraryRoots = libraryRoots
            self.userFolder = userFolder
        }
    }

    /// The predicates a song must all pass.
    public var filterPredicates: [MediaPropertyPredicate]
    /// How songs are grouped into collections, and ordered.
    public var groupingType: MediaGrouping
    /// Where playlists are found, for the playlist grouping.
    public var playlistSources: PlaylistSources
    /// The collection this query is narrowed to (`MediaQueryCollection.itemsQuery`): its grouping and key.
    var collectionKey: String?

    /// A query of every song passing `filterPredicates`, grouped by `groupingType`.
    public init(
        filterPredicates: [MediaPropertyPredicate] = [], groupingType: MediaGrouping = .title,
        playlistSources: PlaylistSources = PlaylistSources(libraryRoots: [], userFolder: nil)
    ) {
        self.filterPredicates = filterPredicates
        self.groupingType = groupingType
        self.playlistSources = playlistSources
    }

    /// Adds a predicate the songs must pass too.
    public mutating func addFilterPredicate(_ predicate: MediaPropertyPredicate) {
        filterPredicates.append(predicate)
    }

    /// Removes every predicate equal to `predicate`.
    public mutating func removeFilterPredicate(_ predicate: MediaPropertyPredicate) {
        filterPredicates.removeAll { $0 == predicate }
    }

    /// This query narrowed to the collection with `key` of its grouping.
    func narrowed(to key: String) -> MediaQuery {
        var query = self
        query.collectionKey = key
        return query
    }

    // MARK: Ready-made queries

    /// Every song, A–Z by title.
    public static func songs() -> MediaQuery { MediaQuery(groupingType: .title) }
    /// Every album, A–Z by title.
    public static func albums() -> MediaQuery { MediaQuery(groupingType: .album) }
    /// Every artist, A–Z.
    public static func artists() -> MediaQuery { MediaQuery(groupingType: .artist) }
    /// Every album artist (else artist), A–Z.
    public static func albumArtists() -> MediaQuery { MediaQuery(groupingType: .albumArtist) }
    /// Every genre, A–Z.
    public static func genres() -> MediaQuery { MediaQuery(groupingType: .genre) }
    /// Every composer, A–Z.
    public static func composers() -> MediaQuery { MediaQuery(groupingType: .composer) }
    /// The albums marked as compilations, A–Z by title.
    public static func compilations() -> MediaQuery {
        MediaQuery(
            filterPredicates: [MediaPropertyPredicate(value: true, forProperty: .isCompilation)], groupingType: .album)
    }
    /// The playlists: those found in `libraryRoots` and the user's own in `userFolder`, by name.
    public static func playlists(
        libraryRoots: [LibraryPath], userFolder: String? = UserPlaylists().folder
    ) -> MediaQuery {
        MediaQuery(
            groupingType: .playlist,
            playlistSources: PlaylistSources(libraryRoots: libraryRoots, userFolder: userFolder))
    }
}
