import CSQLite
import Foundation
import MediaModel
import Synchronization

/// The music library index: scans folders into a SQLite database and answers the picker's queries, page by page.
///
/// Thread-safe: queries may come from any thread; they share one read connection behind a lock and are short.
/// A scan writes through a connection of its own on the calling thread (WAL lets queries go on meanwhile). One scan
/// at a time writes an index, across threads and processes (`LibraryWriteLock`): another waits for it, or is told
/// it runs.
public final class MusicLibrary: Sendable {
    /// The database file.
    public let databasePath: String
    /// Whether this library only reads its index (`init(databasePath:readOnly:)`).
    public let isReadOnly: Bool
    let reader: Mutex<SQLiteConnection>

    /// Opens the index at `databasePath`, by default `$XDG_DATA_HOME/addmusic/library.sqlite`.
    ///
    /// For writing (the default) the database is created and set up when needed; what is set up already is left
    /// as it is. `readOnly` opens an existing index and writes nothing, not even beside it: an index the user may
    /// only read (a folder or a medium they cannot write to) can be listed and searched, but not scanned.
    /// - Throws: `SQLiteError` when the database cannot be opened, read or set up.
    public init(databasePath: String? = nil, readOnly: Bool = false) throws {
        let path = databasePath ?? MusicLibrary.defaultDatabasePath()
        self.databasePath = path
        isReadOnly = readOnly
        if !readOnly {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let setup = try SQLiteConnection(path: path)
            if try setup.query("PRAGMA journal_mode", row: { $0.text(0) }).first != "wal" { try Self.useWAL(setup) }
            let version = try setup.query("PRAGMA user_version") { $0.int64(0) }.first ?? 0
            if version < LibrarySchema.version {
                try setup.transaction {
                    // Again under the write lock: another process opening the index may have set it up meanwhile.
                    let version = try setup.query("PRAGMA user_version") { $0.int64(0) }.first ?? 0
                    guard version < LibrarySchema.version else { return }
                    if version == 1 { try LibraryMigration.fromVersion1(setup) }
                    if version == 2 || version == 3 { try LibraryMigration.compilationAlbumKeys(setup) }
                    if version >= 1 && version <= 4 { try LibraryMigration.boundTagText(setup) }
                    if version >= 1 && version <= 5 { try LibraryMigration.tagLists(setup) }
                    if version >= 1 && version <= 6 { try LibraryMigration.loudnessColumns(setup) }
                    if version >= 1 && version <= 7 { try LibraryMigration.cueColumns(setup) }
                    try setup.execute(LibrarySchema.create)
                    try setup.execute(LibrarySchema.cueIndex)
                    try setup.execute(StatisticsSchema.create)
                    try setup.execute(StatisticsSchema.fillExisting)
                    if version >= 1 && version <= 5 { try LibraryMigration.rereadEverySong(setup) }
                    try setup.execute("PRAGMA user_version = \(LibrarySchema.version)")
                }
            }
            // The queries' indexes: made once; while another process writes for long (a scan), left for a later
            // open rather than failing this one (the queries answer the same without them, slower).
            try? LibraryQueryIndexes.ensure(on: setup)
        }
        // A writable library's reader may write too: closing last, it folds the write-ahead log back into the file.
        let reader = readOnly ? try SQLiteConnection.openForReading(path: path) : try SQLiteConnection(path: path)
        if readOnly, try reader.query("PRAGMA user_version", row: { $0.int64(0) }).first ?? 0 < LibrarySchema.version {
            throw SQLiteError(
                code: SQLITE_SCHEMA,
                message: "the index was made by an older version and must be opened for writing once",
                operation: "open for reading", path: path)
        }
        // SQLite's own 2 MB of pages: the file's pages stay in the system's cache between reads anyway, and 8 MB here
        // held the window's peak memory 6 MB higher for no faster browsing or search (bench/picker 100000).
        try reader.execute("PRAGMA cache_size = -2000")
        try reader.registerFolding()  // for MediaQuery's predicates
        self.reader = Mutex(reader)
    }

    /// Switches a new database to WAL mode. Two processes opening a new database at once both try; SQLite answers
    /// one of them "busy" at once instead of waiting, so that one tries again (for up to ten seconds).
    private static func useWAL(_ setup: SQLiteConnection) throws(SQLiteError) {
        let deadline = Date(timeIntervalSinceNow: 10)
        while true {
            do throws(SQLiteError) {
                try setup.execute("PRAGMA journal_mode = WAL")
                return
            } catch {
                guard error.isBusy && Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// `$XDG_DATA_HOME/addmusic/library.sqlite` (`~/.local/share/…` when the variable is unset).
    public static func defaultDatabasePath() -> String {
        XDGDirectories.dataHome + "/addmusic/library.sqlite"
    }

    // MARK: Scanning

    /// Scans `roots` into the index on the calling thread and returns what changed.
    ///
    /// Unchanged files (same size and modification time) are not reopened; songs gone from under `roots` leave the
    /// index; songs elsewhere are left alone. `progress` is called on the calling thread about ten times a second.
    /// While another scan of this index runs, in this process or another, this one waits for it to end, or throws,
    /// as `ifBusy` says: waiting blocks the calling thread, so never scan on the main thread of a window.
    /// - Throws: `ScanAlreadyRunning` when another scan runs and `ifBusy` is `.fail`; `SQLiteError` when the index
    ///   cannot be written; `ScanFailure` when the walk broke off; `SystemCallError` when the lock file beside the
    ///   index cannot be opened.
    public func scan(
        roots: [LibraryPath], ifBusy: BusyPolicy = .wait(), progress: ((ScanProgress) -> Void)? = nil
    ) throws -> ScanSummary {
        precondition(!isReadOnly, "a library opened read-only cannot scan")
        let lock = try LibraryWriteLock(databasePath: databasePath, ifBusy: ifBusy)
        return try withExtendedLifetime(lock) {
            try LibraryScanner(databasePath: databasePath, roots: roots, progress: progress).run()
        }
    }

    /// Removes from the index every song under `root` (the demo library, once the user has music of their own).
    /// Waits, on the calling thread, while a scan writes the index.
    /// - Returns: how many songs were removed.
    /// - Throws: `SQLiteError` when the index cannot be written; `SystemCallError` when its lock file cannot be
    ///   opened.
    @discardableResult
    public func forgetSongs(under root: LibraryPath) throws -> Int {
        precondition(!isReadOnly, "a library opened read-only cannot forget songs")
        let (low, high) = Self.range(under: root)
        let lock = try LibraryWriteLock(databasePath: databasePath, ifBusy: .wait())
        let connection = try SQLiteConnection(path: databasePath)
        return try withExtendedLifetime(lock) {
            try connection.transaction {
                try connection.run("DELETE FROM items WHERE path > ? AND path < ?", [.blob(low), .blob(high)])
                let removed = connection.changes
                try connection.run("DELETE FROM problems WHERE path > ? AND path < ?", [.blob(low), .blob(high)])
                if removed > 0 { try connection.execute(LibrarySchema.rebuildAggregates) }
                return removed
            }
        }
    }

    /// The number of songs under `root`.
    public func songCount(under root: LibraryPath) throws -> Int {
        let (low, high) = Self.range(under: root)
        return try count("SELECT COUNT(*) FROM items WHERE path > ? AND path < ?", [.blob(low), .blob(high)])
    }

    /// Path bounds that enclose everything below `root`: "root/" < path < "root0" ("0" follows "/" in ASCII).
    static func range(under root: LibraryPath) -> ([UInt8], [UInt8]) {
        var base = root.bytes
        while base.count > 1 && base.last == UInt8(ascii: "/") { base.removeLast() }
        return (base + [UInt8(ascii: "/")], base + [UInt8(ascii: "0")])
    }

    // MARK: Songs

    /// The number of songs.
    public func songCount() throws -> Int { try count("SELECT COUNT(*) FROM items") }

    /// Songs sorted by artist, album, disc and track, `limit` of them from `offset`.
    public func songs(offset: Int = 0, limit: Int = 100) throws -> [MediaItem] {
        try items(
            "ORDER BY artist_key, album_sort, disc_sort, track, title_key LIMIT ? OFFSET ?",
            [.integer(Int64(limit)), .integer(Int64(offset))])
    }

    /// The songs of the album with key `albumID`, by disc and track.
    public func songs(ofAlbum albumID: String, offset: Int = 0, limit: Int = 1000) throws -> [MediaItem] {
        try items(
            "WHERE album_key = ? ORDER BY disc_sort, track, title_key LIMIT ? OFFSET ?",
            [.text(albumID), .integer(Int64(limit)), .integer(Int64(offset))])
    }

    /// The songs of the artist with key `artistID`, by album, disc and track.
    public func songs(ofArtist artistID: String, offset: Int = 0, limit: Int = 1000) throws -> [MediaItem] {
        try items(
            "WHERE artist_key = ? ORDER BY album_sort, disc_sort, track, title_key LIMIT ? OFFSET ?",
            [.text(artistID), .integer(Int64(limit)), .integer(Int64(offset))])
    }

    /// The song with persistent id `id`, if it is still in the library.
    public func item(id: Int64) throws -> MediaItem? {
        try items("WHERE id = ?", [.integer(id)]).first
    }

    /// The song whose file is at `path`, if the library holds it.
    /// The tracks of a cue sheet (B-I7) in their order: those of the `.cue` file at `path`, or those the library
    /// made of the audio file at `path`; none when it holds no such tracks.
    /// - Throws: `SQLiteError`.
    public func cueTracks(of path: LibraryPath) throws -> [MediaItem] {
        if path.pathExtension == "cue" {
            // Paths "SHEET/track0001"…: between "SHEET/" and "SHEET0" ('0' follows '/').
            let low = path.bytes + [UInt8(ascii: "/")], high = path.bytes + [UInt8(ascii: "0")]
            return try items(
                "WHERE items.path > ? AND items.path < ? ORDER BY items.path", [.blob(low), .blob(high)])
        }
        return try items("WHERE items.cue_file = ? ORDER BY items.cue_start", [.blob(path.bytes)])
    }

    public func item(atPath path: LibraryPath) throws -> MediaItem? {
        try items("WHERE items.path = ?", [.blob(path.bytes)]).first
    }

    /// The songs with the given persistent ids, in the given order; ids no longer in the library are left out.
    public func items(ids: [Int64]) throws -> [MediaItem] {
        var found: [Int64: MediaItem] = [:]
        found.reserveCapacity(ids.count)
        for chunk in stride(from: 0, to: ids.count, by: 500) {
            let part = ids[chunk..<min(ids.count, chunk + 500)]
            let marks = Array(repeating: "?", count: part.count).joined(separator: ",")
            for item in try items("WHERE id IN (\(marks))", part.map { .integer($0) }) { found[item.id] = item }
        }
        return ids.compactMap { found[$0] }
    }

    // MARK: Albums and artists

    /// The number of albums.
    public func albumCount() throws -> Int { try count("SELECT COUNT(*) FROM albums") }

    /// Albums sorted by artist, year and title.
    public func albums(offset: Int = 0, limit: Int = 100) throws -> [Album] {
        try reader.withLock { database in
            try database.query(
                "SELECT key, title, artist, year, track_count, artwork_id FROM albums ORDER BY artist_sort, year, title_sort LIMIT ? OFFSET ?",
                [.integer(Int64(limit)), .integer(Int64(offset))]
            ) {
                Album(
                    id: $0.text(0), title: $0.text(1), artist: $0.optionalText(2), year: $0.optionalInt(3),
                    trackCount: Int($0.int64(4)), artworkID: $0.optionalInt64(5))
            }
        }
    }

    /// The number of artists.
    public func artistCount() throws -> Int { try count("SELECT COUNT(*) FROM artists") }

    /// Artists sorted by name.
    public func artists(offset: Int = 0, limit: Int = 100) throws -> [Artist] {
        try reader.withLock { database in
            try database.query(
                "SELECT key, name, song_count, album_count FROM artists ORDER BY key LIMIT ? OFFSET ?",
                [.integer(Int64(limit)), .integer(Int64(offset))]
            ) { Artist(id: $0.text(0), name: $0.text(1), songCount: Int($0.int64(2)), albumCount: Int($0.int64(3))) }
        }
    }

    // MARK: Search

    /// Songs matching every word of `text` as a prefix of a word of their title, artist, album, album artist, genre
    /// or composer; case- and diacritics-insensitive, letters like "ø" and "ß" matched by their spelling in ASCII
    /// ("oresund", "strasse"), and CJK characters found inside a run of them ("街" finds "雪の街"); see
    /// `TextFolding.searchText`. ("beet sym" finds "Beethoven — Symphony No. 5".) Sorted like `songs`.
    public func search(_ text: String, offset: Int = 0, limit: Int = 100) throws -> [MediaItem] {
        guard let match = SearchQuery.match(for: text) else { return [] }
        let order = "ORDER BY artist_key, album_sort, disc_sort, track, title_key LIMIT ? OFFSET ?"
        let matching = "id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)"
        let page: [SQLiteValue] = [.text(match), .integer(Int64(limit)), .integer(Int64(offset))]
        // Many matches: walk the songs in order and keep those that match, stopping at the page's end. Few
        // matches: fetch them all and sort them. Each is slow where the other is quick; a short look at the match
        // list tells which case this is (the walk reads about (offset + limit) × songs / matches index entries,
        // the sort about three times as much work per match).
        let songs = try reader.withLock { database in
            try database.query("SELECT MAX(id) FROM items") { $0.int64(0) }.first ?? 0
        }
        let dense = Int(clamping: (Double(max(1, offset + limit)) * Double(songs) / 3).squareRoot())
        let isDense = try reader.withLock { database in
            try !database.query(
                "SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT 1 OFFSET ?",
                [.text(match), .integer(Int64(dense))]
            ) { _ in true }.isEmpty
        }
        if isDense { return try items("INDEXED BY items_song_order WHERE \(matching) \(order)", page) }
        // Sort the matches by their keys alone, then read the page's rows: sorting whole rows would carry every
        // match's columns (lyrics among them) through the sorter.
        let pageIDs = "SELECT id FROM items WHERE \(matching) \(order)"
        return try items("WHERE id IN (\(pageIDs)) ORDER BY artist_key, album_sort, disc_sort, track, title_key", page)
    }

    /// The number of songs `search(text)` finds.
    public func searchCount(_ text: String) throws -> Int {
        guard let match = SearchQuery.match(for: text) else { return 0 }
        return try count("SELECT COUNT(*) FROM items_fts WHERE items_fts MATCH ?", [.text(match)])
    }

    // MARK: Artwork and problems

    /// The JPEG thumbnail (at most 256 pixels a side) with id `artworkID`.
    public func thumbnail(artworkID: Int64) throws -> [UInt8]? {
        try reader.withLock { database in
            try database.query("SELECT thumbnail FROM artwork WHERE id = ?", [.integer(artworkID)]) { $0.blob(0) }.first
        }
    }

    /// The full-size picture of `item` (its embedded picture, else its folder's cover file), read now from disk.
    public func fullArtwork(for item: MediaItem) throws -> [UInt8]? {
        let source = try reader.withLock { database in
            try database.query("SELECT embedded_art, cover_path FROM items WHERE id = ?", [.integer(item.id)]) {
                ($0.int64(0) != 0, $0.isNull(1) ? nil : LibraryPath(bytes: $0.blob(1)))
            }.first
        }
        guard let (embedded, coverPath) = source else { return nil }
        if embedded { return try AudioFileReader.readPicture(item.audioFile)?.data }
        return coverPath.flatMap { DirectoryReader.contents(of: $0, limit: 256 * 1024 * 1024) }
    }

    /// The files the index knows it cannot use, with the reason recorded when they were last tried.
    public func problems() throws -> [ScanProblem] {
        try reader.withLock { database in
            try database.query("SELECT path, kind, detail FROM problems ORDER BY path") {
                ScanProblem(
                    path: LibraryPath(bytes: $0.blob(0)),
                    reason: ScanProblem.Reason(kind: $0.text(1), detail: $0.text(2)))
            }
        }
    }

    /// Runs `PRAGMA integrity_check`; true when SQLite finds the database sound.
    public func checkIntegrity() throws -> Bool {
        try reader.withLock { database in try database.query("PRAGMA integrity_check") { $0.text(0) } } == ["ok"]
    }

    // MARK: Helpers

    func items(_ clause: String, _ values: [SQLiteValue], fields: SongFields = .all) throws -> [MediaItem] {
        try reader.withLock { database in
            try database.query("SELECT \(fields.columns) FROM items \(clause)", values) { fields.item($0) }
        }
    }

    private func count(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
        try reader.withLock { database in try database.query(sql, values) { Int($0.int64(0)) }.first ?? 0 }
    }
}
