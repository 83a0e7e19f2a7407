/// Why a cue sheet cannot be used.
public enum CueSheetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sheet is larger than `CueSheet.maximumBytes`.
    case tooLarge(Int)
    /// The sheet has no track in any file.
    case noTracks
    /// A TRACK comes before any FILE.
    case trackOutsideFile(line: Int)
    /// A line the sheet's grammar does not allow.
    case malformed(line: Int)
    /// A time that is not "mm:ss:ff".
    case badTime(String, line: Int)
    /// A track without INDEX 01.
    case noStart(track: Int)
    /// A track that starts where or before the track ahead of it in the same file.
    case outOfOrder(track: Int)
    /// More than `CueSheet.maximumTracks` tracks.
    case tooManyTracks

    public var description: String {
        switch self {
        case .tooLarge(let bytes): return "the cue sheet is \(bytes) bytes, more than a cue sheet holds"
        case .noTracks: return "the cue sheet lists no track"
        case .trackOutsideFile(let line): return "line \(line): a TRACK before any FILE"
        case .malformed(let line): return "line \(line) cannot be read"
        case .badTime(let time, let line): return "line \(line): \"\(time.prefix(40))\" is not a time (mm:ss:ff)"
        case .noStart(let track): return "track \(track) has no INDEX 01"
        case .outOfOrder(let track): return "track \(track) starts before the track ahead of it"
        case .tooManyTracks: return "the cue sheet lists more than \(CueSheet.maximumTracks) tracks"
        }
    }
}
