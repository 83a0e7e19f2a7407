/// The playlists computed from the play statistics (B-H5). Each has a stable English name, used on the command
/// line (`play --playlist "Most Played"`) whatever the language; the window shows a localized name
/// (`smartPlaylist.<rawValue>` in the app's strings).
public enum SmartPlaylist: String, CaseIterable, Sendable {
    /// The songs added last, newest first.
    case recentlyAdded = "Recently Added"
    /// The songs played, the one played last first.
    case recentlyPlayed = "Recently Played"
    /// The songs played at least once, most plays first (ties: the one played last first).
    case mostPlayed = "Most Played"
    /// The songs rated four stars or more, best first (ties: most plays first).
    case topRated = "Top Rated"
    /// The songs never played, in the library's order (artist, album, disc, track).
    case neverPlayed = "Never Played"

    /// How many songs a smart playlist holds at most.
    public static let limit = 100

    /// The smart playlist named `name` (its English name, in any case), if any.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = found
    }

    /// The SQL (after `SELECT columns FROM items`) that selects its songs in its order, `LIMIT ?` last.
    var clause: String {
        let stats = "JOIN play_stats ON play_stats.item_id = items.id"
        switch self {
        case .recentlyAdded:
            return "\(stats) ORDER BY play_stats.date_added DESC, play_stats.item_id DESC LIMIT ?"
        case .recentlyPlayed:
            return "\(stats) WHERE play_stats.last_played IS NOT NULL ORDER BY play_stats.last_played DESC LIMIT ?"
        case .mostPlayed:
            return """
                \(stats) WHERE play_stats.play_count > 0
                ORDER BY play_stats.play_count DESC, play_stats.last_played DESC LIMIT ?
                """
        case .topRated:
            return """
                \(stats) WHERE play_stats.rating IS NOT NULL AND play_stats.rating >= 4
                ORDER BY play_stats.rating DESC, play_stats.play_count DESC, play_stats.item_id DESC LIMIT ?
                """
        case .neverPlayed:
            return """
                LEFT JOIN play_stats ON play_stats.item_id = items.id WHERE COALESCE(play_stats.play_count, 0) = 0
                ORDER BY items.artist_key, items.album_sort, items.disc_sort, items.track, items.title_key LIMIT ?
                """
        }
    }
}
