import Foundation
import MediaLibrary
import Testing

/// The picker's queries: songs, albums, artists, songs of an album or artist, paged.
@Suite struct LibraryQueriesTests {
    @Test func queriesSortGroupAndPage() throws {
        let fixtures = try Fixtures()
        let plan: [(String, String, String, Int, Int)] = [  // artist, album, title, disc, track
            ("Zed", "Last", "Z2", 1, 2), ("Zed", "Last", "Z1", 1, 1), ("Ábel", "First", "A3", 2, 1),
            ("Ábel", "First", "A1", 1, 1), ("Ábel", "First", "A2", 1, 2), ("Ábel", "Second", "B1", 1, 1),
        ]
        for (index, song) in plan.enumerated() {
            try fixtures.tone(
                "\(song.0)/\(song.1)/\(index).flac", frequency: 300 + index * 30,
                tags: [
                    "artist": song.0, "album": song.1, "title": song.2, "disc": "\(song.3)", "track": "\(song.4)",
                    "date": song.1 == "Second" ? "2001" : "1999",
                ])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.songs().map(\.title) == ["A1", "A2", "A3", "B1", "Z1", "Z2"])
        #expect(try library.songs(offset: 2, limit: 3).map(\.title) == ["A3", "B1", "Z1"])
        #expect(try library.songCount() == 6)

        let albums = try library.albums()
        #expect(albums.map(\.title) == ["First", "Second", "Last"])
        #expect(albums.map(\.trackCount) == [3, 1, 2])
        #expect(albums[0].artist == "Ábel" && albums[0].year == 1999)
        #expect(try library.albums(offset: 1, limit: 1).map(\.title) == ["Second"])
        #expect(try library.songs(ofAlbum: albums[0].id).map(\.title) == ["A1", "A2", "A3"])

        let artists = try library.artists()
        #expect(artists.map(\.name) == ["Ábel", "Zed"])
        #expect(artists[0].songCount == 4 && artists[0].albumCount == 2)
        #expect(try library.songs(ofArtist: artists[1].id).map(\.title) == ["Z1", "Z2"])
        #expect(try library.artistCount() == 2 && library.albumCount() == 3)
    }
}
