/// A property of a song that a `MediaPropertyPredicate` filters on (Apple's `MPMediaItemProperty…` keys).
public enum MediaProperty: String, CaseIterable, Hashable, Sendable {
    case persistentID, title, artist, albumTitle, albumArtist, genre, composer, comment, isCompilation, year
    case trackNumber, discNumber, beatsPerMinute

    /// The `items` column that holds the property.
    var column: String {
        switch self {
        case .persistentID: "id"
        case .title: "title"
        case .artist: "artist"
        case .albumTitle: "album"
        case .albumArtist: "album_artist"
        case .genre: "genre"
        case .composer: "composer"
        case .comment: "comment"
        case .isCompilation: "compilation"
        case .year: "year"
        case .trackNumber: "track"
        case .discNumber: "disc"
        case .beatsPerMinute: "bpm"
        }
    }

    /// Whether the property is text (else a number or a flag).
    var isText: Bool {
        switch self {
        case .title, .artist, .albumTitle, .albumArtist, .genre, .composer, .comment: true
        default: false
        }
    }

    /// Whether the column has an index that starts with it under `COLLATE NOCASE` (`LibraryQueryIndexes`), so that
    /// a predicate tests its distinct values and looks the songs up by index.
    var hasNoCaseIndex: Bool { self == .genre || self == .composer }
}
