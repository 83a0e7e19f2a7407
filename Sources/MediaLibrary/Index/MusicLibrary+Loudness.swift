import Foundation
import MediaModel

/// The loudness the analysis measures, kept in the index only (never written to the files): per song its integrated
/// loudness, true peak and gating blocks, per album the loudness of all its songs' blocks together
/// (`LibrarySchema.version7Columns`). A measurement is of the file as it was (its `content_key`): a file changed
/// since is measured again.
///
/// Writes go through the library's read connection, a song at a time, so a kill loses at most the song being
/// measured. Safe from any thread; never call them on a window's main thread.
extension MusicLibrary {
    /// A song still to be measured.
    public struct LoudnessJob: Sendable, Equatable {
        public var id: Int64
        public var path: LibraryPath
        /// The file as the index saw it; the measurement is kept only while it is still that file.
        public var contentKey: String
        /// Where the song lies in a longer file, for a track of a cue sheet.
        public var segment: SongSegment?

        /// The file to decode.
        public var audioFile: LibraryPath { segment?.file ?? path }
    }

    /// How many songs are measured, of how many.
    public struct LoudnessProgress: Sendable, Equatable {
        public var measured: Int
        public var total: Int
        public var remaining: Int { max(0, total - measured) }

        public init(measured: Int, total: Int) {
            self.measured = measured
            self.total = total
        }
    }

    /// Up to `limit` songs not measured yet (or changed since), those without ReplayGain tags first, then in the
    /// order they were added.
    public func songsToMeasure(limit: Int) throws -> [LoudnessJob] {
        try reader.withLock { database in
            try database.query(
                """
                SELECT id, path, content_key, cue_file, cue_start, cue_end FROM items
                WHERE loudness_key IS NOT content_key ORDER BY rg_track_gain IS NOT NULL, id LIMIT ?
                """, [.integer(Int64(max(0, limit)))]
            ) { row in
                LoudnessJob(
                    id: row.int64(0), path: LibraryPath(bytes: row.blob(1)), contentKey: row.text(2),
                    segment: row.optionalBlob(3).map {
                        SongSegment(
                            file: LibraryPath(bytes: $0), start: row.optionalInt(4) ?? 0, end: row.optionalInt(5))
                    })
            }
        }
    }

    /// How far the analysis is.
    public func loudnessProgress() throws -> LoudnessProgress {
        try reader.withLock { database in
            try database.query("SELECT COUNT(*), COALESCE(SUM(loudness_key IS content_key), 0) FROM items") {
                LoudnessProgress(measured: Int($0.int64(1)), total: Int($0.int64(0)))
            }.first ?? LoudnessProgress(measured: 0, total: 0)
        }
    }

    /// Keeps what `job`'s song measured: its integrated loudness (nil: silent), true peak and blocks; all nil when
    /// the file could not be measured (it is then not tried again until it changes). Nothing is kept when the
    /// file changed since the job was made.
    /// - Throws: `SQLiteError` when the index cannot be written.
    public func saveLoudness(
        of job: LoudnessJob, integrated: Double?, truePeak: Double?, histogram: LoudnessHistogram?
    ) throws {
        precondition(!isReadOnly, "a library opened read-only cannot keep measurements")
        try reader.withLock { database in
            try database.transaction {
                try database.run(
                    "UPDATE items SET loudness = ?, true_peak = ?, loudness_key = ? WHERE id = ? AND content_key = ?",
                    [
                        .optional(integrated), .optional(truePeak), .text(job.contentKey), .integer(job.id),
                        .text(job.contentKey),
                    ])
                guard database.changes > 0 else { return }
                if let histogram {
                    try database.run(
                        "INSERT OR REPLACE INTO loudness_blocks(item_id, blocks) VALUES (?, ?)",
                        [.integer(job.id), .blob(histogram.bytes)])
                } else {
                    try database.run("DELETE FROM loudness_blocks WHERE item_id = ?", [.integer(job.id)])
                }
            }
        }
    }

    /// Measures each album again from its songs' blocks: every song of an album whose songs are all measured gets
    /// the album's integrated loudness and true peak; the songs of other albums get none. Writes only what changed.
    /// Reads the index's albums a page at a time.
    /// - Returns: how many songs' album values changed.
    /// - Throws: `SQLiteError` when the index cannot be read or written.
    @discardableResult
    public func refreshAlbumLoudness() throws -> Int {
        precondition(!isReadOnly, "a library opened read-only cannot keep measurements")
        var changed = 0
        var after = ""
        while true {
            let keys = try reader.withLock { database in
                try database.query(
                    "SELECT DISTINCT album_key FROM items WHERE album_key > ? ORDER BY album_key LIMIT 200",
                    [.text(after)]
                ) { $0.text(0) }
            }
            guard let last = keys.last else { return changed }
            after = last
            for key in keys { changed += try refreshAlbumLoudness(key: key) }
        }
    }

    /// Measures the album `key` again (see `refreshAlbumLoudness()`).
    private func refreshAlbumLoudness(key: String) throws -> Int {
        try reader.withLock { database in
            let songs = try database.query(
                """
                SELECT items.loudness_key IS items.content_key, items.true_peak, loudness_blocks.blocks,
                    items.album_loudness, items.album_peak
                FROM items LEFT JOIN loudness_blocks ON loudness_blocks.item_id = items.id WHERE items.album_key = ?
                """, [.text(key)]
            ) {
                (
                    measured: $0.int64(0) != 0, peak: $0.optionalDouble(1),
                    blocks: $0.optionalBlob(2).flatMap(LoudnessHistogram.init(bytes:)),
                    album: $0.optionalDouble(3), albumPeak: $0.optionalDouble(4)
                )
            }
            var album: (loudness: Double?, peak: Double?) = (nil, nil)
            if songs.allSatisfy(\.measured) {
                album.loudness = LoudnessHistogram.integrated(songs.compactMap(\.blocks))
                album.peak = songs.compactMap(\.peak).max()
            }
            guard songs.contains(where: { $0.album != album.loudness || $0.albumPeak != album.peak }) else { return 0 }
            try database.run(
                "UPDATE items SET album_loudness = ?, album_peak = ? WHERE album_key = ?",
                [.optional(album.loudness), .optional(album.peak), .text(key)])
            return database.changes
        }
    }
}
