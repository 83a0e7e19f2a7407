import CFFmpeg
import FFmpegSupport

/// Reads one queued file on a reader thread: tags, properties, content key, and artwork (embedded, else the
/// folder's cover file). Pictures already in the index (by hash) are not thumbnailed again.
enum ScanReader {
    /// How many bytes from the end of a file go into its content key.
    static let contentKeyTailBytes = 4 * 1024

    static func read(_ job: ScanJob, knownHashes: Locked<Set<String>>, covers: Locked<[LibraryPath: CoverOutcome]>)
        -> ScanResult
    {
        if job.artworkOnly {
            let (artwork, _) = coverArtwork(job.cover, knownHashes: knownHashes, covers: covers)
            return .artwork(job: job, artwork: artwork)
        }
        if job.size == 0 { return .problem(job: job, problem: ScanProblem(path: job.path, reason: .empty)) }
        var info: AudioFileInfo
        do {
            info = try AudioFileReader.read(job.path, fileSize: job.size, tailBytes: contentKeyTailBytes)
        } catch {
            let reason: ScanProblem.Reason =
                error.isNotFound ? .vanished : error.isPermissionDenied ? .permissionDenied : .notAudio(error.message)
            return .problem(job: job, problem: ScanProblem(path: job.path, reason: reason))
        }
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
            switch payload(for: picture.data, codecID: AVCodecID(rawValue: picture.codecID), knownHashes: knownHashes) {
            case .success(let value):
                artwork = value
                embedded = true
            case .failure(let error):
                warning = ScanProblem(path: job.path, reason: .pictureUnreadable(error.message))
            }
        }
        if artwork == nil {
            let (cover, failure) = coverArtwork(job.cover, knownHashes: knownHashes, covers: covers)
            artwork = cover
            if let failure, warning == nil, let coverPath = job.cover?.path {
                warning = ScanProblem(path: coverPath, reason: .pictureUnreadable(failure))
            }
        }
        return .item(
            job: job, info: info, contentKey: contentKey, artwork: artwork, embedded: embedded, warning: warning)
    }

    /// The artwork of a folder's cover file, read once per folder per scan.
    private static func coverArtwork(
        _ cover: CoverFile?, knownHashes: Locked<Set<String>>, covers: Locked<[LibraryPath: CoverOutcome]>
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
            switch payload(for: data, codecID: codecID, knownHashes: knownHashes) {
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
    private static func payload(for data: [UInt8], codecID: AVCodecID, knownHashes: Locked<Set<String>>) -> Result<
        ArtworkPayload, FFmpegError
    > {
        let hash = ContentHash.sha256(data)
        if knownHashes.withLock({ $0.contains(hash) }) { return .success(ArtworkPayload(hash: hash, thumbnail: nil)) }
        do {
            let thumbnail = try Thumbnailer.thumbnail(of: data, codecID: codecID)
            knownHashes.withLock { _ = $0.insert(hash) }
            return .success(ArtworkPayload(hash: hash, thumbnail: thumbnail))
        } catch {
            return .failure(error)
        }
    }
}
