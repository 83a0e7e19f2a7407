/// Where a song lies in a longer file: a track of a cue sheet, from its start to the next track's (the last one to the
/// end of the file). Times are CD frames, as cue sheets give them: consecutive tracks share their border exactly.
public struct SongSegment: Hashable, Sendable {
    /// CD frames a second (cue sheets' unit of time).
    public static let framesPerSecond = 75

    /// The audio file the song is part of.
    public var file: LibraryPath
    /// Where the song starts, in frames from the start of the file.
    public var start: Int
    /// Where the song ends (the next track's start), in frames; nil: at the end of the file.
    public var end: Int?

    public init(file: LibraryPath, start: Int, end: Int?) {
        self.file = file
        self.start = start
        self.end = end
    }

    /// Where the song starts, in seconds.
    public var startSeconds: Double { Double(start) / Double(Self.framesPerSecond) }
    /// Where the song ends, in seconds; nil: at the end of the file.
    public var endSeconds: Double? { end.map { Double($0) / Double(Self.framesPerSecond) } }

    /// The name of the `number`th track of a cue sheet under the sheet's (or the file's) path, as MPD names it:
    /// "album.cue/track0001".
    public static func trackName(_ number: Int) -> String {
        let digits = String(max(0, number))
        return "track" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
