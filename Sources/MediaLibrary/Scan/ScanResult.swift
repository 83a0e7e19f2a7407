import MediaModel

/// What the producer and readers hand to the writer.
enum ScanResult: Sendable {
    /// Songs found unchanged.
    case unchanged(Int)
    /// A song read (new or changed).
    case item(
        job: ScanJob, info: AudioFileInfo, contentKey: String, artwork: ArtworkPayload?, embedded: Bool,
        warning: ScanProblem?)
    /// An unchanged song's artwork from its folder's cover file (nil: none any more).
    case artwork(job: ScanJob, artwork: ArtworkPayload?)
    /// A file that could not be used.
    case problem(job: ScanJob, problem: ScanProblem)
    /// A file that failed before and has not changed since.
    case knownProblem(ScanProblem)
    /// A recorded problem whose file is gone.
    case forgetProblem(LibraryPath)
    /// The producer is done.
    case finished(ScanProducer.Finish)
    /// Every reader is done.
    case readersDone
}
