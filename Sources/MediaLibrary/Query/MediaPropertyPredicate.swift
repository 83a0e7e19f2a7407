import MediaModel

/// A filter on one property of a song (Apple's `MPMediaPropertyPredicate`): equal to, or containing, a value.
///
/// Text compares through `TextFolding.key`: case-, diacritics- and width-insensitive, with letters like "ø" and "ß"
/// matched by their spelling in ASCII ("bjork" equals "Björk", "strasse" is contained in "Hauptstraße"). Numbers and
/// flags compare as numbers; `contains` on them means equal. A song without the property matches no predicate on it.
public struct MediaPropertyPredicate: Hashable, Sendable {
    /// How the property is compared with the value.
    public enum Comparison: Hashable, Sendable {
        /// The whole (folded) property equals the (folded) value.
        case equalTo
        /// The (folded) value occurs anywhere in the (folded) property.
        case contains
    }

    /// A value to compare with: text, a number or a flag.
    public enum Value: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
        ExpressibleByBooleanLiteral
    {
        case text(String)
        case number(Int64)
        case flag(Bool)

        /// A text value.
        public init(stringLiteral value: String) { self = .text(value) }
        /// A number value.
        public init(integerLiteral value: Int64) { self = .number(value) }
        /// A flag value.
        public init(booleanLiteral value: Bool) { self = .flag(value) }

        /// The value as text (numbers in decimal, flags as 1 or 0).
        var asText: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            case .flag(let flag): flag ? "1" : "0"
            }
        }

        /// The value as a number, when it is one or is text that spells one.
        var asNumber: Int64? {
            switch self {
            case .text(let text): Int64(text.trimmingCharacters(in: .whitespaces))
            case .number(let number): number
            case .flag(let flag): flag ? 1 : 0
            }
        }
    }

    /// The value compared with.
    public var value: Value
    /// The property filtered on.
    public var property: MediaProperty
    /// Equal to, or contains.
    public var comparison: Comparison

    /// A predicate that keeps songs whose `property` compares with `value` as `comparison` says.
    public init(value: Value, forProperty property: MediaProperty, comparison: Comparison = .equalTo) {
        self.value = value
        self.property = property
        self.comparison = comparison
    }

    /// Whether `item` passes the predicate (the same test the SQL form makes, for songs held outside the index).
    public func matches(_ item: MediaItem) -> Bool {
        if property.isText {
            let wanted = TextFolding.key(value.asText)
            // A song passes when one of its genres (composers) does, as in the index.
            let texts =
                property == .genre
                ? item.genres
                : property == .composer ? item.composers : Self.text(of: property, in: item).map { [$0] } ?? []
            return texts.contains { text in
                let folded = TextFolding.key(text)
                return comparison == .equalTo ? folded == wanted : folded.contains(wanted)
            }
        }
        guard let number = Self.number(of: property, in: item), let wanted = value.asNumber else { return false }
        return number == wanted
    }

    private static func text(of property: MediaProperty, in item: MediaItem) -> String? {
        switch property {
        case .title: item.title
        case .artist: item.artist
        case .albumTitle: item.album
        case .albumArtist: item.albumArtist
        case .genre: item.genre
        case .composer: item.composer
        case .comment: item.comment
        default: nil
        }
    }

    private static func number(of property: MediaProperty, in item: MediaItem) -> Int64? {
        switch property {
        case .persistentID: item.id
        case .isCompilation: item.isCompilation ? 1 : 0
        case .year: item.year.map(Int64.init)
        case .trackNumber: item.trackNumber.map(Int64.init)
        case .discNumber: item.discNumber.map(Int64.init)
        case .beatsPerMinute: item.beatsPerMinute.map(Int64.init)
        default: nil
        }
    }
}
