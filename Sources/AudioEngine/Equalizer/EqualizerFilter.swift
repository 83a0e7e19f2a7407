import CEqualizer
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

    /// A filter of `equalizer` for `channels` interleaved channels at `sampleRate`; `wide`: on the pipeline's wide
    /// path where the processor has it.
    init(_ equalizer: Equalizer, sampleRate: Int, channels: Int, wide: Bool = EqualizerPipeline.wideAvailable) {
        self.channels = max(1, channels)
        inputGain = equalizer.inputGain
        var bands: [EqualizerPipeline.Band] = []
        for (frequency, gain) in zip(Equalizer.frequencies, equalizer.gains)
        where gain != 0 && frequency < Double(sampleRate) / 2 * 0.9 {
            bands.append(.peaking(frequency: frequency, gain: gain, sampleRate: Double(sampleRate)))
        }
        pipelines =
            bands.isEmpty ? [] : (0..<(self.channels + 1) / 2).map { _ in EqualizerPipeline(bands: bands, wide: wide) }
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
        addmusic_eq_gain_limit(base, frames * channels, inputGain)
    }

}
