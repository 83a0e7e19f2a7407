import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The A–Z order of songs, albums and artists follows the tags' sort names where present and passes over a leading
/// English article ("The", "A", "An").
@Suite struct SortNameOrderTests {
    @Test func songsAlbumsAndArtistsSortBySortNamesIgnoringLeadingArticles() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "1.flac", frequency: 300, tags: ["title": "One", "artist": "The Beatles", "album": "Abbey Road"])
        try fixtures.tone(
            "2.flac", frequency: 310, tags: ["title": "Two", "artist": "Cream", "album": "A Fresh Cream"])
        try fixtures.tone(
            "3.flac", frequency: 320,
            tags: ["title": "Three", "artist": "Zed Sorted", "ARTISTSORT": "Aardvark", "album": "An Zebra"])
        try fixtures.tone("4.flac", frequency: 330, tags: ["title": "The", "artist": "The"])
        try fixtures.tone(
            "5.flac", frequency: 340,
            tags: ["title": "A Song", "TITLESORT": "Zz", "artist": "Cream", "album": "A Fresh Cream", "track": "2"])
        try fixtures.tone(
            "6.flac", frequency: 350,
            tags: ["title": "Alpha", "artist": "Cream", "album": "A Fresh Cream", "track": "2"])
        // A sort name without the name it sorts makes no artist.
        try fixtures.tone("7.flac", frequency: 360, tags: ["title": "Lonely", "ARTISTSORT": "Ghost"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        // No artist first, then Aardvark (sort name), Beatles, Cream (Alpha before "Zz"), "The" (an article alone is a
        // word).
        #expect(try library.songs().map(\.title) == ["Lonely", "Three", "One", "Two", "Alpha", "A Song", "The"])
        #expect(try library.artists().map(\.name) == ["Zed Sorted", "The Beatles", "Cream", "The"])
        #expect(try library.albums().map(\.title) == ["An Zebra", "Abbey Road", "A Fresh Cream"])
        #expect(TextFolding.sortKey("An  Other") == "other")
        #expect(TextFolding.sortKey("Anthem") == "anthem")
        #expect(TextFolding.sortKey("THE ÉTÉ") == "ete")
        #expect(TextFolding.sortKey("A") == "a")
        #expect(TextFolding.sortKey("Øresund") == "oresund")
        #expect(TextFolding.key("Die Straße") == "die strasse")
    }
}
