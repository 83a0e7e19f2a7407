import Foundation
import MediaModel

/// The writing side of a scan, on the scan's calling thread: applies results in batched transactions, so that a
/// kill at any moment leaves a consistent index and the next scan goes on from what was committed (B-F3).
final class ScanWriter {
    let database: SQLiteConnection
    private let scanID: Int64
    private var inTransaction = false
    private var pendingWrites = 0
    private var lastCommit = Date()
    /// The first song inserted since search last indexed new songs.
    private var firstUnindexedID: Int64?
    /// Songs whose picture another reader was still thumbnailing, by hash.
    private var waitingForArtwork: [String: [Int64]] = [:]

    private let updateStatement: SQLiteStatement
    /// The statements that keep a song's genre and composer rows (`LibrarySchema.valueTables`).
    private let valueStatements: [(delete: SQLiteStatement, insert: SQLiteStatement)]

    init(databasePath: String) throws(SQLiteError) {
        database = try SQLiteConnection(path: databasePath)
        _ = try database.prepare(Self.upsertSQL)
        updateStatement = try database.prepare(Self.updateSQL)
        valueStatements = [
            (
                try database.prepare("DELETE FROM item_genres WHERE item_id = ?"),
                try database.prepare("INSERT INTO item_genres(item_id, genre) VALUES (?, ?)")
            ),
            (
                try database.prepare("DELETE FROM item_composers WHERE item_id = ?"),
                try database.prepare("INSERT INTO item_composers(item_id, composer) VALUES (?, ?)")
            ),
        ]
        try database.execute("PRAGMA synchronous = NORMAL")
        // A song's insert fires triggers, so SQLite keeps a statement journal of the pages it changes, to undo the
        // statement alone should it fail; past 64 KiB that journal goes to a temporary file (an open, twenty-odd
        // writes and a delete for each song). In memory it costs a few pages of memory and none of that.
        try database.execute("PRAGMA temp_store = MEMORY")
        // Fewer, larger checkpoints while a scan writes many rows; the write-ahead log is folded back at the end.
        try database.execute("PRAGMA wal_autocheckpoint = 8000")
        scanID = (try database.query("SELECT COALESCE(MAX(scan_id), 0) + 1 FROM items") { $0.int64(0) }).first ?? 1
    }

    func artworkHashes() throws(SQLiteError) -> Set<String> {
        Set(try database.query("SELECT hash FROM artwork") { $0.text(0) })
    }

    func begin() throws(SQLiteError) {
        guard !inTransaction else { return }
        try database.execute("BEGIN IMMEDIATE")
        inTransaction = true
        lastCommit = Date()
    }

    /// Commits when enough has been written (or `force`), and opens the next transaction unless forced.
    func commitIfDue(force: Bool) throws(SQLiteError) {
        guard inTransaction else { return }
        guard force || pendingWrites >= 500 || Date().timeIntervalSince(lastCommit) > 1 else { return }
        try indexNewSongs()
        try database.execute("COMMIT")
        inTransaction = false
        pendingWrites = 0
        if !force { try begin() }
    }

    /// Writes one result; returns how many audio files it accounts for (for progress).
    func apply(_ result: ScanResult, summary: inout ScanSummary) throws(SQLiteError) -> Int {
        try begin()
        pendingWrites += 1
        switch result {
        case .unchanged(let count):
            summary.unchanged += count
            return count
        case .item(let job, let info, let contentKey, let artwork, let embedded, let warning):
            let artworkID = try store(artwork)
            if let warning { summary.warnings.append(warning) }
            if let cue = job.cue ?? embeddedCue(of: job, info: info) {
                let written = CueWrite(
                    cue: cue, job: job, info: info, contentKey: contentKey, artworkID: artworkID, embedded: embedded)
                try writeTracks(written, artwork: artwork, summary: &summary)
                return 1
            }
            for id in job.cueTrackIDs.values {
                // The file's cue sheet is gone: the file is one song again.
                try database.run("DELETE FROM items WHERE id = ?", [.integer(id)])
                summary.removed += 1
            }
            let (id, inserted) = try write(
                job: job, info: info, contentKey: contentKey, artworkID: artworkID, embedded: embedded)
            try writeValueRows(of: id, genres: info.genres, composers: info.composers, isNew: inserted)
            if let artwork, artworkID == nil { waitingForArtwork[artwork.hash, default: []].append(id) }
            if job.hadProblem { try database.run("DELETE FROM problems WHERE path = ?", [.blob(job.path.bytes)]) }
            if inserted { summary.added += 1 } else { summary.updated += 1 }
            return 1
        case .artwork(let job, let artwork):
            guard let id = job.existingID else { return 1 }
            let artworkID = try store(artwork)
            try database.run(
                "UPDATE items SET artwork_id = ?, cover_path = ?, cover_sig = ? WHERE id = ?",
                [
                    .optional(artworkID), job.cover.map { .blob($0.path.bytes) } ?? .null,
                    .text(job.cover?.signature ?? ""), .integer(id),
                ])
            if let artwork, artworkID == nil { waitingForArtwork[artwork.hash, default: []].append(id) }
            summary.updated += 1
            return 1
        case .problem(let job, let problem):
            try database.run(
                "INSERT OR REPLACE INTO problems(path, dir, size, mtime, kind, detail) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .blob(job.path.bytes), .blob(job.directory.bytes), .integer(job.size), .integer(job.mtime),
                    .text(problem.reason.kind), .text(problem.reason.detail),
                ])
            // The file's song, or the tracks its cue sheet made of it, go with it.
            for id in [job.existingID].compactMap({ $0 }) + Array(job.cueTrackIDs.values) {
                try database.run("DELETE FROM items WHERE id = ?", [.integer(id)])
                summary.removed += 1
            }
            summary.unreadable.append(problem)
            return 1
        case .knownProblem(let problem):
            summary.unreadable.append(problem)
            return 1
        case .forgetProblem(let path):
            try database.run("DELETE FROM problems WHERE path = ?", [.blob(path.bytes)])
            return 0
        case .finished, .readersDone:
            return 0
        }
    }

    /// Matches songs that vanished with songs that appeared with the same content (they keep their ids), removes
    /// the rest, forgets folders that are gone, and rebuilds the album and artist lists when anything changed.
    func finish(
        _ finish: ScanProducer.Finish, roots: [LibraryPath], visited: Set<[UInt8]>, unreachable: [LibraryPath],
        summary: inout ScanSummary
    )
        throws
    {
        try begin()
        try indexNewSongs()  // the delete trigger below expects every song it removes to be in the search index
        var missing = finish.missing
        if finish.failure == nil {
            let directories = try database.query("SELECT DISTINCT dir FROM items") { LibraryPath(bytes: $0.blob(0)) }
            for directory in directories
            where !visited.contains(directory.bytes) && roots.contains(where: directory.isInside)
                && !unreachable.contains(where: directory.isInside)
            {
                missing += try database.query(
                    "SELECT id, size, content_key FROM items WHERE dir = ?", [.blob(directory.bytes)]
                ) {
                    ScanProducer.Missing(id: $0.int64(0), size: $0.int64(1), contentKey: $0.text(2))
                }
                try database.run("DELETE FROM problems WHERE dir = ?", [.blob(directory.bytes)])
            }
        }
        // Songs this scan inserted, by size and content key: where one of them matches a missing song, the file
        // moved, and the missing song's id is kept. One pass over the table, only when something is missing.
        var arrivalsByContent: [String: [Int64]] = [:]
        if !missing.isEmpty {
            for (key, id) in try database.query(
                "SELECT size, content_key, id FROM items WHERE scan_id = ?", [.integer(scanID)],
                row: { ("\($0.int64(0)):\($0.text(1))", $0.int64(2)) })
            {
                arrivalsByContent[key, default: []].append(id)
            }
        }
        for song in missing {
            // Another writer may have removed the song since this scan read it: nothing is left to match or remove.
            guard try exists(song.id) else { continue }
            let key = "\(song.size):\(song.contentKey)"
            let arrivalID = arrivalsByContent[key]?.popLast()
            if let arrivalID {
                // The moved song takes everything the file now says (it may have been retagged on the way) and
                // keeps its id: copy the new row's columns onto the old one, then drop the new row.
                let columns = Self.columns.dropLast().joined(separator: ", ")
                let values =
                    try database.query("SELECT \(columns) FROM items WHERE id = ?", [.integer(arrivalID)]) {
                        row in (0..<Int32(Self.columns.count - 1)).map { row.value($0) }
                    }.first ?? []
                try database.run("DELETE FROM items WHERE id = ?", [.integer(arrivalID)])
                try updateStatement.run(values + [.integer(song.id)])
                let lists = try database.query("SELECT genres, composers FROM items WHERE id = ?", [.integer(song.id)])
                {
                    (LibrarySchema.values($0.optionalText(0)) ?? [], LibrarySchema.values($0.optionalText(1)) ?? [])
                }
                if let (genres, composers) = lists.first {
                    try writeValueRows(of: song.id, genres: genres, composers: composers, isNew: false)
                }
                summary.added -= 1
                summary.moved += 1
            } else {
                try database.run("DELETE FROM items WHERE id = ?", [.integer(song.id)])
                summary.removed += 1
            }
        }
        if let failure = finish.failure { throw ScanFailure(message: failure) }
        if summary.changedIndex { try database.execute(LibrarySchema.rebuildAggregates) }
        try commitIfDue(force: true)
    }

    /// Writes the genre and composer rows of a song written (`isNew`: it had none).
    func writeValueRows(of id: Int64, info: AudioFileInfo, isNew: Bool) throws(SQLiteError) {
        try writeValueRows(of: id, genres: info.genres, composers: info.composers, isNew: isNew)
    }

    /// Waits for a picture another reader is still thumbnailing, to give it to song `id`.
    func awaitArtwork(_ artwork: ArtworkPayload?, artworkID: Int64?, for id: Int64) {
        if let artwork, artworkID == nil { waitingForArtwork[artwork.hash, default: []].append(id) }
    }

    /// Replaces the genre and composer rows of song `id` (a new song has none to remove).
    private func writeValueRows(of id: Int64, genres: [String], composers: [String], isNew: Bool)
        throws(SQLiteError)
    {
        for (statements, values) in zip(valueStatements, [genres, composers]) {
            if !isNew { try statements.delete.run([.integer(id)]) }
            for value in values where !value.isEmpty { try statements.insert.run([.integer(id), .text(value)]) }
        }
    }

    /// Whether the index still holds the song with id `id`.
    private func exists(_ id: Int64) throws(SQLiteError) -> Bool {
        try !database.query("SELECT 1 FROM items WHERE id = ?", [.integer(id)]) { _ in true }.isEmpty
    }

    /// Adds the songs inserted in this transaction to the search index, in one statement.
    private func indexNewSongs() throws(SQLiteError) {
        guard let first = firstUnindexedID else { return }
        try database.run(LibrarySchema.indexNewSongs, [.integer(first)])
        firstUnindexedID = nil
    }

    private func store(_ artwork: ArtworkPayload?) throws(SQLiteError) -> Int64? {
        guard let artwork else { return nil }
        if let thumbnail = artwork.thumbnail {
            try database.run(
                "INSERT OR IGNORE INTO artwork(hash, thumbnail, width, height) VALUES (?, ?, ?, ?)",
                [
                    .text(artwork.hash), .blob(thumbnail.jpeg), .integer(Int64(thumbnail.width)),
                    .integer(Int64(thumbnail.height)),
                ])
        }
        let id = try database.query("SELECT id FROM artwork WHERE hash = ?", [.text(artwork.hash)]) { $0.int64(0) }
            .first
        if let id, let waiting = waitingForArtwork.removeValue(forKey: artwork.hash) {
            for song in waiting {
                try database.run("UPDATE items SET artwork_id = ? WHERE id = ?", [.integer(id), .integer(song)])
            }
        }
        return id
    }

    private static let columns = [
        "path", "dir", "size", "mtime", "content_key", "title", "artist", "album", "album_artist", "genre", "year",
        "track",
        "disc", "disc_sort", "duration", "codec", "sample_rate", "channels", "bit_rate", "rg_track_gain",
        "rg_track_peak",
        "rg_album_gain", "rg_album_peak", "embedded_art", "cover_path", "cover_sig", "artwork_id", "artist_key",
        "album_sort", "album_key", "title_key", "composer", "compilation", "title_sort_name", "artist_sort_name",
        "album_sort_name", "album_artist_sort_name", "composer_sort_name", "bpm", "comment", "mb_track_id",
        "mb_album_id", "mb_artist_id", "rating", "album_artist_key", "search_keys", "lyrics_sig", "lyrics", "artists",
        "album_artists", "genres", "composers", "original_year", "cue_file", "cue_start", "cue_end", "cue_sig",
        "scan_id",
    ]
    /// Inserts a song, or — when the index has a song at its path already (written by another scan since this one
    /// compared the folder) — updates that one, which keeps its id and the scan that brought it.
    private static let upsertSQL =
        "INSERT INTO items(\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        + " ON CONFLICT(path) DO UPDATE SET "
        + columns.dropFirst().dropLast().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    private static let updateSQL =
        "UPDATE items SET \(columns.dropLast().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    /// Writes a song read from its file (or a track of it, at `path`, in `segment` of the file, when its cue sheet
    /// has the signature `cueSignature`): returns its id, and whether it is new to the index. Each text is held to its
    /// bound (`TagTextLimit`) here, whatever the reader gave.
    func write(
        job: ScanJob, info: AudioFileInfo, contentKey: String, artworkID: Int64?, embedded: Bool,
        track: (path: LibraryPath, segment: SongSegment, cueSignature: String)? = nil
    ) throws(SQLiteError) -> (id: Int64, inserted: Bool) {
        var info = info
        info.limitText()
        let path = track?.path ?? job.path
        let title = info.title ?? job.path.stem
        let values: [SQLiteValue] = [
            .blob(path.bytes), .blob(job.directory.bytes), .integer(job.size), .integer(job.mtime),
            .text(contentKey),
            .text(title), .optional(info.artist), .optional(info.album), .optional(info.albumArtist),
            .optional(info.genre),
            .optional(info.year), .optional(info.trackNumber), .optional(info.discNumber),
            .integer(Int64(info.discNumber ?? 1)), .real(info.duration), .text(info.codec),
            .integer(Int64(info.sampleRate)), .integer(Int64(info.channels)), .integer(Int64(info.bitRate)),
            .optional(info.replayGain.trackGain), .optional(info.replayGain.trackPeak),
            .optional(info.replayGain.albumGain), .optional(info.replayGain.albumPeak),
            .integer(embedded ? 1 : 0), embedded ? .null : job.cover.map { .blob($0.path.bytes) } ?? .null,
            .text(embedded ? "" : job.cover?.signature ?? ""), .optional(artworkID),
            .text(LibrarySchema.sortKey(info.artist, sortName: info.sortNames.artist)),
            .text(LibrarySchema.sortKey(info.album, sortName: info.sortNames.album)),
            .text(
                TextFolding.albumKey(
                    album: info.album, albumArtist: info.albumArtist, artist: info.artist,
                    isCompilation: info.isCompilation)),
            .text(TextFolding.sortKey(info.sortNames.title ?? title)),
            .optional(info.composer), .integer(info.isCompilation ? 1 : 0), .optional(info.sortNames.title),
            .optional(info.sortNames.artist), .optional(info.sortNames.album), .optional(info.sortNames.albumArtist),
            .optional(info.sortNames.composer), .optional(info.beatsPerMinute), .optional(info.comment),
            .optional(info.musicBrainzIDs.track), .optional(info.musicBrainzIDs.album),
            .optional(info.musicBrainzIDs.artist), .optional(info.rating),
            .text(
                LibrarySchema.albumArtistKey(
                    albumArtist: info.albumArtist, artist: info.artist, sortNames: info.sortNames)),
            .text(
                LibrarySchema.searchKeys(
                    title: title, artist: info.artist, album: info.album, albumArtist: info.albumArtist,
                    genre: info.genre, composer: info.composer)),
            .text(job.lyricsSignature), .optional(info.lyrics), .optional(LibrarySchema.joinedValues(info.artists)),
            .optional(LibrarySchema.joinedValues(info.albumArtists)),
            .optional(LibrarySchema.joinedValues(info.genres)),
            .optional(LibrarySchema.joinedValues(info.composers)), .optional(info.originalYear),
            track.map { .blob($0.segment.file.bytes) } ?? .null, .optional(track?.segment.start),
            .optional(track?.segment.end), .optional(track?.cueSignature), .integer(scanID),
        ]
        if let id = track == nil ? job.existingID : job.cueTrackIDs[path] {
            // scan_id stays as it was: only rows inserted by this scan may be taken as a moved song's new place.
            try updateStatement.run(values.dropLast() + [.integer(id)])
            if database.changes > 0 { return (id, false) }
            // Another writer removed the song since this scan read it: it goes in again below.
        }
        // An insert sets the connection's last rowid to the new row's (ids start at 1); an update of the row at this
        // path leaves it at 0.
        database.lastInsertRowID = 0
        try database.run(Self.upsertSQL, values)
        if database.lastInsertRowID != 0 {
            let id = database.lastInsertRowID
            if firstUnindexedID == nil { firstUnindexedID = id }
            return (id, true)
        }
        let id = try database.query("SELECT id FROM items WHERE path = ?", [.blob(path.bytes)]) { $0.int64(0) }
        guard let id = id.first else { preconditionFailure("the row an upsert updated is there") }
        return (id, false)
    }
}
