import MediaLibrary
import MediaModel

/// An album as `--json` prints it.
struct AlbumRecord: Encodable {
    var id: String
    var title: String
    var artist: String?
    var year: Int?
    var trackCount: Int
    var artworkID: Int64?

    init(_ album: Album) {
        id = album.id
        title = album.title
        artist = album.artist
        year = album.year
        trackCount = album.trackCount
        artworkID = album.artworkID
    }
}
