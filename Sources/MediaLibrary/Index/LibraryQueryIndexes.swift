/// The indexes `MediaQuery` needs beyond the scan's, made with `CREATE INDEX IF NOT EXISTS` when a writable library
/// opens (they add no column, so every id and row stays as it was, and no schema version is needed).
///
/// What `EXPLAIN QUERY PLAN` showed without them, on 100,000 songs: the songs by title, the albums by title, and
/// the genres, composers and album artists each sorted every song in a temporary B-tree (`USE TEMP B-TREE FOR
/// GROUP BY`) before the first row; with them each walks its index in order and stops at the page's end. The artists
/// already had `items_song_order`, which starts with the artist's key. The genres' and composers' rows are found by
/// value with their song's id in the index itself (`item_genres_value_item`: a smart playlist's rule on the genre
/// reads no row of `item_genres`; 27 → 21 ms for "genre is jazz" and "year >= 2000" on 100,000 songs), in place of
/// the value alone that version 6 made. The library's order (`items_song_order`) holds each song's id (the last key
/// of `SmartOrder.library`), year and length after its keys (`songOrder`), where the scan made it of the keys
/// alone: a smart playlist whose rules and order read only those, the genres and the composers
/// (`SmartRuleSQL.readsOnlyTheSongOrder`) is then one pass over that index, about 7 MB for 100,000 songs, where it
/// read the rows of every song of its genre from the 58 MB table: for "genre is jazz" and "year >= 2000", 220 → 30 ms
/// with nothing of the file in the system's cache.
enum LibraryQueryIndexes {
    /// The index names, to tell whether all are there.
    static let names = [
        "items_title", "items_album_title", "items_album_artist", "items_genre", "items_composer", "items_compilation",
        "item_genres_value_item", "item_composers_value_item",
    ]

    /// Makes the indexes that are missing.
    static let create = """
        CREATE INDEX IF NOT EXISTS items_title ON items(title_key);
        CREATE INDEX IF NOT EXISTS items_album_title ON items(album_sort, album_key, disc_sort, track, title_key);
        CREATE INDEX IF NOT EXISTS items_album_artist
            ON items(album_artist_key, album_sort, disc_sort, track, title_key);
        CREATE INDEX IF NOT EXISTS items_genre ON items(genre COLLATE NOCASE);
        CREATE INDEX IF NOT EXISTS items_composer ON items(composer COLLATE NOCASE);
        CREATE INDEX IF NOT EXISTS items_compilation ON items(album_sort, album_key, disc_sort, track, title_key)
            WHERE compilation = 1;
        CREATE INDEX IF NOT EXISTS item_genres_value_item ON item_genres(genre COLLATE NOCASE, item_id);
        DROP INDEX IF EXISTS item_genres_value;
        CREATE INDEX IF NOT EXISTS item_composers_value_item ON item_composers(composer COLLATE NOCASE, item_id);
        DROP INDEX IF EXISTS item_composers_value;
        """

    /// The library's order with each song's id, year and length (also in `LibrarySchema.create`), and the number of
    /// its columns.
    static let songOrder =
        "CREATE INDEX IF NOT EXISTS items_song_order ON items(artist_key, album_sort, disc_sort, track, title_key, "
        + "id, year, duration)"
    private static let songOrderColumns = 8

    /// Whether the library's order on `connection` holds the year and length (a library only ever read, or one a
    /// long scan kept from making it anew, may have the keys alone).
    static func songOrderIsWhole(_ connection: SQLiteConnection) throws -> Bool {
        try columnsOfSongOrder(connection) == songOrderColumns
    }

    private static func columnsOfSongOrder(_ connection: SQLiteConnection) throws -> Int64 {
        try connection.query("SELECT COUNT(*) FROM pragma_index_info('items_song_order')") { $0.int64(0) }.first ?? 0
    }

    /// Makes the missing indexes on `connection` (a writing one), and the library's order anew if it has the keys
    /// alone, in a transaction.
    static func ensure(on connection: SQLiteConnection) throws {
        let marks = names.map { "'\($0)'" }.joined(separator: ",")
        let present =
            try connection.query(
                "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name IN (\(marks))"
            ) { $0.int64(0) }.first ?? 0
        let orderColumns = try columnsOfSongOrder(connection)
        guard present < names.count || orderColumns != songOrderColumns else { return }
        try connection.transaction {
            try connection.execute(create)
            if orderColumns != songOrderColumns {
                try connection.execute("DROP INDEX IF EXISTS items_song_order; \(songOrder)")
            }
        }
    }
}
