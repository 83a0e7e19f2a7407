import MediaModel

/// A group of songs a grouped `MediaQuery` found (Apple's `MPMediaItemCollection` as a
/// query returns it; a player's queue is `MusicPlayer.MediaItemCollection`): an album, an artist, a genre, a
/// composer, a playlist, or one song.
public struct MediaQueryCollection: Hashable, Sendable {
    /// The grouping that made the collection.
    public var grouping: MediaGrouping
    /// What the songs share: the album, artist or album-artist key, the genre or composer, the playlist's path, or
    /// the song's persistent id.
    public var key: String
    /// The name to show: the album title, the artist, the genre, the composer (as the representative song spells
    /// it), the playlist's name or the song's title.
    public var name: String
    /// How many songs it holds (that pass the query's predicates).
    public var count: Int
    /// One of its songs (the first added to the library, or a playlist's first), for its artwork and details; nil
    /// only for a playlist with no song of the library.
    public var representativeItem: MediaItem?
    /// The query that lists its songs: the query that found it, narrowed to it.
    public var itemsQuery: MediaQuery

    /// Creates a collection.
    public init(
        grouping: MediaGrouping, key: String, name: String, count: Int, representativeItem: MediaItem?,
        itemsQuery: MediaQuery
    ) {
        self.grouping = grouping
        self.key = key
        self.name = name
        self.count = count
        self.representativeItem = representativeItem
        self.itemsQuery = itemsQuery
    }
}
