import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// One entry of a daemon's playlist in `library playlist NAME --player system --json`.
struct DaemonEntryRecord: Encodable {
    var position: Int
    var uri: String
    var title: String?
    var artist: String?
    var album: String?
    var duration: Double?

    init(position: Int, item: MediaItem) {
        self.position = position
        uri = item.path.description
        title = item.title.isEmpty ? nil : item.title
        artist = item.artist
        album = item.album
        duration = item.duration > 0 ? item.duration : nil
    }
}
