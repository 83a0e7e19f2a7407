import AddMusicCore
import MediaLibrary
import MediaModel
import MusicPlayer

/// A genre or composer of the music daemon as `--json` prints it.
struct DaemonCountRecord: Encodable {
    var name: String
    var songCount: Int
}
