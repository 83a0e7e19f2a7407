/// An album as the picker lists it: songs that share an album title and album artist (or artist).
public struct Album: Hashable, Sendable, Identifiable {
    /// A stable key built from the folded album artist and title; pass it back to `songs(ofAlbum:)`.
    public var id: String
    /// The album title.
    public var title: String
    /// The album artist, else the artist of its songs.
    public var artist: String?
    /// The earliest year among its songs.
    public var year: Int?
    /// The number of songs.
    public var trackCount: Int
    /// Artwork of one of its songs, if any.
    public var artworkID: Int64?

    /// Creates an album value.
    public init(id: String, title: String, artist: String?, year: Int?, trackCount: Int, artworkID: Int64?) {
        self.id = id
        self.title = title
        self.artist = artist
        self.year = year
        self.trackCount = trackCount
        self.artworkID = artworkID
    }
}
