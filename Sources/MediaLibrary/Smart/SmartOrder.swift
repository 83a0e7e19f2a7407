/// The order of a smart playlist's songs (before its limit is applied). The raw value is the name it is written
/// with; ties go to the song indexed last.
public enum SmartOrder: String, CaseIterable, Sendable {
    case random
    /// Artist, album, disc, track, title: the library's order.
    case library
    case title, album
    /// Oldest year first.
    case year
    case mostPlayed = "most played"
    case leastPlayed = "least played"
    case recentlyPlayed = "recently played"
    case recentlyAdded = "recently added"
    case topRated = "top rated"
    case longest, shortest

    /// The order a name says (any case, with spaces, hyphens or underscores between its words, or none).
    public init?(name: String) {
        let wanted = SmartField.squeezed(name)
        guard let found = Self.allCases.first(where: { SmartField.squeezed($0.rawValue) == wanted }) else {
            return nil
        }
        self = found
    }

    /// The SQL `ORDER BY` terms, over `items` left-joined to `play_stats`.
    var sql: String {
        let library = "items.artist_key, items.album_sort, items.disc_sort, items.track, items.title_key, items.id"
        let album = "items.album_sort, items.album_key, items.disc_sort, items.track, items.title_key, items.id"
        let plays = "COALESCE(play_stats.play_count, 0)"
        return switch self {
        case .random: "random()"
        case .library: library
        case .title: "items.title_key, items.id"
        case .album: album
        case .year: "items.year IS NULL, items.year, \(library)"
        case .mostPlayed: "\(plays) DESC, play_stats.last_played DESC, items.id DESC"
        case .leastPlayed: "\(plays), play_stats.last_played, items.id DESC"
        case .recentlyPlayed: "play_stats.last_played DESC, items.id DESC"
        case .recentlyAdded: "play_stats.date_added DESC, items.id DESC"
        case .topRated: "COALESCE(play_stats.rating, 0) DESC, \(plays) DESC, items.id DESC"
        case .longest: "items.duration DESC, items.id DESC"
        case .shortest: "items.duration, items.id DESC"
        }
    }
}
