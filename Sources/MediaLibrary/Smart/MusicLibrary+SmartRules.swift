import Foundation
import MediaModel

extension MusicLibrary {
    /// The songs a smart playlist of `rules` holds at `now`: those that pass its rules, in its order, as many as its
    /// limit keeps (B-H9).
    /// - Throws: `SQLiteError` when the index cannot be read.
    public func songs(matching rules: SmartRules, now: Date = Date()) throws -> [MediaItem] {
        let (condition, values) = SmartRuleSQL.condition(for: rules, now: now)
        let selection = "\(SmartRuleSQL.from) \(condition.map { "WHERE \($0)" } ?? "") ORDER BY \(rules.order.sql)"
        switch rules.limit {
        case .songs(let count)?: return try items("\(selection) LIMIT ?", values + [.integer(Int64(count))])
        case nil: return try items(selection, values)
        case .minutes?:
            // The ids and durations in order first (one random order decides), then only the songs kept, whole.
            let found = try reader.withLock { database in
                try database.query("SELECT items.id, items.duration FROM items \(selection)", values) {
                    ($0.int64(0), $0.double(1))
                }
            }
            let kept = rules.limit?.count(of: found.map(\.1)) ?? found.count
            return try items(ids: found.prefix(kept).map(\.0))
        }
    }
}
