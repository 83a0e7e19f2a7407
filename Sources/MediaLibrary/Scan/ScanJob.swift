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
    /// The `.cue` file of the folder that makes this file several songs, if one names it (an embedded sheet is found
    /// when the file is read).
    var cue: ScanCue?
    /// The ids of the songs the index holds for this file's cue tracks, by their paths: a track keeps its id.
    var cueTrackIDs: [LibraryPath: Int64] = [:]
}
