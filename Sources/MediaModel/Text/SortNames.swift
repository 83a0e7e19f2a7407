/// The sort names a file's tags give ("Beatles, The" for "The Beatles"): the A–Z order uses them when present.
public struct SortNames: Hashable, Sendable, Codable {
    /// The title's sort name (ID3 `TSOT`, MP4 `sonm`, Vorbis `TITLESORT`).
    public var title: String?
    /// The artist's sort name (ID3 `TSOP`, MP4 `soar`, Vorbis `ARTISTSORT`).
    public var artist: String?
    /// The album's sort name (ID3 `TSOA`, MP4 `soal`, Vorbis `ALBUMSORT`).
    public var album: String?
    /// The album artist's sort name (ID3 `TSO2`, MP4 `soaa`, Vorbis `ALBUMARTISTSORT`).
    public var albumArtist: String?
    /// The composer's sort name (ID3 `TSOC`, MP4 `soco`, Vorbis `COMPOSERSORT`).
    public var composer: String?

    /// Sort names as given; nil where the file has none.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, albumArtist: String? = nil,
        composer: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.composer = composer
    }
}
