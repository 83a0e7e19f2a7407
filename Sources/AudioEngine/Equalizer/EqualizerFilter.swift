import Foundation

/// An `Equalizer` at work on one stream of interleaved samples: a peaking biquad per band and channel (the
/// coefficients of Robert Bristow-Johnson's "Audio EQ Cookbook", one octave wide), run in place on the decoder
/// thread after the song's gain. Its state carries from one chunk to the next; a new song or a seek starts a new
/// filter. Bands at or above the Nyquist frequency and bands at 0 dB are left out. Allocates only when made.
///
/// The channels go through in pairs (`EqualizerPipeline`), a lone last channel with a silent partner.
final class EqualizerFilter {
    private let channels: Int
    private let inputGain: Float
    /// One pipeline per pair of channels (the preamp and the limit on the way); none when no band is at work.
    private let pipelines: [EqualizerPipeline]

    /// A filter of `equalizer` for `channels` interleaved channels at `sampleRate`.
    init(_ equalizer: Equalizer, sampleRate: Int, channels: Int) {
        self.channels = max(1, channels)
        inputGain = equalizer.inputGain
        var bands: [EqualizerPipeline.Band] = []
        for (frequency, gain) in zip(Equalizer.frequencies, equalizer.gains)
        where gain != 0 && frequency < Double(sampleRate) / 2 * 0.9 {
            bands.append(.peaking(frequency: frequency, gain: gain, sampleRate: Double(sampleRate)))
        }
        pipelines =
            bands.isEmpty ? [] : (0..<(self.channels + 1) / 2).map { _ in EqualizerPipeline(bands: bands) }
    }

    /// Filters `samples` (interleaved, whole frames) in place: the bands, then the preamp and the limit in one pass
    /// (the bands are linear, so the preamp may come after them).
    func process(_ samples: UnsafeMutableBufferPointer<Float>) {
        guard let base = samples.baseAddress else { return }
        let frames = samples.count / channels
        for (pair, pipeline) in pipelines.enumerated() {
            let first = pair * 2
            pipeline.run(base + first, frames: frames, stride: channels, paired: first + 1 < channels)
        }
        for index in 0..<(frames * channels) { base[index] = Self.limited(base[index] * inputGain) }
    }

    /// `value` as it is up to 0.9 of full scale, then bent smoothly towards full scale, never past it.
    @inline(__always)
    private static func limited(_ value: Float) -> Float {
        let magnitude = abs(value)
        guard magnitude > 0.9 else { return value }
        let bent = 0.9 + 0.1 * tanh((magnitude - 0.9) / 0.1)
        return value < 0 ? -bent : bent
    }

}
