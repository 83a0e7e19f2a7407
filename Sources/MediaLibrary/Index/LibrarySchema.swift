import MediaModel

/// The index's tables, created or migrated when a library opens (`PRAGMA user_version` holds the version).
///
/// Version 2 added the columns after `scan_id` (composer, compilation, sort names, BPM, comment, MusicBrainz ids,
/// rating, the album artist's A–Z key, the folded search text, lyrics) and made the search index one column of folded
/// text (`LibraryMigration` brings a version 1 index up to date). Version 3 added the play statistics
/// (`StatisticsSchema`). Version 4 keys a compilation without an album artist as one album whatever its songs'
/// artists (`TextFolding.albumKey`; `LibraryMigration.compilationAlbumKeys`). Version 5 holds every text of a song to
/// its bound (`TagTextLimit`; `LibraryMigration.boundTagText` cuts what an older index kept). Version 6 keeps each
/// value of the artists, album artists, genres and composers (`version6Columns`, and `item_genres` and
/// `item_composers` for the Genres and Composers pages; `LibraryMigration.tagLists`). Version 7 keeps each song's
/// measured loudness (`version7Columns` and `loudnessTables`; `LibraryMigration.loudnessColumns`). Version 8 keeps
/// the tracks of cue sheets as songs of their own (`version8Columns`; `LibraryMigration.cueColumns`).
enum LibrarySchema {
    static let version: Int64 = 8

    /// The columns version 8 added to `items`, set for a track of a cue sheet (`SongSegment`): the audio file it is
    /// part of, where it starts and ends there (CD frames; the end NULL for the last track), and the sheet it comes
    /// from (`ScanCue.signature`). Its `path` is the sheet's (or the file's) path and "track0001", as MPD names it.
    static let version8Columns = "cue_file BLOB, cue_start INTEGER, cue_end INTEGER, cue_sig TEXT"

    /// The tracks of a file found by the file (`MusicLibrary.cueTracks`): made once the columns are there (an older
    /// index is brought up to `create` before it has them).
    static let cueIndex = "CREATE INDEX IF NOT EXISTS items_cue_file ON items(cue_file) WHERE cue_file IS NOT NULL"

    /// The columns version 7 added to `items`: the loudness the analysis measured (`MusicLibrary+Loudness.swift`).
    /// `loudness_key` is the `content_key` of the file measured: a measurement counts only while the two agree.
    static let version7Columns = """
        loudness REAL, true_peak REAL, loudness_key TEXT, album_loudness REAL, album_peak REAL
        """

    /// Each measured song's gating blocks (`LoudnessHistogram.bytes`), for its album's loudness.
    static let loudnessTables = """
        CREATE TABLE IF NOT EXISTS loudness_blocks(item_id INTEGER PRIMARY KEY, blocks BLOB NOT NULL);
        CREATE TRIGGER IF NOT EXISTS loudness_blocks_delete AFTER DELETE ON items BEGIN
            DELETE FROM loudness_blocks WHERE item_id = old.id;
        END;
        """

    /// The columns version 6 added to `items`: each list's values joined by U+001F (`AudioFileInfo.valueSeparator`),
    /// NULL when the field has none.
    static let version6Columns = "artists TEXT, album_artists TEXT, genres TEXT, composers TEXT, original_year INTEGER"

    /// Each genre and each composer of a song, a row each, for grouping and filtering by them.
    static let valueTables = """
        CREATE TABLE IF NOT EXISTS item_genres(item_id INTEGER NOT NULL, genre TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS item_genres_value_item ON item_genres(genre COLLATE NOCASE, item_id);
        CREATE INDEX IF NOT EXISTS item_genres_item ON item_genres(item_id);
        CREATE TABLE IF NOT EXISTS item_composers(item_id INTEGER NOT NULL, composer TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS item_composers_value_item ON item_composers(composer COLLATE NOCASE, item_id);
        CREATE INDEX IF NOT EXISTS item_composers_item ON item_composers(item_id);
        CREATE TRIGGER IF NOT EXISTS item_values_delete AFTER DELETE ON items BEGIN
            DELETE FROM item_genres WHERE item_id = old.id;
            DELETE FROM item_composers WHERE item_id = old.id;
        END;
        """

    /// The columns version 2 added to `items`, in their order (a new index and a migrated one have the same).
    static let version2Columns = """
        composer TEXT, compilation INTEGER NOT NULL DEFAULT 0,
        title_sort_name TEXT, artist_sort_name TEXT, album_sort_name TEXT, album_artist_sort_name TEXT,
        composer_sort_name TEXT,
        bpm INTEGER, comment TEXT, mb_track_id TEXT, mb_album_id TEXT, mb_artist_id TEXT, rating REAL,
        album_artist_key TEXT NOT NULL DEFAULT '', search_keys TEXT NOT NULL DEFAULT '',
        lyrics_sig TEXT NOT NULL DEFAULT '', lyrics TEXT
        """

    static let create = """
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
            scan_id INTEGER NOT NULL DEFAULT 0,
            \(version2Columns),
            \(version6Columns),
            \(version7Columns),
            \(version8Columns)
        );
        \(LibraryQueryIndexes.songOrder);
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
            search_keys,
            content='items', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', prefix='2 3'
        );
        CREATE TRIGGER IF NOT EXISTS items_fts_delete AFTER DELETE ON items BEGIN
            INSERT INTO items_fts(items_fts, rowid, search_keys) VALUES ('delete', old.id, old.search_keys);
        END;
        CREATE TRIGGER IF NOT EXISTS items_fts_update AFTER UPDATE OF search_keys ON items BEGIN
            INSERT INTO items_fts(items_fts, rowid, search_keys) VALUES ('delete', old.id, old.search_keys);
            INSERT INTO items_fts(rowid, search_keys) VALUES (new.id, new.search_keys);
        END;
        \(valueTables)
        \(loudnessTables)
        """

    /// Indexes for search the songs inserted from id `?` on. A scan inserts songs without a trigger and indexes them
    /// in one statement per batch: FTS5 flushes its pending terms at every statement that writes to it inside a
    /// transaction, so one statement per row would cost a flush per row.
    static let indexNewSongs = """
        INSERT INTO items_fts(rowid, search_keys) SELECT id, search_keys FROM items WHERE id >= ? ORDER BY id
        """

    /// Recomputes the album and artist lists from the songs (after a scan that changed something).
    static let rebuildAggregates = """
        DELETE FROM albums;
        INSERT INTO albums(key, title, artist, year, track_count, artwork_id, artist_sort, title_sort)
            SELECT album_key, MIN(album), COALESCE(MIN(album_artist), MIN(artist)), MIN(year), COUNT(*),
                   MIN(artwork_id), MIN(album_artist_key), MIN(album_sort)
            FROM items WHERE album_key != '' GROUP BY album_key;
        DELETE FROM artists;
        INSERT INTO artists(key, name, song_count, album_count)
            SELECT artist_key, MIN(artist), COUNT(*), COUNT(DISTINCT NULLIF(album_key, ''))
            FROM items WHERE artist_key != '' GROUP BY artist_key;
        DELETE FROM artwork WHERE id NOT IN (SELECT artwork_id FROM items WHERE artwork_id IS NOT NULL);
        """

    /// The columns of `items` that make a `MediaItem`, in the order `MediaItem.init(row:)` reads them.
    static let itemColumns = """
        items.id, items.path, items.title, items.artist, items.album, items.album_artist, items.genre, items.year,
        items.track, items.disc, items.duration, items.codec, items.sample_rate, items.channels, items.bit_rate,
        items.rg_track_gain, items.rg_track_peak, items.rg_album_gain, items.rg_album_peak, items.artwork_id,
        items.composer, items.compilation, items.title_sort_name, items.artist_sort_name, items.album_sort_name,
        items.album_artist_sort_name, items.composer_sort_name, items.bpm, items.comment, items.mb_track_id,
        items.mb_album_id, items.mb_artist_id, items.rating, items.lyrics, items.artists, items.album_artists,
        items.genres, items.composers, items.original_year,
        CASE WHEN items.loudness_key = items.content_key THEN items.true_peak END, items.loudness,
        items.album_loudness, items.album_peak, items.cue_file, items.cue_start, items.cue_end
        """

    /// A list's values as the index keeps them (nil when there are none).
    static func joinedValues(_ values: [String]) -> String? {
        values.isEmpty ? nil : values.joined(separator: String(AudioFileInfo.valueSeparator))
    }

    /// The values of a list the index keeps (nil: none).
    static func values(_ joined: String?) -> [String]? {
        guard let joined else { return nil }
        // Split on the separator's byte (an ASCII control character, never part of another character), not on
        // characters: no grapheme breaking for every song read; one value is the text itself.
        let separator = AudioFileInfo.valueSeparator.asciiValue!
        guard joined.utf8.contains(separator) else { return joined.isEmpty ? [] : [joined] }
        return joined.utf8.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The folded text the search index holds for a song: each searchable tag through `TextFolding.searchText`,
    /// one a line.
    static func searchKeys(
        title: String, artist: String?, album: String?, albumArtist: String?, genre: String?, composer: String?
    ) -> String {
        [title, artist, album, albumArtist, genre, composer].compactMap { $0 }.map(TextFolding.searchText)
            .joined(separator: "\n")
    }

    /// The A–Z key of a name: of its sort name when the file gives one; "" when there is no name (a sort name alone
    /// makes no artist or album).
    static func sortKey(_ name: String?, sortName: String?) -> String {
        guard let name else { return "" }
        return TextFolding.sortKey(sortName ?? name)
    }

    /// The A–Z key of a song's album artist: the album artist's sort name or name, else the artist's.
    static func albumArtistKey(albumArtist: String?, artist: String?, sortNames: SortNames) -> String {
        if let albumArtist { return TextFolding.sortKey(sortNames.albumArtist ?? albumArtist) }
        return sortKey(artist, sortName: sortNames.artist)
    }
}

extension MediaItem {
    /// Reads a row selected with `LibrarySchema.itemColumns`.
    init(row: SQLiteStatement) {
        self.init(
            id: row.int64(0), path: LibraryPath(bytes: row.blob(1)), title: row.text(2), artist: row.optionalText(3),
            album: row.optionalText(4), albumArtist: row.optionalText(5), genre: row.optionalText(6),
            year: row.optionalInt(7), trackNumber: row.optionalInt(8), discNumber: row.optionalInt(9),
            duration: MediaTime.duration(row.double(10)) ?? 0, codec: row.text(11), sampleRate: Int(row.int64(12)),
            channels: Int(row.int64(13)),
            bitRate: Int(row.int64(14)),
            replayGain: ReplayGain(
                trackGain: row.optionalDouble(15), trackPeak: row.optionalDouble(16),
                albumGain: row.optionalDouble(17), albumPeak: row.optionalDouble(18)),
            artworkID: row.optionalInt64(19), composer: row.optionalText(20), isCompilation: row.int64(21) != 0,
            sortNames: SortNames(
                title: row.optionalText(22), artist: row.optionalText(23), album: row.optionalText(24),
                albumArtist: row.optionalText(25), composer: row.optionalText(26)),
            lyrics: row.optionalText(33), beatsPerMinute: row.optionalInt(27), comment: row.optionalText(28),
            musicBrainzIDs: MusicBrainzIDs(
                track: row.optionalText(29), album: row.optionalText(30), artist: row.optionalText(31)),
            rating: row.optionalDouble(32), artists: LibrarySchema.values(row.optionalText(34)),
            albumArtists: LibrarySchema.values(row.optionalText(35)),
            genres: LibrarySchema.values(row.optionalText(36)),
            composers: LibrarySchema.values(row.optionalText(37)), originalYear: row.optionalInt(38),
            loudness: row.optionalDouble(39).map {
                Loudness(
                    integrated: row.optionalDouble(40), truePeak: $0, album: row.optionalDouble(41),
                    albumPeak: row.optionalDouble(42))
            },
            segment: row.optionalBlob(43).map {
                SongSegment(file: LibraryPath(bytes: $0), start: row.optionalInt(44) ?? 0, end: row.optionalInt(45))
            })
    }
}
