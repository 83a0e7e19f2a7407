import Foundation
import MediaModel
import Testing

@testable import MediaLibrary

/// A compilation's songs by different artists, with no album artist, are one album (in the albums, in the
/// compilations and in the picker's grid), on a new index and on one made before version 4.
@Suite struct CompilationAlbumTests {
    private func mix(_ fixtures: Fixtures) throws {
        for (file, artist) in [("mix/1.mp3", "Lena Berg"), ("mix/2.mp3", "Tom Ek")] {
            try fixtures.tone(
                file, tags: ["title": "Harbour \(artist)", "artist": artist, "album": "Summer Mix", "compilation": "1"])
        }
        // Not a compilation: the same title by two artists stays two albums.
        for (file, artist) in [("demo/1.mp3", "Ana"), ("demo/2.mp3", "Bo")] {
            try fixtures.tone(file, tags: ["title": "Demo \(artist)", "artist": artist, "album": "Demo"])
        }
    }

    private func albums(_ library: MusicLibrary, _ query: MediaQuery) throws -> [String] {
        try library.collections(matching: query).map { "\($0.name) \($0.count)" }
    }

    @Test func aCompilationWithoutAnAlbumArtistIsOneAlbum() throws {
        let fixtures = try Fixtures()
        try mix(fixtures)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try albums(library, .albums()) == ["Demo 1", "Demo 1", "Summer Mix 2"])
        #expect(try albums(library, .compilations()) == ["Summer Mix 2"])
    }

    @Test func anIndexOfVersionThreeJoinsItsCompilationsWhenOpened() throws {
        let fixtures = try Fixtures()
        try mix(fixtures)
        let path = fixtures.root + "/data/library.sqlite"
        _ = try fixtures.library().scan(roots: fixtures.roots)
        // As version 3 wrote them: each song's album keyed by its own artist.
        do {
            let old = try SQLiteConnection(path: path)
            try old.execute(
                """
                UPDATE items SET album_key = addmusic_old_key || char(31) || 'summer mix'
                FROM (SELECT id AS old_id, lower(artist) AS addmusic_old_key FROM items) WHERE id = old_id
                    AND compilation = 1;
                PRAGMA user_version = 3;
                """)
            let keys = try old.query("SELECT COUNT(DISTINCT album_key) FROM items WHERE compilation = 1") {
                $0.int64(0)
            }
            #expect(keys == [2])
        }
        let library = try fixtures.library()
        #expect(try albums(library, .compilations()) == ["Summer Mix 2"])
        #expect(try library.albumCount() == 3)
    }
}
