import FFmpegSupport
import MediaModel

/// Measures the loudness of one song (EBU R128): decodes it in its own format and runs it through a
/// `LoudnessMeter`. Blocks the caller for as long as decoding the file takes; any thread may call it, one song per
/// call.
public enum LoudnessAnalysis {
    /// What a song measured.
    public struct Measurement: Sendable, Equatable {
        /// Integrated loudness in LUFS; nil when the song is silent.
        public var integrated: Double?
        /// True peak, linear.
        public var truePeak: Double
        /// The song's gating blocks, for its album's loudness.
        public var histogram: LoudnessHistogram
    }

    /// Measures the file at `path` (raw bytes; `fileExtension` lowercased), or the part of it from `start` to `end`
    /// seconds (nil: its end), as a track of a cue sheet.
    /// - Throws: `FFmpegError` when the file does not open or decode; `EBUR128Error` when the meter fails.
    public static func measure(
        path: [UInt8], fileExtension: String, start: Double = 0, end: Double? = nil
    ) throws -> Measurement {
        let decoder = try AudioDecoder(path: path, fileExtension: fileExtension, target: { $0 })
        if start > 0 || end != nil { try decoder.window(start: start, end: end) }
        let meter = try LoudnessMeter(format: decoder.format)
        let samples = PendingSamples(capacity: 16_384)
        let channels = max(1, decoder.format.channels)
        while try decoder.decode(into: samples) {
            let frames = samples.count / channels
            if let base = samples.samples.baseAddress { try meter.add(base, frames: frames) }
            samples.removeAll()
        }
        let (integrated, truePeak) = meter.result()
        return Measurement(integrated: integrated, truePeak: truePeak, histogram: meter.histogram)
    }
}
