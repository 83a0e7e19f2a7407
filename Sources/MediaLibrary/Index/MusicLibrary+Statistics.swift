import Foundation
import MediaModel

/// Play statistics, kept by persistent id (`StatisticsSchema`), and the smart playlists made from them.
///
/// Writes go through the library's own connection (a library opened read-only cannot record); while a scan
/// writes the index they wait for its next commit (up to SQLite's busy timeout, ten seconds). Safe from any thread;
/// never call the writes on a window's main thread.
extension MusicLibrary {
    /// The statistics of the song with id `id`, or nil when the library does not hold it.
    public func statistics(of id: Int64) throws -> PlayStatistics? {
        try reader.withLock { database in
            try database.query(
                """
                SELECT play_count, skip_count, last_played, date_added, rating FROM play_stats
                WHERE item_id = ? AND item_id IN (SELECT id FROM items)
                """,
                [.integer(id)]
            ) {
                PlayStatistics(
                    playCount: Int($0.int64(0)), skipCount: Int($0.int64(1)),
                    lastPlayed: $0.optionalDouble(2).map(Date.init(timeIntervalSince1970:)),
                    dateAdded: Date(timeIntervalSince1970: $0.double(3)), rating: $0.optionalInt(4))
            }.first
        }
    }

    /// The statistics of each song of `ids` the library holds, by id (songs it does not hold are left out). Reads
    /// in pages of 500 ids, each page one query.
    public func statistics(of ids: [Int64]) throws -> [Int64: PlayStatistics] {
        var found: [Int64: PlayStatistics] = [:]
        found.reserveCapacity(ids.count)
        for page in Self.pages(of: ids) {
            let marks = page.map { _ in "?" }.joined(separator: ", ")
            try reader.withLock { database in
                for (id, statistics) in try database.query(
                    """
                    SELECT item_id, play_count, skip_count, last_played, date_added, rating FROM play_stats
                    WHERE item_id IN (\(marks)) AND item_id IN (SELECT id FROM items)
                    """,
                    page.map { .integer($0) },
                    row: {
                        (
                            $0.int64(0),
                            PlayStatistics(
                                playCount: Int($0.int64(1)), skipCount: Int($0.int64(2)),
                                lastPlayed: $0.optionalDouble(3).map(Date.init(timeIntervalSince1970:)),
                                dateAdded: Date(timeIntervalSince1970: $0.double(4)), rating: $0.optionalInt(5))
                        )
                    })
                {
                    found[id] = statistics
                }
            }
        }
        return found
    }

    /// Counts a play of the song with id `id`, heard at `date` (B-H1). A song no longer in the library is left
    /// alone.
    /// - Throws: `SQLiteError` when the index cannot be written.
    public func recordPlay(of id: Int64, at date: Date = Date()) throws {
        try write(
            "UPDATE play_stats SET play_count = play_count + 1, last_played = ? WHERE item_id = ?",
            [.real(date.timeIntervalSince1970), .integer(id)])
    }

    /// Counts a skip of the song with id `id` (B-H2). A song no longer in the library is left alone.
    /// - Throws: `SQLiteError` when the index cannot be written.
    public func recordSkip(of id: Int64) throws {
        try write("UPDATE play_stats SET skip_count = skip_count + 1 WHERE item_id = ?", [.integer(id)])
    }

    /// Sets the user's rating of the song with id `id`: 0–5 stars (values outside are clamped). The user's rating
    /// stays over the file's rating tag from then on, a rescan or a retag notwithstanding (B-H4).
    /// - Returns: false when the library does not hold the song.
    /// - Throws: `SQLiteError` when the index cannot be written.
    @discardableResult
    public func setRating(_ stars: Int, of id: Int64) throws -> Bool {
        try write(
            "UPDATE play_stats SET rating = ?, rated_by_user = 1 WHERE item_id = ?",
            [.integer(Int64(min(5, max(0, stars)))), .integer(id)]) > 0
    }

    /// The songs of `playlist`, in its order, `limit` at most (B-H5).
    public func songs(in playlist: SmartPlaylist, limit: Int = SmartPlaylist.limit) throws -> [MediaItem] {
        var rules = playlist.rules
        rules.limit = .songs(limit)
        return try songs(matching: rules)
    }

    /// All songs in `order`, `limit` of them from `offset` (B-H6).
    public func songs(sortedBy order: SongOrder, offset: Int = 0, limit: Int = 100) throws -> [MediaItem] {
        try items(order.clause, [.integer(Int64(limit)), .integer(Int64(offset))])
    }

    // MARK: Keyed by URI (a music daemon without stickers, B-H7)

    /// The statistics of the music daemon's song at `uri` (no plays when none were recorded).
    public func statistics(uri: String) throws -> PlayStatistics {
        try reader.withLock { database in
            try database.query(
                "SELECT play_count, skip_count, last_played, rating FROM uri_stats WHERE uri = ?", [.text(uri)]
            ) {
                PlayStatistics(
                    playCount: Int($0.int64(0)), skipCount: Int($0.int64(1)),
                    lastPlayed: $0.optionalDouble(2).map(Date.init(timeIntervalSince1970:)), rating: $0.optionalInt(3))
            }.first ?? PlayStatistics()
        }
    }

    /// The statistics recorded for each of the music daemon's songs at `uris`, by URI (songs with none recorded are
    /// left out).
    public func statistics(uris: [String]) throws -> [String: PlayStatistics] {
        var found: [String: PlayStatistics] = [:]
        for page in Self.pages(of: uris) {
            let marks = page.map { _ in "?" }.joined(separator: ", ")
            try reader.withLock { database in
                for (uri, statistics) in try database.query(
                    "SELECT uri, play_count, skip_count, last_played, rating FROM uri_stats WHERE uri IN (\(marks))",
                    page.map { .text($0) },
                    row: {
                        (
                            $0.text(0),
                            PlayStatistics(
                                playCount: Int($0.int64(1)), skipCount: Int($0.int64(2)),
                                lastPlayed: $0.optionalDouble(3).map(Date.init(timeIntervalSince1970:)),
                                rating: $0.optionalInt(4))
                        )
                    })
                {
                    found[uri] = statistics
                }
            }
        }
        return found
    }

    /// Counts a play of the music daemon's song at `uri`, heard at `date`.
    /// - Throws: `SQLiteError` when the index cannot be written.
    public func recordPlay(uri: String, at date: Date = Date()) throws {
        try write(
            """
            INSERT INTO uri_stats(uri, play_count, last_played) VALUES (?, 1, ?)
            ON CONFLICT(uri) DO UPDATE SET play_count = play_count + 1, last_played = excluded.last_played
            """,
            [.text(uri), .real(date.timeIntervalSince1970)])
    }

    /// Counts a skip of the music daemon's song at `uri`.
    /// - Throws: `SQLiteError` when the index cannot be written.
    public func recordSkip(uri: String) throws {
        try write(
            """
            INSERT INTO uri_stats(uri, skip_count) VALUES (?, 1)
            ON CONFLICT(uri) DO UPDATE SET skip_count = skip_count + 1
            """,
            [.text(uri)])
    }

    /// Sets the rating, 0–5 stars (clamped), of the music daemon's song at `uri`.
    /// - Throws: `SQLiteError` when the index cannot be written.
    public func setRating(_ stars: Int, uri: String) throws {
        try write(
            "INSERT INTO uri_stats(uri, rating) VALUES (?, ?) ON CONFLICT(uri) DO UPDATE SET rating = excluded.rating",
            [.text(uri), .integer(Int64(min(5, max(0, stars))))])
    }

    @discardableResult
    private func write(_ sql: String, _ values: [SQLiteValue]) throws -> Int {
        precondition(!isReadOnly, "a library opened read-only cannot record statistics")
        return try reader.withLock { database in
            try database.run(sql, values)
            return database.changes
        }
    }

    /// `keys` in pages of 500: a page's keys are bound to one query's `?` marks, well under SQLite's limit.
    private static func pages<Key>(of keys: [Key]) -> [ArraySlice<Key>] {
        stride(from: 0, to: keys.count, by: 500).map { keys[$0..<min($0 + 500, keys.count)] }
    }
}
