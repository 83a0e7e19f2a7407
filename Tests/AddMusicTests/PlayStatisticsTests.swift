import Foundation
import MediaModel
import Testing

@testable import MediaLibrary

/// Play statistics are kept by persistent id: a rescan, a retag and a move keep them; the file's rating tag is the
/// rating until the user sets one; a new song is dated when it is first indexed (B-H3, B-H4).
@Suite struct PlayStatisticsTests {
    @Test func statisticsSurviveARescanARetagAndAMove() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.tone("Album/song.flac", frequency: 500, tags: ["title": "Before"])
        try fixtures.tone("Album/other.flac", frequency: 600, tags: ["title": "Other"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.songs().first { $0.title == "Before" }?.id)
        let heard = Date(timeIntervalSince1970: 1_700_000_000)
        try library.recordPlay(of: id, at: heard.addingTimeInterval(-60))
        try library.recordPlay(of: id, at: heard)
        try library.recordSkip(of: id)
        try library.setRating(4, of: id)
        let before = try #require(try library.statistics(of: id))
        #expect(before.playCount == 2 && before.skipCount == 1 && before.rating == 4)
        #expect(before.lastPlayed == heard)
        let added = try #require(before.dateAdded)
        #expect(abs(added.timeIntervalSinceNow) < 120)

        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.statistics(of: id) == before)

        try fixtures.ffmpeg(["-i", path, "-c", "copy", "-metadata", "title=After", fixtures.root + "/retagged.flac"])
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: fixtures.root + "/retagged.flac", toPath: path)
        #expect(try library.scan(roots: fixtures.roots).updated == 1)
        #expect(try library.item(id: id)?.title == "After")
        #expect(try library.statistics(of: id) == before)

        try FileManager.default.createDirectory(
            atPath: fixtures.music + "/Elsewhere", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path, toPath: fixtures.music + "/Elsewhere/renamed.flac")
        #expect(try library.scan(roots: fixtures.roots).moved == 1)
        #expect(try library.item(id: id)?.path.description == fixtures.music + "/Elsewhere/renamed.flac")
        #expect(try library.statistics(of: id) == before)
        // A new library object on the same index reads the same.
        #expect(try fixtures.library().statistics(of: id) == before)
    }

    @Test func theRatingTagIsTheRatingUntilTheUserSetsOne() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.tone("rated.flac", tags: ["title": "Rated", "rating": "3"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.songs().first?.id)
        #expect(try library.statistics(of: id)?.rating == 3)

        try retag(path, rating: "5", fixtures: fixtures)
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.statistics(of: id)?.rating == 5)

        #expect(try library.setRating(2, of: id))
        try retag(path, rating: "1", fixtures: fixtures)
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.statistics(of: id)?.rating == 2)
        // Out of range: clamped. A song the library does not hold: nothing set.
        try library.setRating(9, of: id)
        #expect(try library.statistics(of: id)?.rating == 5)
        #expect(try !library.setRating(3, of: 999_999))
        #expect(try library.statistics(of: 999_999) == nil)
    }

    @Test func aRatingTagOutOfRangeIsNoRatingAndAFractionRoundsToWholeStars() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("huge.flac", frequency: 300, tags: ["title": "Huge", "rating": "150"])
        try fixtures.tone("half.flac", frequency: 400, tags: ["title": "Half", "fmps_rating": "0.5"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = Dictionary(uniqueKeysWithValues: try library.songs().map { ($0.title, $0.id) })
        #expect(try library.statistics(of: try #require(songs["Huge"]))?.rating == nil)
        #expect(try library.statistics(of: try #require(songs["Half"]))?.rating == 3)  // 2.5 stars
    }

    @Test func songsAlreadyIndexedBeforeVersion3AreDatedByTheirFileTime() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.tone("old.flac", tags: ["title": "Old"])
        let fileTime = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: fileTime], ofItemAtPath: path)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.songs().first?.id)
        // Make the index a version 2 one: no statistics.
        let database = try SQLiteConnection(path: library.databasePath)
        try database.execute(
            """
            DROP TRIGGER play_stats_insert; DROP TRIGGER play_stats_rating_tag; DROP TRIGGER play_stats_delete;
            DROP TABLE play_stats; DROP TABLE uri_stats; PRAGMA user_version = 2;
            """)
        let migrated = try fixtures.library()
        let statistics = try #require(try migrated.statistics(of: id))
        #expect(statistics.dateAdded == fileTime)
        #expect(statistics.playCount == 0 && statistics.lastPlayed == nil)
        #expect(try database.query("PRAGMA user_version") { $0.int64(0) }.first == LibrarySchema.version)
    }

    private func retag(_ path: String, rating: String, fixtures: Fixtures) throws {
        let copy = fixtures.root + "/retag.flac"
        try fixtures.ffmpeg(["-i", path, "-c", "copy", "-metadata", "rating=\(rating)", copy])
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: copy, toPath: path)
    }
}
