/// ReplayGain values read from a file's tags, in dB (gain) and linear full-scale units (peak).
public struct ReplayGain: Hashable, Sendable, Codable {
    /// Track gain in dB, if tagged.
    public var trackGain: Double?
    /// Track peak (1.0 is full scale), if tagged.
    public var trackPeak: Double?
    /// Album gain in dB, if tagged.
    public var albumGain: Double?
    /// Album peak (1.0 is full scale), if tagged.
    public var albumPeak: Double?

    /// Creates a value; every field defaults to untagged.
    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil)
    {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }

    /// Whether no field is tagged.
    public var isEmpty: Bool { trackGain == nil && trackPeak == nil && albumGain == nil && albumPeak == nil }
}
