/// The orders `library songs --sort` takes, computed from the play statistics (B-H6). Each has a stable name for
/// the command line.
public enum SongOrder: String, CaseIterable, Sendable {
    /// Most plays first (ties: the one played last first, then the library's order).
    case mostPlayed = "most-played"
    /// The song added last first.
    case recentlyAdded = "recently-added"
    /// The song played last first; songs never played after them.
    case recentlyPlayed = "recently-played"
    /// Most stars first (ties: most plays first); songs not rated after them.
    case topRated = "top-rated"
    /// Only the songs never played, in the library's order.
    case neverPlayed = "never-played"

    /// The SQL (after `SELECT columns FROM items`) for the order, `LIMIT ? OFFSET ?` last.
    var clause: String {
        let library = "items.artist_key, items.album_sort, items.disc_sort, items.track, items.title_key"
        let stats = "LEFT JOIN play_stats ON play_stats.item_id = items.id"
        let page = "LIMIT ? OFFSET ?"
        switch self {
        case .mostPlayed:
            return """
                \(stats) ORDER BY COALESCE(play_stats.play_count, 0) DESC, play_stats.last_played DESC,
                \(library) \(page)
                """
        case .recentlyAdded:
            return "\(stats) ORDER BY play_stats.date_added DESC, items.id DESC \(page)"
        case .recentlyPlayed:
            return "\(stats) ORDER BY play_stats.last_played IS NULL, play_stats.last_played DESC, \(library) \(page)"
        case .topRated:
            return """
                \(stats) ORDER BY play_stats.rating IS NULL, play_stats.rating DESC, play_stats.play_count DESC,
                \(library) \(page)
                """
        case .neverPlayed:
            return "\(stats) WHERE COALESCE(play_stats.play_count, 0) = 0 ORDER BY \(library) \(page)"
        }
    }
}
