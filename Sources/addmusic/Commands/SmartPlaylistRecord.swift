import MediaLibrary

/// A smart playlist as `playlist smart show --json` and `playlist smart list --json` print it.
struct SmartPlaylistRecord: Encodable {
    var name: String
    /// Whether it is one of the five built in, with the rules it was built with.
    var builtIn: Bool
    var match: String
    var rules: [String]
    /// "N songs" or "N minutes"; nil: no limit.
    var limit: String?
    var order: String
    /// The songs it holds now (nil when they could not be counted, as with the daemon out of reach).
    var songs: Int?

    init(name: String, rules: SmartRules, builtIn: Bool, songs: Int?) {
        self.name = name
        self.builtIn = builtIn
        match = rules.match.rawValue
        self.rules = rules.rules.map(\.description)
        limit = rules.limit?.description
        order = rules.order.rawValue
        self.songs = songs
    }
}
