import MediaModel

/// Brings an index made by an older version up to `LibrarySchema.version`, in the transaction that opens it for
/// writing, keeping every song's id.
enum LibraryMigration {
    /// Version 1 → 2: adds the new tag columns (`ALTER TABLE … ADD COLUMN`), recomputes each song's A–Z keys (sort
    /// names, leading articles) and folded search text from the tags it holds, rebuilds the search index over that
    /// text and the album and artist lists, and marks every song to be read again (`mtime = -1`), so that the next
    /// scan fills in the new tags where the id stays the same.
    static func fromVersion1(_ database: SQLiteConnection) throws(SQLiteError) {
        try database.execute(
            """
            DROP TRIGGER IF EXISTS items_fts_delete;
            DROP TRIGGER IF EXISTS items_fts_update;
            DROP TABLE IF EXISTS items_fts;
            """)
        for column in splitColumns(LibrarySchema.version2Columns) {
            try database.execute("ALTER TABLE items ADD COLUMN \(column)")
        }
        let songs = try database.query("SELECT id, title, artist, album, album_artist, genre FROM items") {
            (
                id: $0.int64(0), title: $0.text(1), artist: $0.optionalText(2), album: $0.optionalText(3),
                albumArtist: $0.optionalText(4), genre: $0.optionalText(5)
            )
        }
        let update = try database.prepare(
            """
            UPDATE items SET artist_key = ?, album_sort = ?, title_key = ?, album_artist_key = ?, search_keys = ?,
                mtime = -1 WHERE id = ?
            """)
        for song in songs {
            let keys = LibrarySchema.searchKeys(
                title: song.title, artist: song.artist, album: song.album, albumArtist: song.albumArtist,
                genre: song.genre, composer: nil)
            try update.run([
                .text(TextFolding.sortKey(song.artist)), .text(TextFolding.sortKey(song.album)),
                .text(TextFolding.sortKey(song.title)),
                .text(
                    LibrarySchema.albumArtistKey(
                        albumArtist: song.albumArtist, artist: song.artist, sortNames: SortNames())),
                .text(keys), .integer(song.id),
            ])
        }
        try database.execute(LibrarySchema.create)
        try database.execute("INSERT INTO items_fts(items_fts) VALUES ('rebuild')")
        try database.execute(LibrarySchema.rebuildAggregates)
    }

    /// Versions 1 to 5 → 6: the lists of artists, album artists, genres and composers. Each song's list is its one
    /// value for now, and its genre and composer rows are made. `rereadEverySong` then marks every song to be read
    /// again, so the next scan reads its tags through TagLib, with all their values.
    static func tagLists(_ database: SQLiteConnection) throws(SQLiteError) {
        let existing = Set(try database.query("PRAGMA table_info(items)") { $0.text(1) })
        for column in splitColumns(LibrarySchema.version6Columns) {
            guard let name = column.split(separator: " ").first, !existing.contains(String(name)) else { continue }
            try database.execute("ALTER TABLE items ADD COLUMN \(column)")
        }
        try database.execute(LibrarySchema.valueTables)
        try database.execute(
            """
            UPDATE items SET artists = artist, album_artists = album_artist, genres = genre, composers = composer;
            INSERT INTO item_genres(item_id, genre) SELECT id, genre FROM items WHERE genre IS NOT NULL AND genre != '';
            INSERT INTO item_composers(item_id, composer)
                SELECT id, composer FROM items WHERE composer IS NOT NULL AND composer != '';
            """)
    }

    /// Versions 1 to 6 → 7: the columns of the measured loudness, empty (every song is still to be measured).
    static func loudnessColumns(_ database: SQLiteConnection) throws(SQLiteError) {
        let existing = Set(try database.query("PRAGMA table_info(items)") { $0.text(1) })
        for column in splitColumns(LibrarySchema.version7Columns) {
            guard let name = column.split(separator: " ").first, !existing.contains(String(name)) else { continue }
            try database.execute("ALTER TABLE items ADD COLUMN \(column)")
        }
    }

    /// Versions 1 to 7 → 8: the columns of cue sheet tracks. Long files are read again by the next scan, to find the
    /// cue sheets embedded in them (a folder's `.cue` files are found without it): a sheet is a whole album, and
    /// eight minutes leave out nearly every single song.
    static func cueColumns(_ database: SQLiteConnection) throws(SQLiteError) {
        let existing = Set(try database.query("PRAGMA table_info(items)") { $0.text(1) })
        for column in splitColumns(LibrarySchema.version8Columns) {
            guard let name = column.split(separator: " ").first, !existing.contains(String(name)) else { continue }
            try database.execute("ALTER TABLE items ADD COLUMN \(column)")
        }
        try database.execute("UPDATE items SET mtime = -1 WHERE duration > 480")
    }

    /// Marks every song to be read again by the next scan (`mtime = -1`), after the play statistics took the file
    /// times as the dates songs were added.
    static func rereadEverySong(_ database: SQLiteConnection) throws(SQLiteError) {
        try database.execute("UPDATE items SET mtime = -1")
    }

    /// Versions 2 and 3 → 4: a compilation without an album artist is one album whatever its songs' artists
    /// (`TextFolding.albumKey`): its songs' album keys are made again, and the album list rebuilt.
    static func compilationAlbumKeys(_ database: SQLiteConnection) throws(SQLiteError) {
        let songs = try database.query(
            """
            SELECT id, album FROM items
            WHERE compilation = 1 AND (album_artist IS NULL OR album_artist = '') AND album IS NOT NULL
            """
        ) { (id: $0.int64(0), album: $0.optionalText(1)) }
        let update = try database.prepare("UPDATE items SET album_key = ? WHERE id = ?")
        for song in songs {
            let key = TextFolding.albumKey(album: song.album, albumArtist: nil, artist: nil, isCompilation: true)
            try update.run([.text(key), .integer(song.id)])
        }
        try database.execute(LibrarySchema.rebuildAggregates)
    }

    /// Versions 1 to 4 → 5: text a file gave before tags were bounded (`TagTextLimit`) is cut to its bound, between
    /// Unicode scalars, and each song cut is marked to be read again (`mtime = -1`), so that the next scan makes its
    /// A–Z and search keys from the cut text; the album and artist lists are rebuilt when a name was cut.
    static func boundTagText(_ database: SQLiteConnection) throws(SQLiteError) {
        let name = TagTextLimit.name
        let bounds: [(column: String, bytes: Int)] =
            [
                "title", "artist", "album", "album_artist", "genre", "composer", "title_sort_name", "artist_sort_name",
                "album_sort_name", "album_artist_sort_name", "composer_sort_name", "mb_track_id", "mb_album_id",
                "mb_artist_id",
            ].map { ($0, name) } + [("comment", TagTextLimit.comment), ("lyrics", TagTextLimit.lyrics)]
        var namesCut = false
        for (column, bytes) in bounds {
            let rows = try database.query(
                "SELECT id, \(column) FROM items WHERE length(CAST(\(column) AS BLOB)) > ?", [.integer(Int64(bytes))]
            ) { (id: $0.int64(0), text: $0.text(1)) }
            guard !rows.isEmpty else { continue }
            let update = try database.prepare("UPDATE items SET \(column) = ?, mtime = -1 WHERE id = ?")
            for row in rows { try update.run([.text(TagTextLimit.cut(row.text, to: bytes)), .integer(row.id)]) }
            if bytes == name { namesCut = true }
        }
        if namesCut { try database.execute(LibrarySchema.rebuildAggregates) }
    }

    /// "a TEXT, b INTEGER NOT NULL DEFAULT 0" → ["a TEXT", "b INTEGER NOT NULL DEFAULT 0"] (no commas in defaults).
    private static func splitColumns(_ list: String) -> [String] {
        list.split(separator: ",").map { part in
            String(part.drop { $0.isWhitespace }).split(whereSeparator: \.isNewline).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }
}
