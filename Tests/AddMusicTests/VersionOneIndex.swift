@testable import MediaLibrary

/// An index as version 1 of the schema made it (`PRAGMA user_version = 1`), for the migration's tests: the tables,
/// indexes and triggers of that version, word for word.
enum VersionOneIndex {
    /// Creates a version 1 index at `path`.
    static func create(at path: String) throws {
        let database = try SQLiteConnection(path: path)
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute(schema)
        try database.execute("PRAGMA user_version = 1")
    }

    /// Adds a song as a version 1 scan wrote it (keys folded without sort names or articles) and indexes it for
    /// search.
    static func addSong(
        at path: String, id: Int64, file: String, title: String, artist: String?, album: String?, size: Int64,
        mtime: Int64
    ) throws {
        let database = try SQLiteConnection(path: path)
        let fileBytes = Array(file.utf8)
        let directory = Array(fileBytes[..<fileBytes.lastIndex(of: UInt8(ascii: "/"))!])
        func key(_ text: String?) -> String { text?.lowercased() ?? "" }
        try database.run(
            """
            INSERT INTO items(id, path, dir, size, mtime, content_key, title, artist, album, duration, codec,
                sample_rate, channels, bit_rate, artist_key, album_sort, album_key, title_key, scan_id)
            VALUES (?, ?, ?, ?, ?, 'v1', ?, ?, ?, 1, 'flac', 44100, 1, 0, ?, ?, ?, ?, 1)
            """,
            [
                .integer(id), .blob(fileBytes), .blob(directory), .integer(size), .integer(mtime), .text(title),
                .optional(artist),
                .optional(album), .text(key(artist)), .text(key(album)),
                .text(album == nil ? "" : key(artist) + "\u{1F}" + key(album)), .text(key(title)),
            ])
        try database.run(
            "INSERT INTO items_fts(rowid, title, artist, album, album_artist, genre) VALUES (?, ?, ?, ?, NULL, NULL)",
            [.integer(id), .text(title), .optional(artist), .optional(album)])
    }

    /// Version 1's `LibrarySchema.create`.
    static let schema = """
        CREATE TABLE IF NOT EXISTS items(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            path BLOB NOT NULL UNIQUE,
            dir BLOB NOT NULL,
            size INTEGER NOT NULL,
            mtime INTEGER NOT NULL,
            content_key TEXT NOT NULL,
            title TEXT NOT NULL,
            artist TEXT, album TEXT, album_artist TEXT, genre TEXT,
            year INTEGER, track INTEGER, disc INTEGER, disc_sort INTEGER NOT NULL DEFAULT 1,
            duration REAL NOT NULL, codec TEXT NOT NULL,
            sample_rate INTEGER NOT NULL, channels INTEGER NOT NULL, bit_rate INTEGER NOT NULL,
            rg_track_gain REAL, rg_track_peak REAL, rg_album_gain REAL, rg_album_peak REAL,
            embedded_art INTEGER NOT NULL DEFAULT 0,
            cover_path BLOB,
            cover_sig TEXT NOT NULL DEFAULT '',
            artwork_id INTEGER,
            artist_key TEXT NOT NULL, album_sort TEXT NOT NULL, album_key TEXT NOT NULL, title_key TEXT NOT NULL,
            scan_id INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS items_song_order ON items(artist_key, album_sort, disc_sort, track, title_key);
        CREATE INDEX IF NOT EXISTS items_album ON items(album_key, disc_sort, track, title_key);
        CREATE INDEX IF NOT EXISTS items_dir ON items(dir);
        CREATE TABLE IF NOT EXISTS artwork(
            id INTEGER PRIMARY KEY,
            hash TEXT NOT NULL UNIQUE,
            thumbnail BLOB NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS problems(
            path BLOB PRIMARY KEY,
            dir BLOB NOT NULL,
            size INTEGER NOT NULL,
            mtime INTEGER NOT NULL,
            kind TEXT NOT NULL,
            detail TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS problems_dir ON problems(dir);
        CREATE TABLE IF NOT EXISTS albums(
            key TEXT PRIMARY KEY,
            title TEXT NOT NULL,
            artist TEXT,
            year INTEGER,
            track_count INTEGER NOT NULL,
            artwork_id INTEGER,
            artist_sort TEXT NOT NULL,
            title_sort TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS albums_order ON albums(artist_sort, year, title_sort);
        CREATE TABLE IF NOT EXISTS artists(
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            song_count INTEGER NOT NULL,
            album_count INTEGER NOT NULL
        );
        CREATE VIRTUAL TABLE IF NOT EXISTS items_fts USING fts5(
            title, artist, album, album_artist, genre,
            content='items', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', prefix='2 3'
        );
        CREATE TRIGGER IF NOT EXISTS items_fts_delete AFTER DELETE ON items BEGIN
            INSERT INTO items_fts(items_fts, rowid, title, artist, album, album_artist, genre)
            VALUES ('delete', old.id, old.title, old.artist, old.album, old.album_artist, old.genre);
        END;
        CREATE TRIGGER IF NOT EXISTS items_fts_update AFTER UPDATE OF title, artist, album, album_artist, genre ON items BEGIN
            INSERT INTO items_fts(items_fts, rowid, title, artist, album, album_artist, genre)
            VALUES ('delete', old.id, old.title, old.artist, old.album, old.album_artist, old.genre);
            INSERT INTO items_fts(rowid, title, artist, album, album_artist, genre)
            VALUES (new.id, new.title, new.artist, new.album, new.album_artist, new.genre);
        END;
        """
}
