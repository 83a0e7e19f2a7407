import CEBUR128
import MediaModel

/// Owns one libebur128 state (freed in `deinit`): the EBU R128 integrated loudness and true peak of the samples
/// added, and the loudness of each gating block (400 ms, every 100 ms), counted in a `LoudnessHistogram` for the
/// album. Not thread-safe: one thread measures one song.
final class LoudnessMeter {
    private var state: UnsafeMutablePointer<ebur128_state>
    private let channels: Int
    /// Frames per 100 ms, rounded as libebur128 rounds them, so that a block here is a block of its own.
    private let hop: Int
    /// Frames added since the last 100 ms border.
    private var sinceBorder = 0
    /// Frames added in all.
    private var added = 0
    /// The gating blocks so far.
    private(set) var histogram = LoudnessHistogram()

    /// A meter for interleaved float samples of `format`.
    /// - Throws: `EBUR128Error` when libebur128 cannot be set up for it.
    init(format: PCMFormat) throws(EBUR128Error) {
        channels = max(1, format.channels)
        hop = max(1, (format.sampleRate + 5) / 10)
        let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)
        guard let state = ebur128_init(UInt32(channels), UInt(max(1, format.sampleRate)), mode) else {
            throw EBUR128Error(code: 0, operation: "start")
        }
        self.state = state
        if channels > 2 {
            for (index, position) in Self.positions(mask: format.channelMask, channels: channels).enumerated() {
                let code = ebur128_set_channel(state, UInt32(index), Int32(position.rawValue))
                guard code == 0 else { throw EBUR128Error(code: code, operation: "map channels") }
            }
        }
    }

    deinit {
        var state: UnsafeMutablePointer<ebur128_state>? = state
        ebur128_destroy(&state)
    }

    /// Where each of `channels` channels plays, for the weights BS.1770 gives them: the fronts 1, the surrounds
    /// 1.41, the LFE left out; a channel of another place counts as a front one.
    private static func positions(mask: UInt64, channels: Int) -> [channel] {
        var positions: [channel] = []
        var bit: UInt64 = 1
        while positions.count < channels && bit != 0 {
            if mask & bit != 0 {
                switch bit {
                case 0x1: positions.append(EBUR128_LEFT)
                case 0x2: positions.append(EBUR128_RIGHT)
                case 0x4: positions.append(EBUR128_CENTER)
                case 0x8: positions.append(EBUR128_UNUSED)
                case 0x10, 0x200: positions.append(EBUR128_LEFT_SURROUND)
                case 0x20, 0x400: positions.append(EBUR128_RIGHT_SURROUND)
                default: positions.append(EBUR128_LEFT)
                }
            }
            bit <<= 1
        }
        while positions.count < channels { positions.append(EBUR128_LEFT) }
        return positions
    }

    /// Adds `frames` frames of interleaved samples. At each 100 ms border from 400 ms on, the block that ends
    /// there is counted.
    /// - Throws: `EBUR128Error` when libebur128 fails (out of memory).
    func add(_ samples: UnsafePointer<Float>, frames: Int) throws(EBUR128Error) {
        var done = 0
        while done < frames {
            let piece = min(frames - done, hop - sinceBorder)
            let code = ebur128_add_frames_float(state, samples + done * channels, piece)
            guard code == 0 else { throw EBUR128Error(code: code, operation: "measure") }
            done += piece
            sinceBorder += piece
            added += piece
            if sinceBorder == hop {
                sinceBorder = 0
                var block = 0.0
                if added >= hop * 4, ebur128_loudness_momentary(state, &block) == 0 {
                    histogram.add(blockLoudness: block)
                }
            }
        }
    }

    /// The integrated loudness in LUFS (nil when nothing passed the gate) and the true peak (linear) of what was
    /// added.
    func result() -> (integrated: Double?, truePeak: Double) {
        var loudness = -Double.infinity
        if ebur128_loudness_global(state, &loudness) != 0 { loudness = -.infinity }
        var peak = 0.0
        for channel in 0..<channels {
            var value = 0.0
            if ebur128_true_peak(state, UInt32(channel), &value) == 0 { peak = max(peak, value) }
        }
        return (loudness.isFinite ? loudness : nil, peak)
    }
}
