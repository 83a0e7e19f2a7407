import MediaModel

/// The cue sheet that makes one audio file several songs, as a scan found it: in a `.cue` file of the folder, or in
/// the file's own `CUESHEET` tag.
struct ScanCue: Sendable {
    /// One track of the audio file: its position in the sheet (from 1, which names it: "track0001") and the sheet's
    /// entry.
    struct Track: Sendable {
        var position: Int
        var entry: CueSheet.Track
    }

    /// The sheet's tracks of one file, with where each ends; a track past the file's end is left out and named.
    struct Layout: Sendable {
        var tracks: [(track: Track, segment: SongSegment)]
        /// The first track that starts at or past the end of the file, if any.
        var pastEnd: Track?
    }

    /// What every track's path starts with: the `.cue` file's path, or the audio file's for an embedded sheet.
    var base: LibraryPath
    /// What the index keeps to tell the sheet changed: `embedded` for a tag; the size, time and name of a file.
    var signature: String
    /// The `.cue` file's size and modification time (0 for an embedded sheet): a problem with the sheet is kept
    /// under them.
    var size: Int64 = 0
    var mtime: Int64 = 0
    var sheet: CueSheet
    /// The tracks of the audio file this cue applies to.
    var tracks: [Track]

    /// The signature of a sheet read from the file's tag.
    static let embedded = "embedded"

    /// Whether the sheet is a `.cue` file (not the file's tag).
    var isFile: Bool { signature != Self.embedded }

    /// The path of a track: "album.cue/track0001".
    func path(of track: Track) -> LibraryPath { base.appending(SongSegment.trackName(track.position)) }

    /// The cue of an embedded sheet: every track of it, whatever file name it gives (the file is the one holding it).
    static func embedded(_ sheet: CueSheet, in file: LibraryPath) -> ScanCue {
        let tracks = sheet.tracks.enumerated().map { Track(position: $0.offset + 1, entry: $0.element) }
        return ScanCue(base: file, signature: embedded, sheet: sheet, tracks: tracks)
    }

    /// Each track of `file` with its start and end, the last ending with the file (`duration` seconds; 0: unknown).
    func layout(of file: LibraryPath, duration: Double) -> Layout {
        let length = duration > 0 ? Int(clamping: duration * Double(SongSegment.framesPerSecond), rounding: .down) : nil
        var result = Layout(tracks: [], pastEnd: nil)
        for (index, track) in tracks.enumerated() {
            if let length, track.entry.start >= length {
                result.pastEnd = track
                break
            }
            let end = index + 1 < tracks.count ? tracks[index + 1].entry.start : nil
            let clipped = end.flatMap { end in length.map { min(end, $0) } ?? end }
            result.tracks.append(
                (track, SongSegment(file: file, start: track.entry.start, end: clipped == length ? nil : clipped)))
        }
        return result
    }
}
