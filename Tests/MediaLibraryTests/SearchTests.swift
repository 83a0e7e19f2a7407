import Foundation
import MediaLibrary
import Testing

/// Search: every word a prefix, case- and diacritics-insensitive, over title, artist, album, album artist, genre.
@Suite struct SearchTests {
    @Test func searchMatchesPrefixesOfEveryWordIgnoringCaseAndDiacritics() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("1.flac", tags: ["title": "Symphony No. 5", "artist": "Beethoven"])
        try fixtures.tone("2.flac", tags: ["title": "Jóga", "artist": "Björk", "album": "Homogenic"])
        try fixtures.tone("3.flac", tags: ["title": "Symphonie fantastique", "artist": "Berlioz"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.search("beet sym").map(\.title) == ["Symphony No. 5"])
        #expect(try library.search("BJORK").map(\.title) == ["Jóga"])
        #expect(try library.search("joga homo").map(\.title) == ["Jóga"])
        #expect(try library.search("sym").count == 2)
        #expect(try library.searchCount("sym") == 2)
        #expect(try library.search("sym berl").map(\.artist) == ["Berlioz"])
        #expect(try library.search("mozart").isEmpty)
        #expect(try library.search("\" * OR (").isEmpty)  // FTS syntax in the text is only text
        #expect(try library.search("").isEmpty)
    }
}
