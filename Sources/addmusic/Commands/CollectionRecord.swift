import AddMusicCore
import MediaLibrary
import MediaModel
import MusicPlayer

/// A collection (genre, composer, album) as `--json` prints it.
struct CollectionRecord: Encodable {
    var key: String
    var name: String
    var songCount: Int
    var albumArtist: String?
    var year: Int?
    var artworkID: Int64?

    init(_ collection: MediaQueryCollection) {
        key = collection.key
        name = collection.name
        songCount = collection.count
        if collection.grouping == .album {
            albumArtist = collection.representativeItem.flatMap { $0.albumArtist ?? $0.artist }
            year = collection.representativeItem?.year
        }
        artworkID = collection.representativeItem?.artworkID
    }
}
