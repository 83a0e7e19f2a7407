import Foundation
import MediaModel

/// The SQL a smart playlist's rules run as in the index: a condition over `items` left-joined to `play_stats`
/// (`SmartRules.from`), with its values. It makes the test `SmartRule.matches` makes: text folded
/// (`addmusic_fold`), genres and composers through their rows, a song without the field passing only the negative
/// operators, an unrated song rated 0, numbers compared whole.
enum SmartRuleSQL {
    /// What the rules read from.
    static let from = "LEFT JOIN play_stats ON play_stats.item_id = items.id"

    /// Whether a rule or the order of `rules` reads the play statistics (else `from` is not joined).
    static func needsStatistics(_ rules: SmartRules) -> Bool {
        let statistics: Set<SmartField> = [.rating, .playCount, .skipCount, .lastPlayed, .dateAdded]
        let orders: Set<SmartOrder> = [.mostPlayed, .leastPlayed, .recentlyPlayed, .recentlyAdded, .topRated]
        return orders.contains(rules.order) || rules.rules.contains { statistics.contains($0.field) }
    }

    /// Whether the rules and the order of `rules` read only what the library's order (`items_song_order`: the sort
    /// keys, the year and the length, with the song's id) and the genres' and composers' rows hold. The songs are then
    /// found in one pass over that index, no row of `items` read, rather than by looking each song of a genre up in
    /// the table: on 100,000 songs, a read of about 7 MB in place of most of the table's 58 MB (30 ms against 220
    /// with none of it in the system's cache; 20 against 17 with all of it).
    static func readsOnlyTheSongOrder(_ rules: SmartRules) -> Bool {
        let fields: Set<SmartField> = [.genre, .composer, .year, .duration]
        let orders: Set<SmartOrder> = [.library, .random, .year, .longest, .shortest]
        return orders.contains(rules.order) && rules.rules.allSatisfy { fields.contains($0.field) }
    }

    /// The condition of all the rules (nil: no rule, every song) and its values, at `now`; `fromSongOrder`: to be
    /// answered from the library's order (`readsOnlyTheSongOrder`), no song looked up by id.
    static func condition(for rules: SmartRules, now: Date, fromSongOrder: Bool) -> (String?, [SQLiteValue]) {
        guard !rules.rules.isEmpty else { return (nil, []) }
        var parts: [String] = []
        var values: [SQLiteValue] = []
        for rule in rules.rules {
            let (part, bound) = condition(for: rule, now: now, fromSongOrder: fromSongOrder)
            parts.append("(\(part))")
            values += bound
        }
        return (parts.joined(separator: rules.match == .all ? " AND " : " OR "), values)
    }

    /// The condition of one rule and its values.
    ///
    /// A song without the field makes the test NULL: it passes no rule but the negative ones. A positive rule is left
    /// NULL (in a WHERE clause, and through AND and OR, NULL keeps a song out as false does), so that the planner can
    /// still serve it from an index (the genre's rows by id; `fromSongOrder`, the id is tested as `+items.id`, which
    /// SQLite never looks up by); a negative one is made false first, as NOT NULL would be NULL.
    static func condition(for rule: SmartRule, now: Date, fromSongOrder: Bool) -> (String, [SQLiteValue]) {
        let (positive, values) = test(rule, now: now, fromSongOrder: fromSongOrder)
        return (rule.comparison.isNegative ? "NOT COALESCE(\(positive), 0)" : positive, values)
    }

    /// The rule's test, its negative operators taken as their positive ones.
    private static func test(_ rule: SmartRule, now: Date, fromSongOrder: Bool) -> (String, [SQLiteValue]) {
        switch (rule.field.kind, rule.value) {
        case (.text, .text(let wanted)):
            if rule.field == .format {
                return ("CAST(items.path AS TEXT) LIKE '%.' || ?", [.text(wanted)])
            }
            let key = SQLiteValue.text(TextFolding.key(wanted))
            func compare(_ expression: String) -> String {
                switch rule.comparison {
                case .is, .isNot: "addmusic_fold(\(expression)) = ?"
                case .startsWith: "instr(addmusic_fold(\(expression)), ?) = 1"
                default: "instr(addmusic_fold(\(expression)), ?) > 0"
                }
            }
            guard rule.field == .genre || rule.field == .composer else {
                return (compare(column(of: rule.field)), [key])
            }
            // A song passes when one of its genres (composers) does; the fold runs once per distinct value.
            let property: MediaProperty = rule.field == .genre ? .genre : .composer
            let (table, name) = MediaQueryPlan.valueTable(property)
            let id = fromSongOrder ? "+items.id" : "items.id"
            return (
                "\(id) IN (SELECT item_id FROM \(table) WHERE \(name) COLLATE NOCASE IN "
                    + "(SELECT v FROM (\(MediaQueryPlan.distinctValues(of: property))) WHERE \(compare("v"))))",
                [key]
            )
        case (.date, .number(let days)):
            let cutoff = now.timeIntervalSince1970 - Double(days) * 86_400
            return ("\(column(of: rule.field)) >= ?", [.real(cutoff)])
        case (_, .number(let wanted)):
            let sign =
                switch rule.comparison {
                case .greater: ">"
                case .less: "<"
                case .atLeast: ">="
                case .atMost: "<="
                default: "="
                }
            return ("\(column(of: rule.field)) \(sign) ?", [.integer(wanted)])
        default: return ("0", [])
        }
    }

    /// The SQL expression of a field (genre, composer and format aside).
    private static func column(of field: SmartField) -> String {
        switch field {
        case .title: "items.title"
        case .artist: "items.artist"
        case .album: "items.album"
        case .albumArtist: "items.album_artist"
        case .comment: "items.comment"
        case .year: "items.year"
        case .rating: "COALESCE(play_stats.rating, 0)"
        case .playCount: "COALESCE(play_stats.play_count, 0)"
        case .skipCount: "COALESCE(play_stats.skip_count, 0)"
        case .lastPlayed: "play_stats.last_played"
        case .dateAdded: "play_stats.date_added"
        case .duration: "CAST(items.duration AS INTEGER)"
        case .genre, .composer, .format: "NULL"
        }
    }
}
