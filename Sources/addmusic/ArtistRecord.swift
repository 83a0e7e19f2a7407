import MediaLibrary
import MediaModel

/// An artist as `--json` prints it.
struct ArtistRecord: Encodable {
    var id: String
    var name: String
    var songCount: Int
    var albumCount: Int

    init(_ artist: Artist) {
        id = artist.id
        name = artist.name
        songCount = artist.songCount
        albumCount = artist.albumCount
    }
}
