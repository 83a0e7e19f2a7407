import MediaModel

/// The `.cue` files of a folder, read on the scan's comparing side: each names the audio files of the folder it
/// splits into tracks. Only a file the sheet gives two tracks or more is split: a sheet of a rip of one file a track
/// describes files that are songs already. A sheet that cannot be read, or names a file the folder does not hold, is a problem under the
/// sheet's path (B-Q1); one whose tracks run past the end of their file is found when the file is read (`ScanWriter`).
enum CueFiles {
    /// The cue of each audio file of `directory` a sheet among `entries` names, by the file's path. Problems go to
    /// `results`; the problems recorded for the sheets are taken out of `problems` (they are the sheets' to keep or
    /// forget).
    static func find(
        in directory: LibraryPath, entries: [DirectoryReader.Entry],
        problems: inout [LibraryPath: ScanProducer.RecordedProblem], results: BoundedQueue<ScanResult>
    ) -> (cues: [LibraryPath: ScanCue], failed: Bool) {
        let sheets = entries.filter { $0.name.count > 4 && LibraryPath(bytes: $0.name).pathExtension == "cue" }
        guard !sheets.isEmpty else { return ([:], false) }
        var failed = false
        var cues: [LibraryPath: ScanCue] = [:]
        for entry in sheets.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
            guard case .file(let size, let mtime) = entry.kind else { continue }
            let path = directory.appending(entry.name)
            let recorded = problems.removeValue(forKey: path)
            let found = read(path, size: size, mtime: mtime, entries: entries)
            let job = ScanJob(
                path: path, directory: directory, size: size, mtime: mtime, existingID: nil, cover: nil,
                artworkOnly: false)
            switch found {
            case .problem(let reason):
                failed = true
                if let recorded, recorded.size == size, recorded.mtime == mtime, recorded.reason == reason {
                    results.put(.knownProblem(ScanProblem(path: path, reason: reason)))
                } else {
                    results.put(.problem(job: job, problem: ScanProblem(path: path, reason: reason)))
                }
            case .cues(let files):
                if let recorded {
                    // Only a track past the end is left to tell, and only the files' reading tells it again.
                    if recorded.size == size, recorded.mtime == mtime, case .cueTrackPastEnd = recorded.reason {
                        results.put(.knownProblem(ScanProblem(path: path, reason: recorded.reason)))
                    } else {
                        results.put(.forgetProblem(path))
                    }
                }
                for (file, cue) in files where cues[file] == nil && cue.tracks.count >= 2 { cues[file] = cue }
            }
        }
        return (cues, failed)
    }

    /// What a sheet gives: the cue of each file it names, or why it cannot be used.
    private enum Found {
        case cues([LibraryPath: ScanCue])
        case problem(ScanProblem.Reason)
    }

    /// Reads the sheet at `path` and finds its files among `entries`: the cue of each, by the file's path.
    private static func read(
        _ path: LibraryPath, size: Int64, mtime: Int64, entries: [DirectoryReader.Entry]
    ) -> Found {
        guard size <= CueSheet.maximumBytes else {
            return .problem(.cueSheetUnreadable(CueSheetError.tooLarge(Int(clamping: size)).description))
        }
        guard let bytes = DirectoryReader.contents(of: path, limit: CueSheet.maximumBytes) else {
            return .problem(.cueSheetUnreadable("the file cannot be read"))
        }
        let sheet: CueSheet
        do { sheet = try CueSheet(bytes: bytes) } catch { return .problem(.cueSheetUnreadable(error.description)) }
        let signature = "\(size):\(mtime):\(path.lastComponent)"
        var cues: [LibraryPath: ScanCue] = [:]
        var position = 0
        for file in sheet.files {
            guard let name = audioFile(named: file.name, in: entries) else {
                return .problem(.cueFileMissing(String(file.name.prefix(200))))
            }
            let audio = path.parent.appending(name)
            var cue =
                cues[audio]
                ?? ScanCue(base: path, signature: signature, size: size, mtime: mtime, sheet: sheet, tracks: [])
            for track in file.tracks {
                position += 1
                cue.tracks.append(ScanCue.Track(position: position, entry: track))
            }
            cues[audio] = cue
        }
        return .cues(cues)
    }

    /// The entry a sheet's FILE names: by its last component (a sheet may give a Windows path), as written, else
    /// ignoring case, else the one audio file with the same name before the extension (a sheet written for the
    /// WAV the FLAC was made from).
    static func audioFile(named name: String, in entries: [DirectoryReader.Entry]) -> [UInt8]? {
        let last = Array((name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? name).utf8)
        let files = entries.filter {
            if case .file = $0.kind { return AudioFileTypes.isAudio(LibraryPath(bytes: $0.name)) }
            return false
        }
        if let exact = files.first(where: { $0.name == last }) { return exact.name }
        let folded = lowercased(last)
        if let caseless = files.first(where: { lowercased($0.name) == folded }) { return caseless.name }
        let stem = LibraryPath(bytes: last).stem.lowercased()
        let sameStem = files.filter { LibraryPath(bytes: $0.name).stem.lowercased() == stem }
        return sameStem.count == 1 ? sameStem[0].name : nil
    }

    /// ASCII letters lowercased (names need not be UTF-8).
    private static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
}
