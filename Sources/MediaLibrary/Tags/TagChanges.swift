/// What a write changes in a file's tags: fields replaced (several values each, or none to remove the field), the
/// cover, the rating. Everything not named is kept.
public struct TagChanges: Sendable, Equatable {
    /// The fields a write can set, under TagLib's property names.
    public enum Field: String, CaseIterable, Sendable {
        case title = "TITLE"
        case artist = "ARTIST"
        case album = "ALBUM"
        case albumArtist = "ALBUMARTIST"
        case genre = "GENRE"
        case year = "DATE"
        /// "N" or "N/M".
        case track = "TRACKNUMBER"
        /// "N" or "N/M".
        case disc = "DISCNUMBER"
        case composer = "COMPOSER"
        /// "1", or no value to clear it.
        case compilation = "COMPILATION"
        case lyrics = "LYRICS"
    }

    /// What happens to the cover.
    public enum Cover: Sendable, Equatable {
        case keep
        /// This picture (JPEG, PNG, GIF or BMP bytes) becomes the front cover; other pictures go.
        case set([UInt8])
        /// Every picture goes.
        case remove
    }

    /// The fields replaced, each with its new values in order (empty: the field is removed).
    public var fields: [Field: [String]] = [:]
    public var cover: Cover = .keep
    /// Stars, 1 to 5; 0 removes the rating; nil keeps it.
    public var rating: Int?

    public init(fields: [Field: [String]] = [:], cover: Cover = .keep, rating: Int? = nil) {
        self.fields = fields
        self.cover = cover
        self.rating = rating
    }

    /// Whether the write changes nothing.
    public var isEmpty: Bool { fields.isEmpty && cover == .keep && rating == nil }
}
