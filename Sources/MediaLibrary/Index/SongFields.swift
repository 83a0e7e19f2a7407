import MediaModel

/// Which of a song's fields a reading of the index fills in.
public enum SongFields: Sendable {
    /// Every field the index keeps: what playing, showing, rating or writing a song needs.
    case all
    /// What a line of a listing shows: the id, path, title, artist, album and duration. Every other field is left at
    /// its default (no ReplayGain, no cue segment, no lyrics, no lists of artists beyond the one shown): such an item
    /// is for printing a line, never for playing, rating or writing. The index reads 6 of its 46 columns, and each
    /// song costs a few strings rather than a few dozen.
    case listing

    /// The columns a query selects, in the order `item(_:)` reads them.
    var columns: String {
        switch self {
        case .all: LibrarySchema.itemColumns
        case .listing: "items.id, items.path, items.title, items.artist, items.album, items.duration"
        }
    }

    /// The song of a row selected with `columns`.
    func item(_ row: SQLiteStatement) -> MediaItem {
        switch self {
        case .all:
            return MediaItem(row: row)
        case .listing:
            return MediaItem(
                id: row.int64(0), path: LibraryPath(bytes: row.blob(1)), title: row.text(2),
                artist: row.optionalText(3), album: row.optionalText(4),
                duration: MediaTime.duration(row.double(5)) ?? 0)
        }
    }
}
