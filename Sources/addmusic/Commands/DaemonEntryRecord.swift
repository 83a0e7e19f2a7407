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
    // The song's statistics, from the daemon's stickers (else the index's by URI); dates in ISO 8601, in UTC.
    var playCount: Int?
    var skipCount: Int?
    var lastPlayed: String?
    /// Stars, 0–5.
    var rating: Int?

    init(position: Int, item: MediaItem, statistics: PlayStatistics? = nil) {
        self.position = position
        uri = item.path.description
        title = item.title.isEmpty ? nil : item.title
        artist = item.artist
        album = item.album
        duration = item.duration > 0 ? item.duration : nil
        if let statistics {
            playCount = statistics.playCount
            skipCount = statistics.skipCount
            lastPlayed = statistics.lastPlayed.map(SongRecord.dateText)
            rating = statistics.rating
        }
    }
}
