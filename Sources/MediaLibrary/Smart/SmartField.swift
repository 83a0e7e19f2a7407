/// What a smart playlist's rule tests (`SmartRule`): a tag, a statistic, or a fact of the file. Its raw value is the
/// name a rule is written with, in English whatever the language ("play count > 10").
public enum SmartField: String, CaseIterable, Sendable {
    case title, artist, album
    case albumArtist = "album artist"
    case genre, composer, comment, year, rating
    case playCount = "play count"
    case skipCount = "skip count"
    case lastPlayed = "last played"
    case dateAdded = "date added"
    case duration
    /// The file's format, as its name's extension says it ("flac", "mp3", "m4a").
    case format

    /// What a field holds, which decides the operators and values a rule on it takes.
    public enum Kind: Sendable {
        /// Text, compared folded (case, diacritics and width aside).
        case text
        /// A whole number.
        case number
        /// A length of time, in whole seconds.
        case duration
        /// A moment, compared with now.
        case date
    }

    /// What the field holds.
    public var kind: Kind {
        switch self {
        case .title, .artist, .album, .albumArtist, .genre, .composer, .comment, .format: .text
        case .year, .rating, .playCount, .skipCount: .number
        case .duration: .duration
        case .lastPlayed, .dateAdded: .date
        }
    }

    /// The operators a rule on the field takes.
    public var operators: [SmartOperator] {
        switch kind {
        case .text where self == .format: [.is, .isNot]
        case .text: [.is, .isNot, .contains, .doesNotContain, .startsWith]
        case .number, .duration: [.is, .isNot, .greater, .less, .atLeast, .atMost]
        case .date: [.inTheLast, .notInTheLast]
        }
    }

    /// The numbers a rule on the field may compare with.
    var range: ClosedRange<Int64> {
        switch self {
        case .rating: 0...5
        case .year: 0...9999
        default: 0...Int64(Int32.max)
        }
    }

    /// The field a rule names (any case, with spaces, hyphens or underscores between its words, or none: "play
    /// count", "play-count", "playCount").
    public init?(name: String) {
        let wanted = Self.squeezed(name)
        guard let found = Self.allCases.first(where: { Self.squeezed($0.rawValue) == wanted }) else { return nil }
        self = found
    }

    /// `text` lowercased, without spaces, hyphens and underscores.
    static func squeezed(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}
