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

    /// Its definition: rules like any smart playlist's, evaluated by the same code (`MusicLibrary.songs(matching:)`).
    public var rules: SmartRules {
        let played = SmartRule(.playCount, .greater, .number(0))
        return switch self {
        case .recentlyAdded: SmartRules(limit: .songs(Self.limit), order: .recentlyAdded)
        case .recentlyPlayed: SmartRules(rules: [played], limit: .songs(Self.limit), order: .recentlyPlayed)
        case .mostPlayed: SmartRules(rules: [played], limit: .songs(Self.limit), order: .mostPlayed)
        case .topRated:
            SmartRules(rules: [SmartRule(.rating, .atLeast, .number(4))], limit: .songs(Self.limit), order: .topRated)
        case .neverPlayed:
            SmartRules(rules: [SmartRule(.playCount, .is, .number(0))], limit: .songs(Self.limit), order: .library)
        }
    }
}
