import Foundation
import MediaModel

extension MusicLibrary {
    /// The songs a smart playlist of `rules` holds at `now`: those that pass its rules, in its order, as many as its
    /// limit keeps (B-H9).
    /// - Throws: `SQLiteError` when the index cannot be read.
    public func songs(matching rules: SmartRules, now: Date = Date()) throws -> [MediaItem] {
        try items(ids: try songIDs(matching: rules, now: now))
    }

    /// The ids of the songs `songs(matching:now:)` returns, in its order: what a list that reads its rows a page
    /// at a time (`items(ids:)`) needs first.
    /// - Throws: `SQLiteError` when the index cannot be read.
    public func songIDs(matching rules: SmartRules, now: Date = Date()) throws -> [Int64] {
        let found = try reader.withLock { database in
            let (sql, values) = try Self.songIDsSQL(rules, now: now, on: database)
            return try database.query(sql, values) { ($0.int64(0), $0.double(1)) }
        }
        let kept = rules.limit?.count(of: found.map(\.1)) ?? found.count
        return found.prefix(kept).map(\.0)
    }

    /// `EXPLAIN QUERY PLAN` of `songIDs(matching:now:)`: how SQLite finds the songs (its detail lines).
    package func explainPlan(for rules: SmartRules) throws -> [String] {
        try reader.withLock { database in
            let (sql, values) = try Self.songIDsSQL(rules, now: Date(), on: database)
            return try database.query("EXPLAIN QUERY PLAN " + sql, values) { $0.text(3) }
        }
    }

    /// The query of the ids (and lengths) of the songs that pass `rules`, in its order, and the values it binds. The
    /// statistics are joined only when a rule or the order reads them; the ids are chosen first, in order, so that
    /// only the songs kept are read whole (an order over every song, as random, sorts ids alone). The library's
    /// order answers it alone when `database`'s holds the year and length and the rules read nothing else.
    private static func songIDsSQL(
        _ rules: SmartRules, now: Date, on database: SQLiteConnection
    ) throws -> (String, [SQLiteValue]) {
        let whole = try LibraryQueryIndexes.songOrderIsWhole(database)
        let fromSongOrder = whole && SmartRuleSQL.readsOnlyTheSongOrder(rules)
        let (condition, values) = SmartRuleSQL.condition(for: rules, now: now, fromSongOrder: fromSongOrder)
        let from = SmartRuleSQL.needsStatistics(rules) ? SmartRuleSQL.from : ""
        var sql = """
            SELECT items.id, items.duration FROM items \(from) \(condition.map { "WHERE \($0)" } ?? "")
            ORDER BY \(rules.order.sql)
            """
        var bound = values
        if case .songs(let count)? = rules.limit {
            sql += " LIMIT ?"
            bound.append(.integer(Int64(count)))
        }
        return (sql, bound)
    }
}
