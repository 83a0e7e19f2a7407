import MediaLibrary
import Testing

/// `EXPLAIN QUERY PLAN` of the ready-made queries: each walks an index, none scans the songs' table.
@Suite struct MediaQueryPlanTests {
    @Test func groupedReadyMadeQueriesWalkAnIndexNotTheTable() throws {
        let library = try QueryLibrary().library
        let expected: [(MediaQuery, String)] = [
            (.albums(), "items_album_title"), (.artists(), "items_song_order"),
            (.albumArtists(), "items_album_artist"), (.genres(), "item_genres_value_item"),
            (.composers(), "item_composers_value_item"), (.compilations(), "items_compilation"),
        ]
        for (query, index) in expected {
            let plan = try library.explainPlan(for: query, collections: true)
            // Genres and composers walk their values' index, a song each looked up by its id.
            #expect(plan.contains { $0.hasPrefix("SCAN ") && $0.contains(index) }, "\(plan)")
            #expect(!plan.contains("SCAN items"), "\(plan)")
            // Only genres and composers sort, and then only their groups (by the folded name).
            if query.groupingType != .genre && query.groupingType != .composer {
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            }
        }
        let songs = try library.explainPlan(for: .songs(), collections: false)
        #expect(songs == ["SCAN items USING INDEX items_title"])
    }

    /// A smart playlist whose rules and order read only the genre, the composer, the year or the length is one pass
    /// over the library's order, no row of the table read and nothing sorted; one that reads another field looks the
    /// genre's songs up by id. (`SmartRulesTests` proves both find what the rules say.)
    @Test func aSmartPlaylistOfTheGenreAndTheYearReadsTheSongOrderAlone() throws {
        let library = try QueryLibrary().library
        let genreAndYear = SmartRules(
            rules: [SmartRule(.genre, .is, .text("rock")), SmartRule(.year, .atLeast, .number(1990))])
        let plan = try library.explainPlan(for: genreAndYear)
        #expect(plan.first == "SCAN items USING COVERING INDEX items_song_order", "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        #expect(try library.songs(matching: genreAndYear).map(\.title) == ["Another Day"])
        // The composer and the length, in an order of their own, read the same index alone (then sorted).
        for rules in [
            SmartRules(match: .any, rules: [SmartRule(.composer, .contains, .text("o"))], order: .random),
            SmartRules(rules: [SmartRule(.duration, .atMost, .number(60))], order: .longest),
        ] {
            let plan = try library.explainPlan(for: rules)
            #expect(plan.first == "SCAN items USING COVERING INDEX items_song_order", "\(plan)")
        }
        let genreAndArtist = SmartRules(
            rules: [SmartRule(.genre, .is, .text("rock")), SmartRule(.artist, .contains, .text("beat"))])
        let lookedUp = try library.explainPlan(for: genreAndArtist)
        #expect(lookedUp.first == "SEARCH items USING INTEGER PRIMARY KEY (rowid=?)", "\(lookedUp)")
        #expect(try library.songs(matching: genreAndArtist).map(\.title) == ["Come Together", "Something"])
    }

    @Test func aPredicateOnGenreLooksSongsUpByIndex() throws {
        let library = try QueryLibrary().library
        let plan = try library.explainPlan(
            for: MediaQuery(filterPredicates: [MediaPropertyPredicate(value: "rock", forProperty: .genre)]),
            collections: false)
        #expect(
            plan.contains { $0.contains("SEARCH item_genres USING COVERING INDEX item_genres_value_item") }, "\(plan)")
        #expect(!plan.contains("SCAN items"), "\(plan)")
    }
}
