import MediaModel

/// The comparing side of a scan, on threads of its own: takes folders from the walk, lists each with sizes and
/// modification times, compares it with the index, and queues what must be read. Unchanged songs are counted, not
/// reopened (same size and modification time).
enum ScanProducer {
    /// A song of the index whose file was not found.
    struct Missing: Sendable {
        var id: Int64
        var size: Int64
        var contentKey: String
    }

    /// What the producer found when it ends.
    struct Finish: Sendable {
        var missing: [Missing]
        var failure: String?
    }

    private struct Known {
        var id: Int64
        var size: Int64
        var mtime: Int64
        var contentKey: String
        var embeddedArt: Bool
        var coverSignature: String
        var lyricsSignature: String
        /// For a track of a cue sheet: the audio file and the sheet's signature.
        var cueFile: LibraryPath?
        var cueSignature: String?
    }

    /// Takes folders from `directories` until it closes, queueing in `jobs` the files to read and in `results` what
    /// needs no reading; returns the index's songs not found and, if the index could not be read, why.
    static func run(
        databasePath: String, directories: BoundedQueue<LibraryPath>, jobs: BoundedQueue<ScanJob>,
        results: BoundedQueue<ScanResult>
    ) -> Finish {
        var missing: [Missing] = []
        do {
            let database = try SQLiteConnection(path: databasePath, readOnly: true)
            try database.execute("PRAGMA cache_size = -512")  // one folder's rows at a time: a small cache is enough
            while let directory = directories.take() {
                guard case .success(let entries) = DirectoryReader.entries(of: directory, statFiles: true) else {
                    continue
                }
                missing += try compare(
                    directory, entries: entries, database: database, jobs: jobs, results: results)
            }
        } catch {
            return Finish(missing: missing, failure: String(describing: error))
        }
        return Finish(missing: missing, failure: nil)
    }

    /// A file's recorded problem: its size and modification time then, and the reason.
    typealias RecordedProblem = (size: Int64, mtime: Int64, reason: ScanProblem.Reason)

    /// Compares one folder's `entries` with the index, queueing what must be read; returns the folder's songs in the
    /// index that are no longer there.
    private static func compare(
        _ directory: LibraryPath, entries: [DirectoryReader.Entry], database: SQLiteConnection,
        jobs: BoundedQueue<ScanJob>, results: BoundedQueue<ScanResult>
    ) throws -> [Missing] {
        var songs = try knownSongs(in: directory, database: database)
        var problems = try recordedProblems(in: directory, database: database)
        let cover = coverFile(in: directory, entries: entries)
        let lyricsFiles = lyricsFiles(in: directory, entries: entries)
        // The cue tracks the index holds, by their audio file.
        var cueTracks: [LibraryPath: [LibraryPath: Known]] = [:]
        for (path, song) in songs {
            guard let file = song.cueFile else { continue }
            cueTracks[file, default: [:]][path] = song
            songs[path] = nil
        }
        let (cues, sheetFailed) = CueFiles.find(
            in: directory, entries: entries, problems: &problems, results: results)
        var unchanged = 0
        for entry in entries {
            guard case .file(let size, let mtime) = entry.kind else { continue }
            let path = directory.appending(entry.name)
            guard AudioFileTypes.isAudio(path) else { continue }
            var job = ScanJob(
                path: path, directory: directory, size: size, mtime: mtime, existingID: nil, cover: cover,
                artworkOnly: false)
            let tracks = cueTracks.removeValue(forKey: path) ?? [:]
            if cues[path] == nil, sheetFailed, tracks.values.contains(where: { $0.cueSignature != ScanCue.embedded }) {
                // A sheet of the folder cannot be read now (mid-edit, renamed): its tracks stay as they are, ids and
                // statistics with them, until it reads again or is gone.
                unchanged += tracks.count
                continue
            }
            if cues[path] != nil || !tracks.isEmpty {
                // A file with a cue sheet: its tracks are its songs. Unchanged while the file and the sheet are.
                job.cue = cues[path]
                job.cueTrackIDs = tracks.mapValues(\.id)
                job.existingID = songs.removeValue(forKey: path)?.id
                let signature = job.cue?.signature ?? ScanCue.embedded
                if job.existingID == nil, tracks.count == job.cue?.tracks.count ?? tracks.count,
                    tracks.values.allSatisfy({
                        $0.size == size && $0.mtime == mtime && $0.cueSignature == signature
                    })
                {
                    unchanged += tracks.count
                    continue
                }
                job.hadProblem = problems.removeValue(forKey: path) != nil
                jobs.put(job)
                continue
            }
            if !lyricsFiles.isEmpty { job.lyricsSignature = lyricsFiles[LyricsFile.base(of: path)] ?? "" }
            if let song = songs.removeValue(forKey: path) {
                job.existingID = song.id
                if song.size == size && song.mtime == mtime && song.lyricsSignature == job.lyricsSignature {
                    if !song.embeddedArt && song.coverSignature != (cover?.signature ?? "") {
                        job.artworkOnly = true
                        jobs.put(job)
                    } else {
                        unchanged += 1
                    }
                    continue
                }
            } else if let (oldSize, oldMtime, reason) = problems.removeValue(forKey: path) {
                if oldSize == size && oldMtime == mtime {
                    results.put(.knownProblem(ScanProblem(path: path, reason: reason)))
                    continue
                }
                job.hadProblem = true
            }
            jobs.put(job)
        }
        for path in problems.keys { results.put(.forgetProblem(path)) }
        if unchanged > 0 { results.put(.unchanged(unchanged)) }
        return (Array(songs.values) + cueTracks.values.flatMap(\.values)).map {
            Missing(id: $0.id, size: $0.size, contentKey: $0.contentKey)
        }
    }

    /// The index's songs in `directory`, by path.
    private static func knownSongs(in directory: LibraryPath, database: SQLiteConnection) throws -> [LibraryPath:
        Known]
    {
        let known = try database.query(
            """
            SELECT path, id, size, mtime, content_key, embedded_art, cover_sig, lyrics_sig, cue_file, cue_sig
            FROM items WHERE dir = ?
            """,
            [.blob(directory.bytes)]
        ) { row in
            (
                LibraryPath(bytes: row.blob(0)),
                Known(
                    id: row.int64(1), size: row.int64(2), mtime: row.int64(3), contentKey: row.text(4),
                    embeddedArt: row.int64(5) != 0, coverSignature: row.text(6), lyricsSignature: row.text(7),
                    cueFile: row.optionalBlob(8).map(LibraryPath.init(bytes:)), cueSignature: row.optionalText(9))
            )
        }
        return Dictionary(known, uniquingKeysWith: { first, _ in first })
    }

    /// The problems the index records for files in `directory`, by path.
    private static func recordedProblems(in directory: LibraryPath, database: SQLiteConnection) throws
        -> [LibraryPath: RecordedProblem]
    {
        let recorded = try database.query(
            "SELECT path, size, mtime, kind, detail FROM problems WHERE dir = ?", [.blob(directory.bytes)]
        ) { row in
            (
                LibraryPath(bytes: row.blob(0)),
                (row.int64(1), row.int64(2), ScanProblem.Reason(kind: row.text(3), detail: row.text(4)))
            )
        }
        return Dictionary(recorded, uniquingKeysWith: { first, _ in first })
    }

    /// The signatures of a folder's lyrics files (size, time, name), by the path of the songs they belong to without
    /// its extension (`LyricsFile.base`); where both `.lrc` and `.LRC` exist, the one `LyricsFile` reads.
    private static func lyricsFiles(in directory: LibraryPath, entries: [DirectoryReader.Entry]) -> [[UInt8]: String] {
        var found: [[UInt8]: (rank: Int, signature: String)] = [:]
        for entry in entries {
            guard case .file(let size, let mtime) = entry.kind, entry.name.count > 4,
                let rank = LyricsFile.suffixes.firstIndex(where: { entry.name.suffix(4).elementsEqual($0.utf8) })
            else {
                continue
            }
            let base = directory.appending(Array(entry.name.dropLast(4))).bytes
            if let known = found[base], known.rank < rank { continue }
            found[base] = (rank, "\(size):\(mtime):\(String(decoding: entry.name, as: UTF8.self))")
        }
        return found.mapValues(\.signature)
    }

    /// The preferred cover file among a folder's entries, if any.
    private static func coverFile(in directory: LibraryPath, entries: [DirectoryReader.Entry]) -> CoverFile? {
        var best: (rank: Int, path: LibraryPath, signature: String)?
        for entry in entries {
            guard case .file(let size, let mtime) = entry.kind else { continue }
            let path = directory.appending(entry.name)
            guard let rank = AudioFileTypes.coverRank(path) else { continue }
            if best == nil || rank < best!.rank || (rank == best!.rank && path < best!.path) {
                best = (rank, path, "\(size):\(mtime):\(path.lastComponent)")
            }
        }
        return best.map { CoverFile(path: $0.path, signature: $0.signature) }
    }
}
