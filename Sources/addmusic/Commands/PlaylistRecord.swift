import MediaLibrary
import MediaModel

/// A playlist as `library playlists --json` prints it.
struct PlaylistRecord: Encodable {
    var name: String
    /// "user" for the user's own playlists, "library" for those in the music folders, "smart" for those computed
    /// from the play statistics (no path).
    var kind: String
    var path: String?
    /// The file's path below its music folder (library playlists only).
    var relativePath: String?
    var entries: Int?
    var missing: Int?
    /// Why the file could not be read, when it could not.
    var error: String?
}
