import Foundation

/// A song's loudness as the analysis measured it (EBU R128), kept in the index only, never in the file: its
/// integrated loudness and true peak, and its album's once every song of the album is measured.
public struct Loudness: Hashable, Sendable, Codable {
    /// Integrated loudness in LUFS; nil when the song is silent (no block above the absolute gate of −70 LUFS).
    public var integrated: Double?
    /// True peak, linear (1.0 is full scale).
    public var truePeak: Double
    /// The album's integrated loudness in LUFS, over all its songs' blocks; nil until every song of the album is
    /// measured (or when the song has no album).
    public var album: Double?
    /// The album's true peak, linear: the highest of its songs'.
    public var albumPeak: Double?

    /// The level ReplayGain 2.0 aims at, in LUFS: a song measured at it is played as it is.
    public static let reference = -18.0

    public init(integrated: Double?, truePeak: Double, album: Double? = nil, albumPeak: Double? = nil) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.album = album
        self.albumPeak = albumPeak
    }

    /// The song's level as ReplayGain values (the gain that brings it to `reference`, and its peak), for the songs
    /// without ReplayGain tags.
    public var replayGain: ReplayGain {
        ReplayGain(
            trackGain: integrated.map { Self.reference - $0 }, trackPeak: truePeak,
            albumGain: album.map { Self.reference - $0 }, albumPeak: albumPeak)
    }
}
