/// The shape of the samples a stream carries: its rate, its channels and where each one plays, and how each sample
/// is written. The engine hands an output interleaved 32-bit float samples; the output writes them in
/// `sampleFormat`.
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    /// Frames per second.
    public var sampleRate: Int
    /// Samples per frame.
    public var channels: Int
    /// Where each channel plays: one bit per speaker position, in the order of WAVEFORMATEXTENSIBLE (and FFmpeg's
    /// `AV_CH_*`: front left 0x1, front right 0x2, front centre 0x4, LFE 0x8, back left 0x10, back right 0x20, …),
    /// the channels interleaved in the order of their bits. 0: unknown (the output picks its default map).
    public var channelMask: UInt64
    /// How the stream writes each sample.
    public var sampleFormat: PCMSampleFormat

    /// Creates a format; by default today's fixed one, 16-bit stereo at 44.1 kHz.
    public init(
        sampleRate: Int = 44_100, channels: Int = 2, channelMask: UInt64? = nil, sampleFormat: PCMSampleFormat = .s16
    ) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.channelMask = channelMask ?? PCMFormat.defaultMask(channels: channels)
        self.sampleFormat = sampleFormat
    }

    /// The fixed format (`output-format = fixed`): 16-bit stereo at 44.1 kHz.
    public static let fixed = PCMFormat()

    /// Whether a stream of this format carries every sample of `other` exactly: the same rate and channels in the
    /// same places, and a sample format that holds each of the other's values (16-bit ones in 24-bit, 32-bit or
    /// float; 24-bit ones in 32-bit or float).
    public func carriesExactly(_ other: PCMFormat) -> Bool {
        guard sampleRate == other.sampleRate, channels == other.channels, channelMask == other.channelMask else {
            return false
        }
        switch (sampleFormat, other.sampleFormat) {
        case (let mine, let theirs) where mine == theirs: return true
        case (.s24, .s16), (.s32, .s16), (.s32, .s24), (.float32, .s16), (.float32, .s24): return true
        default: return false
        }
    }

    /// Bytes in one frame (one sample per channel) as the stream writes it.
    public var bytesPerFrame: Int { channels * sampleFormat.bytesPerSample }

    /// The mask of the usual layout of `channels` channels (mono is front centre), or 0 where none is usual.
    public static func defaultMask(channels: Int) -> UInt64 {
        switch channels {
        case 1: 0x4
        case 2: 0x3
        case 3: 0x7
        case 4: 0x33  // quad
        case 5: 0x607  // 5.0
        case 6: 0x60F  // 5.1
        case 7: 0x70F  // 6.1
        case 8: 0x63F  // 7.1
        default: 0
        }
    }

    public var description: String { "\(sampleFormat.rawValue) \(channels) ch \(sampleRate) Hz" }
}
