import MediaLibrary
import MediaModel

/// A playlist entry as `library playlist NAME --json` prints it.
struct PlaylistEntryRecord: Encodable {
    var position: Int
    /// The entry as the file holds it.
    var location: String
    var title: String?
    var duration: Int?
    /// "song", "file" (not in the library), "missing", "stream" or "playlist" (not expanded).
    var status: String
    var path: String?
    var song: SongRecord?

    /// The entry at `position`; a song's statistics are looked up in `statistics`, by id.
    init(position: Int, item: PlaylistItem, statistics: [Int64: PlayStatistics] = [:]) {
        self.position = position
        location = item.entry.location
        title = item.entry.title
        duration = item.entry.duration
        switch item.target {
        case .song(let song):
            status = "song"
            path = song.path.description
            self.song = SongRecord(song, statistics: statistics[song.id])
        case .file(let path):
            status = "file"
            self.path = path.description
        case .missing(let path):
            status = "missing"
            self.path = path.description
        case .stream:
            status = "stream"
        case .playlist(let path):
            status = "playlist"
            self.path = path.description
        }
    }
}
