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

/// When most songs match, search walks the songs in order instead of sorting every match; both ways give the
/// same pages in the same order.
@Suite struct DenseSearchTests {
    @Test func searchMatchingMostSongsPagesInSongOrder() throws {
        let fixtures = try Fixtures()
        for index in 0..<40 {
            try fixtures.tone(
                "S/\(index).flac", frequency: 200 + index * 10, seconds: 0.2,
                tags: [
                    "title": "Track \(index)", "artist": index % 2 == 0 ? "Even" : "Odd", "album": "Numbers",
                    "track": "\(index)",
                ])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let all = try library.songs(limit: 100)
        #expect(all.count == 40)
        #expect(try library.search("track", limit: 100) == all)  // dense: every song matches
        #expect(try library.search("track", offset: 10, limit: 5) == Array(all[10..<15]))
        #expect(try library.search("odd tr", limit: 100) == all.filter { $0.artist == "Odd" })
        #expect(try library.search("track 7").map(\.title) == ["Track 7"])  // sparse
    }
}
