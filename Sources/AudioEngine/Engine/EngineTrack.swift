/// What the engine plays: a file (its path as raw bytes, as names need not be UTF-8, and its lowercased extension),
/// or an `http`/`https` stream (its URL).
public struct EngineTrack: Hashable, Sendable {
    /// The path's bytes (empty for a stream).
    public var path: [UInt8]
    /// The lowercased extension, which picks FFmpeg's demuxer before probing.
    public var fileExtension: String
    /// What its samples are multiplied by as they are decoded (ReplayGain; 1 leaves them as they are).
    public var gain: Float
    /// The stream's URL; nil for a file. A stream is opened over the network with every wait bounded, its ICY
    /// titles reported as they change, and reconnected when it drops (see `PlaybackEngine`).
    public var streamURL: String?
    /// Whether the border before this track fades while crossfade is on (`PlaybackEngine.setCrossfade`); false
    /// joins it to the track before sample-exact, as the next song of the same album.
    public var crossfades = true
    /// Where the track starts in its file, in seconds (a track of a cue sheet; 0 for a whole file).
    public var start = 0.0
    /// Where the track ends in its file, in seconds; nil: at the end of the file.
    public var end: Double?

    /// A track for the file at `path`, its samples scaled by `gain`.
    public init(path: [UInt8], fileExtension: String, gain: Float = 1) {
        self.path = path
        self.fileExtension = fileExtension
        self.gain = gain
    }

    /// A track for the file at `path`, given as text.
    public init(path: String) {
        self.path = Array(path.utf8)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        fileExtension = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        gain = 1
    }

    /// A track for the `http`/`https` stream at `url`.
    public init(streamURL url: String) {
        path = []
        fileExtension = ""
        gain = 1
        streamURL = url
    }
}
