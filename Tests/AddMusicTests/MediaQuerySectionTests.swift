import MediaLibrary
import Testing

/// The A–Z sections of a `MediaQuery`: one per initial letter of the sort key, "#" for the rest, ranges that cover
/// the items or collections in order.
@Suite struct MediaQuerySectionTests {
    private func describe(_ sections: [MediaQuerySection]) -> [String] {
        sections.map { "\($0.title) \($0.range.lowerBound)..<\($0.range.upperBound)" }
    }

    @Test func sectionsFollowTheSortKeysAndCoverEveryRow() throws {
        let library = try QueryLibrary().library
        #expect(
            describe(try library.sections(matching: .songs())) == [
                "# 0..<1", "A 1..<2", "B 2..<3", "C 3..<4", "E 4..<5", "J 5..<6", "S 6..<7", "Z 7..<8",
            ])
        // "The Beatles" under B, "A Tribe Called Quest" under T.
        #expect(describe(try library.sections(matching: .artists())) == ["A 0..<1", "B 1..<4", "J 4..<5", "T 5..<6"])
        #expect(
            describe(try library.sections(matching: .albums())) == [
                "A 0..<1", "B 1..<2", "H 2..<3", "L 3..<4", "N 4..<5",
            ])
        #expect(describe(try library.sections(matching: .genres())) == ["E 0..<1", "H 1..<2", "P 2..<3", "R 3..<4"])
        #expect(
            describe(try library.sections(matching: .composers())) == [
                "A 0..<1", "B 1..<2", "G 2..<3", "J 3..<4", "S 4..<5",
            ])
        #expect(describe(try library.sections(matching: .compilations())) == ["N 0..<1"])
    }

    @Test func eachSectionStartsWhereItsFirstCollectionIs() throws {
        let library = try QueryLibrary().library
        for query in [MediaQuery.albums(), .artists(), .albumArtists(), .genres(), .composers()] {
            let collections = try library.collections(matching: query)
            let sections = try library.sections(matching: query)
            #expect(sections.last?.range.upperBound == collections.count)
            for section in sections {
                let first = collections[section.range.lowerBound].name
                let initial = first.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                #expect(
                    section.title == "#" || initial.uppercased().hasPrefix(section.title)
                        || first.hasPrefix("The ") || first.hasPrefix("A "), "\(first) in \(section.title)")
            }
        }
    }
}
