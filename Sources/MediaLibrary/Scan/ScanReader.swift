import CFFmpeg
import FFmpegSupport
import MediaModel

/// Reads one queued file on a reader thread: tags, properties, content key, and artwork (embedded, else the
/// folder's cover file). Pictures already in the index (by hash) are not thumbnailed again.
///
/// Every FFmpeg call runs through the reader's `ProbeRunner` within `ProbeBudget.standard`, so one file costs its
/// reader at most the budget's deadline (and the watchdog's grace) whatever it holds.
enum ScanReader {
    /// How many bytes from the end of a file go into its content key.
    static let contentKeyTailBytes = 4 * 1024

    static func read(
        _ job: ScanJob, knownHashes: Locked<Set<String>>, covers: Locked<[LibraryPath: CoverOutcome]>,
        runner: ProbeRunner
    ) -> ScanResult {
        if job.artworkOnly {
            let (artwork, _) = coverArtwork(job.cover, knownHashes: knownHashes, covers: covers, runner: runner)
            return .artwork(job: job, artwork: artwork)
        }
        if job.size == 0 { return .problem(job: job, problem: ScanProblem(path: job.path, reason: .empty)) }
        var info: AudioFileInfo
        let path = job.path, size = job.size
        switch AudioFileReader.read(path, fileSize: size, tailBytes: contentKeyTailBytes, runner: runner) {
        case .success(let read): info = read
        case .failure(let error):
            return .problem(job: job, problem: ScanProblem(path: job.path, reason: reason(for: error)))
        }
        if info.lyrics == nil { info.lyrics = LyricsFile.text(beside: job.path) }
        let tail = info.tail ?? DirectoryReader.tail(of: job.path, count: contentKeyTailBytes)
        info.tail = nil
        let contentKey = ContentHash.fnv1a64(Array(String(job.size).utf8), tail)

        var warning: ScanProblem?
        var artwork: ArtworkPayload?
        var embedded = false
        if let bytes = info.oversizedPictureBytes {
            warning = ScanProblem(path: job.path, reason: .pictureTooLarge(bytes))
        }
        if let picture = info.picture {
            info.picture = nil
            let codecID = AVCodecID(rawValue: picture.codecID)
            switch payload(for: picture.data, codecID: codecID, knownHashes: knownHashes, runner: runner) {
            case .success(let value):
                artwork = value
                embedded = true
            case .failure(let error):
                warning = ScanProblem(path: job.path, reason: .pictureUnreadable(error.message))
            }
        }
        if artwork == nil {
            let (cover, failure) = coverArtwork(job.cover, knownHashes: knownHashes, covers: covers, runner: runner)
            artwork = cover
            if let failure, warning == nil, let coverPath = job.cover?.path {
                warning = ScanProblem(path: coverPath, reason: .pictureUnreadable(failure))
            }
        }
        return .item(
            job: job, info: info, contentKey: contentKey, artwork: artwork, embedded: embedded, warning: warning)
    }

    /// Why a file that failed to read cannot be used.
    private static func reason(for error: FFmpegError) -> ScanProblem.Reason {
        switch error.overrun {
        case .deadline(let seconds): return .tookTooLong(seconds: seconds)
        case .bytes(let bytes): return .readTooMuch(bytes: bytes)
        case .entries(let count): return .tooManyTags(count)
        case nil where error.isNotFound: return .vanished
        case nil where error.isPermissionDenied: return .permissionDenied
        case nil: return .notAudio(error.message)
        }
    }

    /// The artwork of a folder's cover file, read once per folder per scan.
    private static func coverArtwork(
        _ cover: CoverFile?, knownHashes: Locked<Set<String>>, covers: Locked<[LibraryPath: CoverOutcome]>,
        runner: ProbeRunner
    ) -> (ArtworkPayload?, String?) {
        guard let cover else { return (nil, nil) }
        if let cached = covers.withLock({ $0[cover.path] }) {
            switch cached {
            case .artwork(let payload): return (ArtworkPayload(hash: payload.hash, thumbnail: nil), nil)
            case .failed: return (nil, nil)
            }
        }
        let outcome: CoverOutcome
        if let data = DirectoryReader.contents(of: cover.path, limit: AudioFileReader.maximumPictureBytes),
            let codecID = Thumbnailer.codecID(forExtension: cover.path.pathExtension)
        {
            switch payload(for: data, codecID: codecID, knownHashes: knownHashes, runner: runner) {
            case .success(let value): outcome = .artwork(value)
            case .failure(let error): outcome = .failed(error.message)
            }
        } else {
            outcome = .failed("cannot read the picture file, or it is too large")
        }
        let first = covers.withLock { cache -> Bool in
            if cache[cover.path] != nil { return false }
            cache[cover.path] = outcome
            return true
        }
        switch outcome {
        case .artwork(let value): return (first ? value : ArtworkPayload(hash: value.hash, thumbnail: nil), nil)
        case .failed(let message): return (nil, first ? message : nil)
        }
    }

    /// Hashes a picture and thumbnails it unless the index (or this scan) already has it.
    private static func payload(
        for data: [UInt8], codecID: AVCodecID, knownHashes: Locked<Set<String>>, runner: ProbeRunner
    ) -> Result<ArtworkPayload, FFmpegError> {
        let hash = ContentHash.sha256(data)
        if knownHashes.withLock({ $0.contains(hash) }) { return .success(ArtworkPayload(hash: hash, thumbnail: nil)) }
        let codec = codecID.rawValue
        let budget = ProbeBudget.standard
        let decoded = runner.run(timeout: budget.seconds + ProbeRunner.grace) {
            Result { () throws(FFmpegError) in
                try Thumbnailer.thumbnail(of: data, codecID: AVCodecID(rawValue: codec))
            }
        }
        switch decoded ?? .failure(FFmpegError(overrun: .deadline(budget.seconds))) {
        case .success(let thumbnail):
            knownHashes.withLock { _ = $0.insert(hash) }
            return .success(ArtworkPayload(hash: hash, thumbnail: thumbnail))
        case .failure(let error):
            return .failure(error)
        }
    }
}
