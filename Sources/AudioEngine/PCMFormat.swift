/// The shape of the samples the engine hands to an output: signed 16-bit little-endian, interleaved.
public struct PCMFormat: Hashable, Sendable {
    /// Frames per second.
    public var sampleRate: Int
    /// Samples per frame.
    public var channels: Int

    /// Creates a format.
    public init(sampleRate: Int = 44_100, channels: Int = 2) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Bytes in one frame (one sample per channel).
    public var bytesPerFrame: Int { channels * 2 }
}
