import MediaModel

/// A file with a cue sheet, as the writer makes its songs: one a track, each with the sheet's tags over the file's.
struct CueWrite {
    var cue: ScanCue
    var job: ScanJob
    var info: AudioFileInfo
    var contentKey: String
    var artworkID: Int64?
    var embedded: Bool
}

extension ScanWriter {
    /// The cue sheet the file holds in its `CUESHEET` tag, when it reads as one.
    func embeddedCue(of job: ScanJob, info: AudioFileInfo) -> ScanCue? {
        guard let text = info.cueSheet, text.utf8.count <= CueSheet.maximumBytes, let sheet = try? CueSheet(text: text),
            sheet.tracks.count >= 2
        else { return nil }
        // One file holds them all: their starts must rise from one track to the next.
        let starts = sheet.tracks.map(\.start)
        guard zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        return ScanCue.embedded(sheet, in: job.path)
    }

    /// Writes each track of a file as a song (a track keeps its id across scans, by its path), removes the tracks
    /// and the whole-file song the index held and no longer are, and records or forgets the sheet's problem.
    func writeTracks(_ written: CueWrite, artwork: ArtworkPayload?, summary: inout ScanSummary) throws(SQLiteError) {
        let cue = written.cue, job = written.job
        let layout = cue.layout(of: job.path, duration: written.info.duration)
        var stale = job.cueTrackIDs
        for (track, segment) in layout.tracks {
            let path = cue.path(of: track)
            let info = Self.trackInfo(track, of: cue, segment: segment, file: written.info, path: job.path)
            let (id, inserted) = try write(
                job: job, info: info, contentKey: "\(written.contentKey)#\(track.position)",
                artworkID: written.artworkID, embedded: written.embedded,
                track: (path, segment, cue.signature))
            stale[path] = nil
            try writeValueRows(of: id, info: info, isNew: inserted)
            awaitArtwork(artwork, artworkID: written.artworkID, for: id)
            if inserted { summary.added += 1 } else { summary.updated += 1 }
        }
        for id in Array(stale.values) + [job.existingID].compactMap({ $0 }) {
            try database.run("DELETE FROM items WHERE id = ?", [.integer(id)])
            summary.removed += 1
        }
        if job.hadProblem { try database.run("DELETE FROM problems WHERE path = ?", [.blob(job.path.bytes)]) }
        let pastEnd = layout.pastEnd.map {
            ScanProblem(
                path: cue.isFile ? cue.base : job.path,
                reason: .cueTrackPastEnd(
                    track: $0.entry.number, start: Double($0.entry.start) / Double(SongSegment.framesPerSecond),
                    length: written.info.duration))
        }
        guard cue.isFile else {
            // A sheet in the file's tag: told by this scan (the file itself is indexed, by its tracks).
            if let pastEnd { summary.warnings.append(pastEnd) }
            return
        }
        if let pastEnd {
            try database.run(
                "INSERT OR REPLACE INTO problems(path, dir, size, mtime, kind, detail) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    .blob(cue.base.bytes), .blob(job.directory.bytes), .integer(cue.size), .integer(cue.mtime),
                    .text(pastEnd.reason.kind), .text(pastEnd.reason.detail),
                ])
            summary.unreadable.append(pastEnd)
        } else {
            try database.run(
                "DELETE FROM problems WHERE path = ? AND kind = ?",
                [.blob(cue.base.bytes), .text(ScanProblem.Reason.cueTrackPastEnd(track: 0, start: 0, length: 0).kind)])
        }
    }

    /// A track's tags: the sheet's where it gives them (the track's, else the album's), the file's otherwise; its
    /// length, and the file's ReplayGain for the whole file taken as the album's.
    static func trackInfo(
        _ track: ScanCue.Track, of cue: ScanCue, segment: SongSegment, file: AudioFileInfo, path: LibraryPath
    ) -> AudioFileInfo {
        let sheet = cue.sheet, entry = track.entry
        var info = file
        info.title = entry.title ?? "\(path.stem) \(entry.number < 10 ? "0" : "")\(entry.number)"
        info.trackNumber = entry.number
        let end = segment.endSeconds ?? file.duration
        info.duration = max(0, end - segment.startSeconds)
        if let artist = entry.performer ?? sheet.performer { info.setList([artist], at: \.artists, joined: \.artist) }
        if let album = sheet.title { info.album = album }
        if let albumArtist = sheet.performer {
            info.setList([albumArtist], at: \.albumArtists, joined: \.albumArtist)
        }
        if let composer = entry.songwriter ?? sheet.songwriter {
            info.setList([composer], at: \.composers, joined: \.composer)
        }
        if let genre = sheet.genre { info.setList([genre], at: \.genres, joined: \.genre) }
        if let year = sheet.year { info.year = year }
        if let disc = sheet.discNumber { info.discNumber = disc }
        if let comment = sheet.comment { info.comment = comment }
        // What the file's tags say of the song says it of the whole album.
        info.lyrics = nil
        info.rating = nil
        info.musicBrainzIDs.track = nil
        info.sortNames.title = nil
        let albumGain = sheet.replayGain.albumGain ?? file.replayGain.albumGain ?? file.replayGain.trackGain
        let albumPeak = sheet.replayGain.albumPeak ?? file.replayGain.albumPeak ?? file.replayGain.trackPeak
        info.replayGain = ReplayGain(
            trackGain: entry.replayGain.trackGain, trackPeak: entry.replayGain.trackPeak, albumGain: albumGain,
            albumPeak: albumPeak)
        info.cueSheet = nil
        return info
    }
}
