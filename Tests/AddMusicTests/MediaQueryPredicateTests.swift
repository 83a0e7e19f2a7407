import MediaLibrary
import MediaModel
import Testing

/// `MediaPropertyPredicate` on real files: equal-to and contains, case- and diacritics-insensitive, combined with
/// AND, and the same answer in SQL as on a song in hand.
@Suite struct MediaQueryPredicateTests {
    private func titles(_ library: MusicLibrary, _ predicates: [MediaPropertyPredicate]) throws -> [String] {
        try library.items(matching: MediaQuery(filterPredicates: predicates)).map(\.title)
    }

    @Test func equalToIgnoresCaseAndDiacriticsButNotTheRestOfTheText() throws {
        let songs = try QueryLibrary()
        let library = songs.library
        #expect(
            try titles(library, [MediaPropertyPredicate(value: "ROCK", forProperty: .genre)]) == [
                "Another Day", "Come Together", "Something",
            ])
        #expect(
            try titles(library, [MediaPropertyPredicate(value: "bjork", forProperty: .composer)]) == [
                "Bachelorette", "Jóga",
            ])
        #expect(try titles(library, [MediaPropertyPredicate(value: "JOGA", forProperty: .title)]) == ["Jóga"])
        #expect(try titles(library, [MediaPropertyPredicate(value: "Hip", forProperty: .genre)]).isEmpty)
        #expect(
            try titles(library, [MediaPropertyPredicate(value: "asa oberg", forProperty: .composer)]) == [
                "Another Day"
            ])
    }

    @Test func containsFindsTheTextInsideTheProperty() throws {
        let library = try QueryLibrary().library
        #expect(
            try titles(library, [MediaPropertyPredicate(value: "beat", forProperty: .artist, comparison: .contains)])
                == ["Come Together", "Something"])
        #expect(
            try titles(library, [MediaPropertyPredicate(value: "HOP", forProperty: .genre, comparison: .contains)])
                == ["99 Problems", "Excursions"])
        #expect(
            try titles(library, [MediaPropertyPredicate(value: "oberg", forProperty: .composer, comparison: .contains)])
                == ["Another Day"])
    }

    @Test func predicatesCombineWithAnd() throws {
        let library = try QueryLibrary().library
        #expect(
            try titles(
                library,
                [
                    MediaPropertyPredicate(value: "rock", forProperty: .genre),
                    MediaPropertyPredicate(value: 1969, forProperty: .year),
                ]
            ) == ["Come Together", "Something"])
        #expect(
            try titles(
                library,
                [
                    MediaPropertyPredicate(value: "hop", forProperty: .genre, comparison: .contains),
                    MediaPropertyPredicate(value: "carter", forProperty: .composer, comparison: .contains),
                ]) == ["99 Problems"])
        #expect(
            try titles(
                library,
                [
                    MediaPropertyPredicate(value: true, forProperty: .isCompilation),
                    MediaPropertyPredicate(value: "pop", forProperty: .genre),
                ]
            ) == ["Zebra Crossing"])
        let none = [
            MediaPropertyPredicate(value: "rock", forProperty: .genre),
            MediaPropertyPredicate(value: 1997, forProperty: .year),
        ]
        #expect(try titles(library, none).isEmpty)
        #expect(try library.itemCount(matching: MediaQuery(filterPredicates: none)) == 0)
    }

    @Test func theIndexAndASongInHandAgreeOnEveryPredicate() throws {
        let songs = try QueryLibrary()
        let every = try songs.everySong()
        #expect(every.count == QueryLibrary.songs.count)
        let values: [(MediaProperty, MediaPropertyPredicate.Value)] = [
            (.title, "o"), (.title, "something"), (.artist, "björk"), (.artist, "a"), (.albumTitle, "now hits"),
            (.albumTitle, "the"), (.albumArtist, "various"), (.genre, "electronic"), (.genre, "r"), (.composer, "n"),
            (.composer, "BJÖRK"), (.isCompilation, false), (.year, 2001), (.year, "1991"), (.trackNumber, 2),
        ]
        for (property, value) in values {
            for comparison in [MediaPropertyPredicate.Comparison.equalTo, .contains] {
                let predicate = MediaPropertyPredicate(value: value, forProperty: property, comparison: comparison)
                let found = try songs.library.items(matching: MediaQuery(filterPredicates: [predicate]), limit: 1000)
                #expect(found == every.filter(predicate.matches), "\(predicate)")
            }
        }
    }
}
