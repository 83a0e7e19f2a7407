import Foundation
import MediaLibrary
import MediaModel
import Testing

/// Smart playlists' rules (B-H9): read from a line as a user writes them and written back the same; wrong ones
/// refused naming the part that is wrong; a definition kept as a file of its own; and evaluated alike in the index
/// (SQL) and outside it (the test the daemon's songs get), whatever the field, the operator and the match.
@Suite struct SmartRulesTests {
    @Test func aRuleIsReadAsWrittenInAnyOfItsSpellingsAndWrittenBackTheSameWay() throws {
        let cases: [(String, SmartRule)] = [
            ("genre is Jazz", SmartRule(.genre, .is, .text("Jazz"))),
            ("Rating>=4", SmartRule(.rating, .atLeast, .number(4))),
            ("rating is at least 4 stars", SmartRule(.rating, .atLeast, .number(4))),
            ("play-count greater than 10", SmartRule(.playCount, .greater, .number(10))),
            ("playCount != 0", SmartRule(.playCount, .isNot, .number(0))),
            ("album artist starts with the", SmartRule(.albumArtist, .startsWith, .text("the"))),
            ("title is not \"is not\"", SmartRule(.title, .isNot, .text("is not"))),
            ("last played in the last 2 weeks", SmartRule(.lastPlayed, .inTheLast, .number(14))),
            ("date added not in the last 30 days", SmartRule(.dateAdded, .notInTheLast, .number(30))),
            ("duration > 5:00", SmartRule(.duration, .greater, .number(300))),
            ("duration <= 1:02:03", SmartRule(.duration, .atMost, .number(3723))),
            ("format is FLAC", SmartRule(.format, .is, .text("FLAC"))),
            ("comment does not contain  live ", SmartRule(.comment, .doesNotContain, .text("live"))),
            ("artist contains Sigur Rós", SmartRule(.artist, .contains, .text("Sigur Rós"))),
        ]
        for (line, rule) in cases {
            let read = try SmartRule(parsing: line)
            #expect(read == rule, "\(line)")
            #expect(try SmartRule(parsing: read.description) == rule, "\(line) → \(read)")
        }
        #expect(SmartRule(.duration, .greater, .number(300)).description == "duration > 5:00")
        #expect(SmartRule(.title, .is, .text(" padded")).description == "title is \" padded\"")
    }

    @Test func aWrongRuleSaysWhichPartIsWrong() {
        func error(_ line: String) -> SmartPlaylistError? {
            do {
                _ = try SmartRule(parsing: line)
                return nil
            } catch { return error }
        }
        #expect(error("colour is red") == .unknownField("colour"))
        #expect(error("genre resembles Jazz") == .unknownOperator(field: .genre, text: "resembles Jazz"))
        #expect(error("rating contains 4") == .operatorNotFor(field: .rating, .contains))
        #expect(error("last played > 3") == .operatorNotFor(field: .lastPlayed, .greater))
        #expect(error("rating >= 7") == .badValue(field: .rating, value: "7"))
        #expect(error("year is nineteen") == .badValue(field: .year, value: "nineteen"))
        #expect(error("duration > 5:75") == .badValue(field: .duration, value: "5:75"))
        #expect(error("last played in the last fortnight") == .badValue(field: .lastPlayed, value: "fortnight"))
        #expect(error("format is flac/../x") == .badValue(field: .format, value: "flac/../x"))
        #expect(error("title is a\u{1B}[2Jb") == .badValue(field: .title, value: "a\u{1B}[2Jb"))
        #expect(error("genre is") == .missingValue(field: .genre))
        #expect(error("title contains " + String(repeating: "x", count: 1_001)) != nil)
    }

    @Test func aDefinitionReadsBackFromItsFileAndAFileOfNonsenseNamesItsLine() throws {
        let rules = SmartRules(
            match: .any, rules: [SmartRule(.genre, .is, .text("Jazz")), SmartRule(.rating, .atLeast, .number(4))],
            limit: .minutes(90), order: .mostPlayed)
        #expect(try SmartRules(parsing: rules.encoded, path: "x.smart") == rules)
        #expect(try SmartRules(parsing: "", path: "x.smart") == SmartRules())
        let broken = "# mine\nmatch = all\nrule = genre is Jazz\n\nrule = mood is calm\n"
        #expect(throws: SmartPlaylistError.inFile(path: "x.smart", line: 5, .unknownField("mood"))) {
            try SmartRules(parsing: broken, path: "x.smart")
        }
        #expect(throws: SmartPlaylistError.inFile(path: "x.smart", line: 1, .badSetting(key: "limit", value: "many"))) {
            try SmartRules(parsing: "limit = many", path: "x.smart")
        }
        #expect(throws: SmartPlaylistError.inFile(path: "x.smart", line: 2, .unknownLine("shuffle"))) {
            try SmartRules(parsing: "order = random\nshuffle", path: "x.smart")
        }
        let tooMany = String(repeating: "rule = year > 1\n", count: SmartRules.maximumRules + 1)
        #expect(throws: SmartPlaylistError.tooLarge(path: "x.smart")) {
            try SmartRules(parsing: tooMany, path: "x.smart")
        }
    }

    /// Songs with every field varied (tags, formats, lengths, plays, skips, ratings, dates) and every rule over
    /// values drawn from them, alone and in twos with all and any: the index's SQL keeps exactly the songs the test
    /// of songs outside the index keeps.
    @Test func theIndexAndTheTestOfSongsOutsideItKeepTheSameSongsForEveryRule() throws {
        let fixtures = try Fixtures()
        defer { withExtendedLifetime(fixtures) {} }
        // "Jazz" and "JAZZ" are one value to the index's NOCASE walk of the genres; both must pass.
        let genres = ["Jazz", "JAZZ; Blues", "Rock", "jazz fusion", nil]
        for index in 0..<15 {
            var tags = ["title": "Song \(index) \(["Ärger", "Øre", "plain", "The End", ""][index % 5])"]
            if index % 4 != 0 { tags["artist"] = ["Björk", "Sigur Rós", "The Beatles"][index % 3] }
            if index % 3 != 0 { tags["album"] = "Album \(index % 4)" }
            if let genre = genres[index % 5] { tags["genre"] = genre }
            if index % 2 == 0 { tags["date"] = String(1990 + index) }
            if index % 6 == 1 { tags["comment"] = "live at home" }
            if index % 5 == 2 { tags["composer"] = "Clara Weiss" }
            let format = ["flac", "mp3", "ogg", "m4a", "opus"][index % 5]
            try fixtures.tone(
                "S/\(index).\(format)", frequency: 200 + index * 50, seconds: Double(1 + index % 4), tags: tags)
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs()
        try #require(songs.count == 15)
        let now = Date()
        for (index, song) in songs.enumerated() {
            for play in 0..<(index % 4) {
                try library.recordPlay(of: song.id, at: now.addingTimeInterval(-Double(index * 5 + play) * 86_400))
            }
            for _ in 0..<(index % 3) { try library.recordSkip(of: song.id) }
            if index % 3 != 2 { try library.setRating(index % 6, of: song.id) }
        }
        let statistics = try library.statistics(of: songs.map(\.id))
        let held = songs.map { (item: $0, statistics: statistics[$0.id] ?? PlayStatistics()) }

        var rules: [SmartRule] = []
        for field in SmartField.allCases {
            for comparison in field.operators {
                let values: [SmartRule.Value] =
                    switch field.kind {
                    case .text where field == .format: [.text("flac"), .text("MP3"), .text("wav")]
                    case .text: [.text("jazz"), .text("the"), .text("ore"), .text("Sigur Ros"), .text("Album 1")]
                    case .number: [.number(0), .number(2), .number(1996)]
                    case .duration: [.number(1), .number(2), .number(3)]
                    case .date: [.number(0), .number(7), .number(40)]
                    }
                rules += values.map { SmartRule(field, comparison, $0) }
            }
        }
        func ids(_ definition: SmartRules) throws -> (index: Set<Int64>, outside: Set<Int64>) {
            (
                Set(try library.songs(matching: definition, now: now).map(\.id)),
                Set(definition.select(from: held, now: now).map(\.id))
            )
        }
        var nonEmpty = 0
        for rule in rules {
            let found = try ids(SmartRules(rules: [rule]))
            #expect(found.index == found.outside, "\(rule)")
            if !found.index.isEmpty && found.index.count < songs.count { nonEmpty += 1 }
        }
        // The values drew songs in and left others out: the rules were tried on a varied set, not an empty one.
        #expect(nonEmpty > rules.count / 4, "\(nonEmpty) of \(rules.count)")
        var random = SeededRandom(seed: 0x5EED)
        for _ in 0..<60 {
            let pair = [
                rules[Int(random.next() % UInt64(rules.count))], rules[Int(random.next() % UInt64(rules.count))],
            ]
            for match in SmartRules.Match.allCases {
                let found = try ids(SmartRules(match: match, rules: pair))
                #expect(found.index == found.outside, "\(match): \(pair)")
            }
        }
    }

    /// The orders and limits: a limit in songs keeps that many of the order; one in minutes keeps the songs whose
    /// lengths add up to no more.
    @Test func aLimitKeepsTheFirstSongsOfTheOrderBySongsOrByMinutes() throws {
        let fixtures = try Fixtures()
        defer { withExtendedLifetime(fixtures) {} }
        for (index, seconds) in [50.0, 40, 30, 20, 10].enumerated() {
            try fixtures.tone(
                "\(index).flac", seconds: seconds, tags: ["title": "T\(index)", "artist": "A", "track": "\(index + 1)"])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        func titles(_ rules: SmartRules) throws -> [String] { try library.songs(matching: rules).map(\.title) }
        #expect(try titles(SmartRules(order: .longest)) == ["T0", "T1", "T2", "T3", "T4"])
        #expect(try titles(SmartRules(limit: .songs(2), order: .shortest)) == ["T4", "T3"])
        // 10 + 20 + 30 s fit in one minute; 40 more would not.
        #expect(try titles(SmartRules(limit: .minutes(1), order: .shortest)) == ["T4", "T3", "T2"])
        #expect(try titles(SmartRules(limit: .minutes(1), order: .random)).count >= 1)
        let random = try titles(SmartRules(order: .random))
        #expect(Set(random) == ["T0", "T1", "T2", "T3", "T4"])
    }
}
