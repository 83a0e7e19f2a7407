import Foundation
import MediaLibrary
import Testing

/// Search: every word a prefix, case- and diacritics-insensitive, letters folded to their ASCII spelling, CJK
/// characters found inside words, over title, artist, album, album artist, genre and composer.
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

    @Test func searchFindsCJKInsideWords() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("1.flac", tags: ["title": "雪の街", "artist": "中島みゆき"])
        try fixtures.tone("2.flac", tags: ["title": "夜の海", "album": "東京タワー"])
        try fixtures.tone("3.flac", tags: ["title": "서울의 밤", "artist": "가수"])
        try fixtures.tone("4.flac", tags: ["title": "Tokyo東京", "artist": "Latin"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.search("街").map(\.title) == ["雪の街"])
        #expect(try library.search("海").map(\.title) == ["夜の海"])
        #expect(try library.search("の").count == 2)
        #expect(try library.search("の街").map(\.title) == ["雪の街"])
        #expect(try library.search("雪の街").map(\.title) == ["雪の街"])
        #expect(try library.search("街の雪").isEmpty)  // the characters of a typed run follow each other
        #expect(try library.search("みゆき").map(\.title) == ["雪の街"])
        #expect(try library.search("タワ").map(\.title) == ["夜の海"])
        #expect(try library.search("京").map(\.title).sorted() == ["Tokyo東京", "夜の海"])
        #expect(try library.search("울").map(\.title) == ["서울의 밤"])
        #expect(try library.search("tokyo東").map(\.title) == ["Tokyo東京"])
        #expect(try library.search("街 海").isEmpty)
    }

    @Test func searchMatchesLettersByTheirSpellingInASCII() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("1.flac", tags: ["title": "Øresund", "artist": "Sigur Rós"])
        try fixtures.tone("2.flac", tags: ["title": "Straße", "artist": "Kraftwerk"])
        try fixtures.tone("3.flac", tags: ["title": "Ægir", "album": "Œuvres", "artist": "Łona"])
        try fixtures.tone("4.flac", tags: ["title": "Đurđevdan", "artist": "Þursaflokkurinn"])
        try fixtures.tone("5.flac", tags: ["title": "Işık", "artist": "Straßenjungs"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.search("oresund").map(\.title) == ["Øresund"])
        #expect(try library.search("Øresund").map(\.title) == ["Øresund"])
        #expect(try library.search("øre").map(\.title) == ["Øresund"])
        #expect(try library.search("ros").map(\.title) == ["Øresund"])
        #expect(try library.search("strasse").map(\.title).sorted() == ["Işık", "Straße"])
        #expect(try library.search("STRAẞE").map(\.title).sorted() == ["Işık", "Straße"])
        #expect(try library.search("straß").map(\.title).sorted() == ["Işık", "Straße"])
        #expect(try library.search("aegir oeuvres lona").map(\.title) == ["Ægir"])
        #expect(try library.search("durdevdan thursa").map(\.title) == ["Đurđevdan"])
        #expect(try library.search("isik").map(\.title) == ["Işık"])
        #expect(try library.search("ISIK").map(\.title) == ["Işık"])
    }

    @Test func searchFindsComposerAlbumArtistAndGenre() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "1.flac", tags: ["title": "Prelude", "composer": "Johann Sebastian Bach", "artist": "Glenn Gould"])
        try fixtures.tone("2.flac", tags: ["title": "Other", "album_artist": "Various Artists", "genre": "Bossa Nova"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.search("bach").map(\.title) == ["Prelude"])
        #expect(try library.search("sebast gould").map(\.title) == ["Prelude"])
        #expect(try library.search("various").map(\.title) == ["Other"])
        #expect(try library.search("bossa").map(\.title) == ["Other"])
        #expect(try library.searchCount("johann") == 1)
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
