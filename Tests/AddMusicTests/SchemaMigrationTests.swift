import Foundation
import MediaModel
import Testing

@testable import MediaLibrary

/// An index made by version 1 of the schema is brought up to date when a library opens it for writing: every song
/// keeps its id, search and the A–Z order work at once, and the new tags fill in on the next scan.
@Suite struct SchemaMigrationTests {
    @Test func aVersionOneIndexKeepsItsIdsAndFillsInTheNewTagsOnTheNextScan() throws {
        let fixtures = try Fixtures()
        let first = try fixtures.tone(
            "A/1.flac", frequency: 300,
            tags: ["title": "Øresund", "artist": "The Band", "album": "Bridges", "composer": "Someone"])
        let second = try fixtures.tone(
            "A/2.flac", frequency: 400,
            tags: ["title": "雪の街", "artist": "Crowd", "album": "Bridges", "COMPILATION": "1", "BPM": "99"])
        let database = fixtures.root + "/data/library.sqlite"
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/data", withIntermediateDirectories: true)
        try VersionOneIndex.create(at: database)
        // Ids with gaps, as a version 1 index has after removals, and the files' real sizes and times.
        let ids: [String: Int64] = ["Øresund": 41, "雪の街": 7]
        for (path, title, artist) in [(first, "Øresund", "The Band"), (second, "雪の街", "Crowd")] {
            let status = try FileManager.default.attributesOfItem(atPath: path)
            let size = (status[.size] as? NSNumber)?.int64Value ?? 0
            let mtime = Int64(((status[.modificationDate] as? Date) ?? Date()).timeIntervalSince1970)
            try VersionOneIndex.addSong(
                at: database, id: ids[title]!, file: path, title: title, artist: artist, album: "Bridges", size: size,
                mtime: mtime)
        }

        let library = try MusicLibrary(databasePath: database)
        let version = try SQLiteConnection(path: database).query("PRAGMA user_version") { $0.int64(0) }.first
        #expect(version == LibrarySchema.version)
        // Before any scan: the same ids, found by the new search, in the new A–Z order ("The Band" under B).
        #expect(try library.songs().map(\.id) == [ids["Øresund"], ids["雪の街"]])
        #expect(try library.search("oresund").map(\.id) == [ids["Øresund"]])
        #expect(try library.search("街").map(\.id) == [ids["雪の街"]])
        #expect(try library.item(id: ids["Øresund"]!)?.composer == nil)

        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.updated == 2 && summary.added == 0 && summary.removed == 0)
        let songs = try library.songs()
        #expect(songs.map(\.id) == [ids["Øresund"], ids["雪の街"]])
        #expect(songs.first { $0.id == ids["Øresund"] }?.composer == "Someone")
        #expect(songs.first { $0.id == ids["雪の街"] }?.isCompilation == true)
        #expect(songs.first { $0.id == ids["雪の街"] }?.beatsPerMinute == 99)
        #expect(try library.search("someone").map(\.id) == [ids["Øresund"]])
        #expect(try library.checkIntegrity())
        // Once read again, the songs are left alone by the next scan.
        #expect(try library.scan(roots: fixtures.roots).unchanged == 2)
    }

    /// An index whose library order has the sort keys alone (as the scan made it before) has it made anew with each
    /// song's id, year and length when opened for writing, the songs in the same order.
    @Test func anIndexOfTheSortKeysAloneGetsTheYearAndLengthInItsSongOrder() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("A/1.flac", tags: ["title": "Second", "artist": "Band", "track": "2"])
        try fixtures.tone("A/2.flac", tags: ["title": "First", "artist": "Band", "track": "1"])
        let database = fixtures.root + "/data/library.sqlite"
        _ = try MusicLibrary(databasePath: database).scan(roots: fixtures.roots)
        let older = try SQLiteConnection(path: database)
        try older.execute(
            "DROP INDEX items_song_order; "
                + "CREATE INDEX items_song_order ON items(artist_key, album_sort, disc_sort, track, title_key)")
        let columns = { try older.query("SELECT name FROM pragma_index_info('items_song_order')") { $0.text(0) } }
        #expect(try columns().count == 5)
        // Only read, it is left as it is, and a smart playlist of the genre and the year looks its songs up by id.
        let rules = SmartRules(rules: [SmartRule(.genre, .is, .text("x")), SmartRule(.year, .atLeast, .number(1))])
        let reading = try MusicLibrary(databasePath: database, readOnly: true)
        #expect(try reading.explainPlan(for: rules).first == "SEARCH items USING INTEGER PRIMARY KEY (rowid=?)")

        let library = try MusicLibrary(databasePath: database)
        #expect(
            try columns() == ["artist_key", "album_sort", "disc_sort", "track", "title_key", "id", "year", "duration"])
        #expect(try library.songs().map(\.title) == ["First", "Second"])
        #expect(try library.explainPlan(for: rules).first == "SCAN items USING COVERING INDEX items_song_order")
        #expect(try library.checkIntegrity())
    }

    /// An index written before tags were bounded keeps 50 MB of lyrics or a title of megabytes: opened for writing,
    /// it is cut to the bounds at once, and the songs cut are read again by the next scan.
    @Test func aVersionFourIndexHasTheTextItKeptCutToItsBounds() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("A/1.flac", tags: ["title": "Short", "artist": "Band"])
        let database = fixtures.root + "/data/library.sqlite"
        _ = try MusicLibrary(databasePath: database).scan(roots: fixtures.roots)
        let older = try SQLiteConnection(path: database)
        let lyrics = String(repeating: "[00:01.00]é line\n", count: 100_000)  // 1.7 MB
        let title = String(repeating: "街", count: 3_000)  // 9,000 bytes
        try older.run("UPDATE items SET lyrics = ?, title = ?", [.text(lyrics), .text(title)])
        try older.execute("PRAGMA user_version = 4")

        let library = try MusicLibrary(databasePath: database)
        let song = try #require(try library.songs().first)
        #expect(song.title.utf8.count <= TagTextLimit.name && song.title.utf8.count > TagTextLimit.name - 3)
        #expect(song.title.unicodeScalars.allSatisfy { $0 == "街" })
        let kept = try older.query("SELECT length(CAST(lyrics AS BLOB)), mtime FROM items") {
            ($0.int64(0), $0.int64(1))
        }
        #expect(kept.first?.0 ?? .max <= Int64(TagTextLimit.lyrics) && kept.first?.1 == -1)
        #expect(try older.query("PRAGMA user_version") { $0.int64(0) }.first == LibrarySchema.version)
        // Read again by the next scan, with its own title back.
        #expect(try library.scan(roots: fixtures.roots).updated == 1)
        #expect(try library.songs().map(\.title) == ["Short"])
        #expect(try library.checkIntegrity())
    }

    @Test func aVersionOneIndexOpenedOnlyForReadingIsRefusedWithAReason() throws {
        let fixtures = try Fixtures()
        try FileManager.default.createDirectory(atPath: fixtures.root + "/data", withIntermediateDirectories: true)
        let database = fixtures.root + "/data/library.sqlite"
        try VersionOneIndex.create(at: database)
        #expect {
            try MusicLibrary(databasePath: database, readOnly: true)
        } throws: { error in
            (error as? SQLiteError)?.isOlderSchema == true
        }
    }

    @Test func listingAVersionOneIndexOnTheCommandLineBringsItUpToDate() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.tone("song.flac", tags: ["title": "Straße"])
        let folder = fixtures.root + "/data-home/addmusic"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try VersionOneIndex.create(at: folder + "/library.sqlite")
        try VersionOneIndex.addSong(
            at: folder + "/library.sqlite", id: 12, file: path, title: "Straße", artist: nil, album: nil, size: 1,
            mtime: 1)
        let listed = try Fixtures.run(
            Fixtures.addmusic, ["library", "search", "strasse", "--json"], environment: fixtures.environment())
        #expect(listed.status == 0, "\(listed.errorOutput)")
        let songs = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]]
        #expect(songs?.map { $0["id"] as? Int } == [12])
    }

    @Test func twoLibrariesOpeningAVersionOneIndexAtOnceMigrateItOnce() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.tone("song.flac", tags: ["title": "Song"])
        try FileManager.default.createDirectory(atPath: fixtures.root + "/data", withIntermediateDirectories: true)
        let database = fixtures.root + "/data/library.sqlite"
        try VersionOneIndex.create(at: database)
        try VersionOneIndex.addSong(
            at: database, id: 5, file: path, title: "Song", artist: nil, album: nil, size: 1, mtime: 1)
        let failures = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let library = try MusicLibrary(databasePath: database)
                _ = try library.songs()
            } catch {
                failures.withLock { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try MusicLibrary(databasePath: database).songs().map(\.id) == [5])
    }
}
