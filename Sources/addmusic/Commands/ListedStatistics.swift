import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The play statistics of songs a command lists, read where the player that plays them keeps them: the index, by
/// id, for the application player's songs; for the daemon's songs (`--player system`), its stickers when it keeps
/// them, else the index by URI (B-H7). One read for the whole list.
enum ListedStatistics {
    /// The statistics of each of `songs` (the application player's), in order; nil for a song the index does not
    /// hold.
    static func ofSongs(_ songs: [MediaItem], library: MusicLibrary) throws -> [PlayStatistics?] {
        let found = try library.statistics(of: songs.map(\.id))
        return songs.map { found[$0.id] }
    }

    /// The statistics of each of the daemon's `songs` (their paths are its URIs), in order: none recorded is zero
    /// plays.
    static func ofDaemonSongs(_ songs: [MediaItem], library: MusicLibrary?) throws -> [PlayStatistics?] {
        let stickers = MPDStickers()
        let found: [String: PlayStatistics]
        if try withDaemon({ () throws(MPDError) in try stickers.isAvailable() }) {
            found = try withDaemon { () throws(MPDError) in try stickers.statisticsOfAllSongs() }
        } else if let library {
            found = try library.statistics(uris: songs.map(\.path.description))
        } else {
            found = [:]
        }
        return songs.map { song in
            let uri = song.path.description
            return uri.contains("://") ? nil : found[uri] ?? PlayStatistics()  // a stream has none
        }
    }

    /// ` · ★★★☆☆ · 3 plays, last played 2026-12-01 20:15 · 1 skip · added 2026-11-02 09:00`: the statistics as
    /// `--stats` appends them to a song's line, in the user's language (dates in the local time zone).
    static func line(_ statistics: PlayStatistics?) -> String {
        guard let statistics else { return "" }
        let text = Localizer.app
        var parts: [String] = []
        if let rating = statistics.rating {
            parts.append(String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating))
        }
        var plays = text.count("count.plays", statistics.playCount)
        if let last = statistics.lastPlayed { plays += ", " + text.string("stats.lastPlayed", localDate(last)) }
        parts.append(plays)
        if statistics.skipCount > 0 { parts.append(text.count("count.skips", statistics.skipCount)) }
        if let added = statistics.dateAdded { parts.append(text.string("stats.added", localDate(added))) }
        return " · " + parts.joined(separator: " · ")
    }

    /// `date` in the local time zone, to the minute ("2026-12-01 20:15").
    static func localDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
