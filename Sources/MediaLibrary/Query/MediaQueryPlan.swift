import MediaModel

/// The SQL a `MediaQuery` runs as: its conditions (from the predicates, the grouping and the collection it is
/// narrowed to) with their values, the order of its songs, and how its songs group.
struct MediaQueryPlan {
    /// What the query reads: `items`, joined to a song's genre or composer rows when grouped by them (a song with two
    /// genres is under each).
    let from: String
    /// What the collections are counted from: `from`, or the genre or composer rows alone when no condition reads
    /// the songs' own columns (every row is a song's, so the join would only look each song up: 100,000 seeks).
    let groupFrom: String
    /// The first song's id of a collection, as an aggregate expression over `groupFrom`.
    let firstID: String
    /// `WHERE …` (or "") over `from`.
    let whereClause: String
    /// The values bound to the `?` marks of `whereClause`, in order.
    let values: [SQLiteValue]
    /// `ORDER BY` terms for the songs.
    let itemOrder: String
    /// The `GROUP BY` terms.
    let group: String
    /// The collections' `ORDER BY` terms (aggregates allowed).
    let collectionOrder: String
    /// The collection's key, as an aggregate expression. (Its name comes from its representative song: reading
    /// the name here would read every song's row, where the key, the count and the first id come from the index
    /// alone.)
    let keyExpression: String
    /// The text whose first letter gives a collection's A–Z section (in the order of `group`).
    let sectionExpression: String

    init(_ query: MediaQuery) {
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        for predicate in query.filterPredicates {
            let (condition, value) = Self.condition(for: predicate)
            conditions.append(condition)
            values.append(contentsOf: value)
        }
        let album = "album_sort, disc_sort, track, title_key"
        var order: String?
        var from = "items"
        var groupFrom: String?
        var firstID = "MIN(items.id)"
        switch query.groupingType {
        case .title, .playlist:
            (group, keyExpression, sectionExpression) = ("id", "CAST(id AS TEXT)", "title_key")
            itemOrder = "title_key, id"
            if let key = query.collectionKey, let id = Int64(key) {
                conditions.append("id = ?")
                values.append(.integer(id))
            }
        case .album:
            (group, keyExpression, sectionExpression) = (
                "album_sort, album_key", "album_key", "album_sort"
            )
            itemOrder = "album_sort, album_key, disc_sort, track, title_key"
            conditions.append("album_key != ''")
            Self.narrow(query, "album_key = ?", &conditions, &values)
        case .artist:
            (group, keyExpression, sectionExpression) = (
                "artist_key", "artist_key", "artist_key"
            )
            itemOrder = "artist_key, \(album)"
            conditions.append("artist_key != ''")
            Self.narrow(query, "artist_key = ?", &conditions, &values)
        case .albumArtist:
            (group, keyExpression, sectionExpression) = (
                "album_artist_key", "album_artist_key", "album_artist_key"
            )
            itemOrder = "album_artist_key, \(album)"
            conditions.append("album_artist_key != ''")
            Self.narrow(query, "album_artist_key = ?", &conditions, &values)
        case .genre, .composer:
            let (table, name) = Self.valueTable(query.groupingType == .genre ? .genre : .composer)
            let column = "v.\(name)"
            from = "items JOIN \(table) AS v ON v.item_id = items.id"
            if query.filterPredicates.isEmpty {
                // The only condition is the group's own value (`narrow`).
                groupFrom = "\(table) AS v"
                firstID = "MIN(v.item_id)"
            }
            // Grouped by the values' NOCASE index; ordered by the folded name (no key column holds it), which sorts
            // the groups (not the songs) after the index walk.
            (group, keyExpression, sectionExpression) = (
                "\(column) COLLATE NOCASE", "MIN(\(column))", "addmusic_fold(MIN(\(column)))"
            )
            order = "addmusic_fold(MIN(\(column))), MIN(\(column))"
            itemOrder = "addmusic_fold(\(column)), \(column) COLLATE NOCASE, artist_key, \(album)"
            Self.narrow(query, "\(column) = ? COLLATE NOCASE", &conditions, &values)
        }
        self.from = from
        self.groupFrom = groupFrom ?? from
        self.firstID = firstID
        collectionOrder = order ?? group
        whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        self.values = values
    }

    /// Adds the condition that keeps only the collection `query` is narrowed to, if it is.
    private static func narrow(
        _ query: MediaQuery, _ condition: String, _ conditions: inout [String], _ values: inout [SQLiteValue]
    ) {
        guard let key = query.collectionKey else { return }
        conditions.append(condition)
        values.append(.text(key))
    }

    /// The table of a song's values of `property` (genre or composer), and its value column.
    static func valueTable(_ property: MediaProperty) -> (table: String, column: String) {
        property == .genre ? ("item_genres", "genre") : ("item_composers", "composer")
    }

    /// A query of each distinct value (one spelling of each NOCASE group) of `property` (genre or composer), as
    /// column `v`. The values' NOCASE index is walked a value at a time, each the least one past the last (one seek
    /// each), rather than read whole: 100,000 songs have a few dozen genres, and `SELECT DISTINCT` read all 100,000
    /// rows of the index (about 10 ms) where the walk takes a few seeks.
    static func distinctValues(of property: MediaProperty) -> String {
        let (table, name) = valueTable(property)
        let least = "SELECT MIN(\(name) COLLATE NOCASE) FROM \(table)"
        return "WITH RECURSIVE d(v) AS (\(least) UNION ALL "
            + "SELECT (\(least) WHERE \(name) COLLATE NOCASE > d.v) FROM d WHERE d.v IS NOT NULL) "
            + "SELECT v FROM d WHERE v IS NOT NULL"
    }

    /// The SQL condition of `predicate` and the values it binds.
    ///
    /// Text is compared folded (`addmusic_fold`, see `SQLiteConnection.registerFolding`). On genre and composer,
    /// whose `COLLATE NOCASE` indexes list their distinct values cheaply, the fold runs once per distinct value and
    /// the songs are looked up by index: folding is coarser than NOCASE, so testing one spelling of each NOCASE group
    /// decides for the whole group. Numbers and flags are written into the SQL (they are numbers, so this is safe)
    /// so that the partial index of compilations can serve `compilation = 1`.
    static func condition(for predicate: MediaPropertyPredicate) -> (String, [SQLiteValue]) {
        let column = predicate.property.column
        guard predicate.property.isText else {
            guard let number = predicate.value.asNumber else { return ("0", []) }
            return ("\(column) = \(number)", [])
        }
        let wanted = SQLiteValue.text(TextFolding.key(predicate.value.asText))
        func test(_ expression: String) -> String {
            predicate.comparison == .equalTo
                ? "addmusic_fold(\(expression)) = ?" : "instr(addmusic_fold(\(expression)), ?) > 0"
        }
        guard predicate.property.hasNoCaseIndex else { return (test(column), [wanted]) }
        // A song passes when one of its genres (composers) does.
        let (table, name) = valueTable(predicate.property)
        return (
            "items.id IN (SELECT item_id FROM \(table) WHERE \(name) COLLATE NOCASE IN "
                + "(SELECT v FROM (\(distinctValues(of: predicate.property))) WHERE \(test("v"))))", [wanted]
        )
    }

    /// The SQL listing the collections' keys, song counts and first song ids, a page at a time (two more
    /// values: limit and offset).
    var collectionsSQL: String {
        """
        SELECT \(keyExpression), COUNT(*), \(firstID) FROM \(groupFrom) \(whereClause)
        GROUP BY \(group) ORDER BY \(collectionOrder) LIMIT ? OFFSET ?
        """
    }

    /// The SQL counting the collections.
    var collectionCountSQL: String {
        "SELECT COUNT(*) FROM (SELECT 1 FROM \(groupFrom) \(whereClause) GROUP BY \(group))"
    }

    /// The SQL listing each first character of the collections' (or, grouped by title, the songs') section text
    /// with how many start with it, in the query's order.
    var sectionsSQL: String {
        """
        SELECT substr(s, 1, 1) AS c, COUNT(*) FROM (SELECT \(sectionExpression) AS s FROM \(groupFrom) \(whereClause)
        GROUP BY \(group)) GROUP BY c ORDER BY c
        """
    }

    /// The SQL of the songs' page (two more values: limit and offset), after `SELECT columns FROM items`.
    var itemsClause: String {
        let join = from == "items" ? "" : String(from.dropFirst("items ".count))
        return "\(join) \(whereClause) ORDER BY \(itemOrder) LIMIT ? OFFSET ?"
    }
}
