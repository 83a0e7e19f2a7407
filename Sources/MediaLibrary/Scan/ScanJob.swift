import MediaModel

/// A file the readers must open: new, changed, or only in need of its cover file again.
struct ScanJob: Sendable {
    var path: LibraryPath
    var directory: LibraryPath
    var size: Int64
    var mtime: Int64
    var existingID: Int64?
    var cover: CoverFile?
    var artworkOnly: Bool
    /// Whether the index records a problem for this file (to forget once it reads well).
    var hadProblem = false
    /// The size, time and name of the song's `.lrc` file, when there is one ("" when not): a change reads the song
    /// again.
    var lyricsSignature = ""
}
