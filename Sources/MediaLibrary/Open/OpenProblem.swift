/// Why something the user opened (a file, a folder, a playlist, a URL) added nothing, or less than it holds.
public enum OpenProblem: Hashable, Sendable {
    /// No file or folder is at the path.
    case missing(String)
    /// The file is not audio that can be played (the reader could not open it, or it is not a regular file).
    case notAudio(String)
    /// The folder holds no audio files.
    case noMusicInFolder(String)
    /// The playlist file could not be read; the reason is in plain words.
    case unreadablePlaylist(String, reason: String)
    /// The playlist's entries are none of them playable.
    case emptyPlaylist(String)
    /// The stream at the URL did not answer as audio in time; the reason is in plain words.
    case streamUnanswered(String, reason: String)
    /// Neither a file nor an `http`/`https` URL (another scheme, a line of text).
    case notAFile(String)
    /// More audio files than are opened at once: the first `kept` (in path order) of `found`.
    case tooManyFiles(kept: Int, found: Int)
    /// A walk of folders stopped at the limit of entries looked at for one open (`OpenLimits.maximumEntriesListed`):
    /// what lies past it was not seen.
    case tooManyEntries(Int)
    /// More `http`/`https` URLs than one open checks: the first `checked` of `found`; the others were left out.
    case tooManyStreams(checked: Int, found: Int)
    /// Some of a folder's or a playlist's files could not be read as audio and were left out.
    case skippedFiles(Int)
}
