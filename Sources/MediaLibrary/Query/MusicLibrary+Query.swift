import MediaModel

extension MusicLibrary {
    /// The songs `query` finds, `limit` of them from `offset`, in the order of its grouping: by title; by album
    /// title, disc and track; by artist (or album artist), album, disc and track; by genre or composer, then artist,
    /// album, disc and track; by playlist, then position.
    /// - Throws: `SQLiteError` when the index cannot be read.
    public func items(matching query: MediaQuery, offset: Int = 0, limit: Int = 100) throws -> [MediaItem] {
        if query.groupingType == .playlist {
            return Array(try playlistItems(matching: query).dropFirst(offset).prefix(limit))
        }
        let plan = MediaQueryPlan(query)
        return try items(plan.itemsClause, plan.values + [.integer(Int64(limit)), .integer(Int64(offset))])
    }

    /// The number of songs `items(matching:)` finds.
    /// - Throws: `SQLiteError`.
    public func itemCount(matching query: MediaQuery) throws -> Int {
        if query.groupingType == .playlist { return try playlistItems(matching: query).count }
        let plan = MediaQueryPlan(query)
        return try scalar("SELECT COUNT(DISTINCT items.id) FROM \(plan.from) \(plan.whereClause)", plan.values)
    }

    /// The collections of `query`'s grouping, `limit` of them from `offset`, in A–Z order: each with its name, its
    /// count of songs passing the predicates, a representative song, and the query of its songs. Grouped by title,
    /// each song is a collection.
    /// - Throws: `SQLiteError`.
    public func collections(matching query: MediaQuery, offset: Int = 0, limit: Int = 100) throws
        -> [MediaQueryCollection]
    {
        switch query.groupingType {
        case .playlist:
            return Array(try playlistCollections(matching: query).dropFirst(offset).prefix(limit))
        case .title:
            return try items(matching: query, offset: offset, limit: limit).map { item in
                MediaQueryCollection(
                    grouping: .title, key: String(item.id), name: item.title, count: 1, representativeItem: item,
                    itemsQuery: query.narrowed(to: String(item.id)))
            }
        default:
            let plan = MediaQueryPlan(query)
            let rows = try reader.withLock { database in
                try database.query(
                    plan.collectionsSQL, plan.values + [.integer(Int64(limit)), .integer(Int64(offset))]
                ) { ($0.text(0), Int($0.int64(1)), $0.int64(2)) }
            }
            // A song with two genres may stand for both.
            let representatives = Dictionary(
                try items(ids: Array(Set(rows.map(\.2)))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return rows.map { key, count, first in
                let representative = representatives[first]
                return MediaQueryCollection(
                    grouping: query.groupingType, key: key,
                    name: representative.map { Self.name(of: query.groupingType, key: key, in: $0) } ?? key,
                    count: count,
                    representativeItem: representative, itemsQuery: query.narrowed(to: key))
            }
        }
    }

    /// The name of the collection of `grouping` that `item` represents.
    /// A genre or composer is named as the representative spells the value of the group (`key`, in another
    /// case perhaps), among the several the song may have.
    private static func name(of grouping: MediaGrouping, key: String, in item: MediaItem) -> String {
        func spelling(_ values: [String]) -> String {
            values.first { $0.caseInsensitiveCompare(key) == .orderedSame } ?? key
        }
        switch grouping {
        case .album: return item.album ?? ""
        case .artist: return item.artist ?? ""
        case .albumArtist: return item.albumArtist ?? item.artist ?? ""
        case .genre: return spelling(item.genres)
        case .composer: return spelling(item.composers)
        case .title, .playlist: return item.title
        }
    }

    /// The number of collections `collections(matching:)` finds.
    /// - Throws: `SQLiteError`.
    public func collectionCount(matching query: MediaQuery) throws -> Int {
        switch query.groupingType {
        case .playlist: return try playlistCollections(matching: query).count
        case .title: return try itemCount(matching: query)
        default:
            let plan = MediaQueryPlan(query)
            return try scalar(plan.collectionCountSQL, plan.values)
        }
    }

    /// The A–Z index over `query`'s songs (grouped by title) or collections (otherwise): one section per initial
    /// letter of the sort key the order follows (the title, album, artist or album artist key, which follow sort
    /// names and skip a leading "The", "A" or "An"; the genre or composer), "#" for anything but a letter A–Z. The
    /// ranges are positions in `items(matching:)` or `collections(matching:)`, in order, and cover all of them.
    /// - Throws: `SQLiteError`.
    public func sections(matching query: MediaQuery) throws -> [MediaQuerySection] {
        let counts: [(String, Int)]
        switch query.groupingType {
        case .playlist:
            counts = try playlistCollections(matching: query).map { (String($0.name.prefix(1)), 1) }
        case .title:
            let plan = MediaQueryPlan(query)
            counts = try reader.withLock { database in
                try database.query(
                    "SELECT substr(title_key, 1, 1) AS c, COUNT(*) FROM items \(plan.whereClause) GROUP BY c ORDER BY c",
                    plan.values
                ) { ($0.text(0), Int($0.int64(1))) }
            }
        default:
            let plan = MediaQueryPlan(query)
            counts = try reader.withLock { database in
                try database.query(plan.sectionsSQL, plan.values) { ($0.text(0), Int($0.int64(1))) }
            }
        }
        return Self.sections(fromInitials: counts)
    }

    /// Sections from initial characters and their counts, in order: adjacent initials with one title merge.
    static func sections(fromInitials counts: [(String, Int)]) -> [MediaQuerySection] {
        var sections: [MediaQuerySection] = []
        var position = 0
        for (initial, count) in counts where count > 0 {
            var title = "#"
            if let letter = TextFolding.key(initial).unicodeScalars.first, ("a"..."z").contains(letter) {
                title = String(letter).uppercased()
            }
            if let last = sections.last, last.title == title {
                sections[sections.count - 1].range = last.range.lowerBound..<(position + count)
            } else {
                sections.append(MediaQuerySection(title: title, range: position..<(position + count)))
            }
            position += count
        }
        return sections
    }

    /// The query plan SQLite chooses (`EXPLAIN QUERY PLAN`, one detail a line) for `query`'s first page of songs
    /// (`collections` false) or of collections; for reviewing indexes.
    /// - Throws: `SQLiteError`.
    package func explainPlan(for query: MediaQuery, collections: Bool) throws -> [String] {
        let plan = MediaQueryPlan(query)
        let sql =
            collections && query.groupingType != .title
            ? plan.collectionsSQL : "SELECT \(LibrarySchema.itemColumns) FROM items \(plan.itemsClause)"
        return try reader.withLock { database in
            try database.query(
                "EXPLAIN QUERY PLAN " + sql, plan.values + [.integer(100), .integer(0)]
            ) { $0.text(3) }
        }
    }

    private func scalar(_ sql: String, _ values: [SQLiteValue]) throws -> Int {
        try reader.withLock { database in try database.query(sql, values) { Int($0.int64(0)) }.first ?? 0 }
    }
}
