/// The play statistics' table (schema version 3): one row per song, keyed by the song's persistent id, so that a
/// rescan, a move or a retag (which keep the id) keep its statistics.
///
/// Triggers keep it beside `items`: a song indexed for the first time gets a row dated now, with its rating tag as
/// its rating; a changed rating tag replaces the rating unless the user set one; a song that leaves the index takes
/// its row along.
enum StatisticsSchema {
    /// Now, in seconds since 1970, as SQLite computes it (to the millisecond).
    static let now = "((julianday('now') - 2440587.5) * 86400.0)"

    /// A tag's rating (0–5, fractional) as whole stars.
    static func stars(_ column: String) -> String { "CAST(ROUND(\(column)) AS INTEGER)" }

    static let create = """
        CREATE TABLE IF NOT EXISTS play_stats(
            item_id INTEGER PRIMARY KEY,
            play_count INTEGER NOT NULL DEFAULT 0,
            skip_count INTEGER NOT NULL DEFAULT 0,
            last_played REAL,
            date_added REAL NOT NULL,
            rating INTEGER,
            rated_by_user INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS play_stats_added ON play_stats(date_added);
        CREATE INDEX IF NOT EXISTS play_stats_played ON play_stats(last_played) WHERE last_played IS NOT NULL;
        CREATE INDEX IF NOT EXISTS play_stats_count ON play_stats(play_count, last_played) WHERE play_count > 0;
        CREATE INDEX IF NOT EXISTS play_stats_rating ON play_stats(rating, play_count) WHERE rating IS NOT NULL;
        CREATE TRIGGER IF NOT EXISTS play_stats_insert AFTER INSERT ON items BEGIN
            INSERT OR IGNORE INTO play_stats(item_id, date_added, rating) VALUES (new.id, \(now), \(stars("new.rating")));
        END;
        CREATE TRIGGER IF NOT EXISTS play_stats_rating_tag AFTER UPDATE OF rating ON items BEGIN
            UPDATE play_stats SET rating = \(stars("new.rating")) WHERE item_id = new.id AND rated_by_user = 0;
        END;
        CREATE TRIGGER IF NOT EXISTS play_stats_delete AFTER DELETE ON items BEGIN
            DELETE FROM play_stats WHERE item_id = old.id;
        END;
        CREATE TABLE IF NOT EXISTS uri_stats(
            uri TEXT PRIMARY KEY,
            play_count INTEGER NOT NULL DEFAULT 0,
            skip_count INTEGER NOT NULL DEFAULT 0,
            last_played REAL,
            rating INTEGER
        );
        """

    /// Gives the songs an index holds from before version 3 their row: dated by their file's modification time as
    /// the index last saw it (the migration time when it is not known, as after the version 1 migration), rated
    /// by their rating tag.
    static let fillExisting = """
        INSERT OR IGNORE INTO play_stats(item_id, date_added, rating)
            SELECT id, CASE WHEN mtime > 0 THEN mtime / 1e9 ELSE \(now) END, \(stars("rating")) FROM items
        """
}
