import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The smart playlists and `songs(sortedBy:)` hold the songs the statistics call for, in their order (B-H5, B-H6).
@Suite struct SmartPlaylistTests {
    /// Four songs, A to D by title and track; A played three times, B once (last), C rated 5, D rated 4 by its tag.
    private func rated() throws -> (Fixtures, MusicLibrary, [String: Int64]) {
        let fixtures = try Fixtures()
        for (index, title) in ["A", "B", "C", "D"].enumerated() {
            var tags = ["title": title, "artist": "Artist", "album": "Album", "track": "\(index + 1)"]
            if title == "D" { tags["rating"] = "4" }
            try fixtures.tone("\(title).flac", frequency: 300 + 100 * index, seconds: 0.2, tags: tags)
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let ids = Dictionary(uniqueKeysWithValues: try library.songs().map { ($0.title, $0.id) })
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for minute in 0..<3 { try library.recordPlay(of: ids["A"]!, at: start.addingTimeInterval(Double(minute) * 60)) }
        try library.recordPlay(of: ids["B"]!, at: start.addingTimeInterval(600))
        try library.setRating(5, of: ids["C"]!)
        return (fixtures, library, ids)
    }

    @Test func eachSmartPlaylistHoldsItsSongsInItsOrder() throws {
        let (fixtures, library, _) = try rated()
        defer { withExtendedLifetime(fixtures) {} }
        func titles(_ playlist: SmartPlaylist) throws -> [String] { try library.songs(in: playlist).map(\.title) }
        #expect(try titles(.mostPlayed) == ["A", "B"])
        #expect(try titles(.recentlyPlayed) == ["B", "A"])
        #expect(try titles(.topRated) == ["C", "D"])
        #expect(try titles(.neverPlayed) == ["C", "D"])
        // Added in one scan: the last inserted first.
        #expect(try titles(.recentlyAdded).count == 4)
    }

    @Test func aSongAddedLaterComesFirstInRecentlyAdded() throws {
        let (fixtures, library, _) = try rated()
        defer { withExtendedLifetime(fixtures) {} }
        try fixtures.tone("Later/E.flac", frequency: 900, seconds: 0.2, tags: ["title": "E", "artist": "Zed"])
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.songs(in: .recentlyAdded).first?.title == "E")
        #expect(try library.songs(in: .recentlyAdded, limit: 2).count == 2)
        #expect(try library.songs(sortedBy: .recentlyAdded).first?.title == "E")
    }

    @Test func songsSortedByTheirStatisticsKeepEverySongExceptNeverPlayedOnes() throws {
        let (fixtures, library, _) = try rated()
        defer { withExtendedLifetime(fixtures) {} }
        func titles(_ order: SongOrder) throws -> [String] { try library.songs(sortedBy: order).map(\.title) }
        #expect(try titles(.mostPlayed) == ["A", "B", "C", "D"])
        #expect(try titles(.recentlyPlayed) == ["B", "A", "C", "D"])
        #expect(try titles(.topRated) == ["C", "D", "A", "B"])
        #expect(try titles(.neverPlayed) == ["C", "D"])
        #expect(try library.songs(sortedBy: .mostPlayed, offset: 1, limit: 2).map(\.title) == ["B", "C"])
    }

    @Test func smartPlaylistsAreFoundByTheirEnglishNamesInAnyCase() {
        #expect(SmartPlaylist(name: "most played") == .mostPlayed)
        #expect(SmartPlaylist(name: "Top Rated") == .topRated)
        #expect(SmartPlaylist(name: "Favourites") == nil)
        #expect(
            SmartPlaylist.allCases.map(\.rawValue) == [
                "Recently Added", "Recently Played", "Most Played", "Top Rated", "Never Played",
            ])
    }
}
