import Foundation

/// An `Equalizer` at work on one stream of interleaved samples: a peaking biquad per band and channel (the
/// coefficients of Robert Bristow-Johnson's "Audio EQ Cookbook", one octave wide), run in place on the decoder
/// thread after the song's gain. Its state carries from one chunk to the next; a new song or a seek starts a new
/// filter. Bands at or above the Nyquist frequency are left out. Allocates only when made.
final class EqualizerFilter {
    /// One band's coefficients (normalized by a0).
    private struct Coefficients {
        var b0, b1, b2, a1, a2: Float
    }

    private let channels: Int
    private let bands: [Coefficients]
    /// Per band and channel: the last two inputs and outputs (x1, x2, y1, y2), band-major.
    private var state: [Float]
    private let inputGain: Float

    /// A filter of `equalizer` for `channels` interleaved channels at `sampleRate`.
    init(_ equalizer: Equalizer, sampleRate: Int, channels: Int) {
        self.channels = max(1, channels)
        inputGain = equalizer.inputGain
        var bands: [Coefficients] = []
        for (frequency, gain) in zip(Equalizer.frequencies, equalizer.gains)
        where gain != 0 && frequency < Double(sampleRate) / 2 * 0.9 {
            bands.append(Self.peaking(frequency: frequency, gain: gain, sampleRate: Double(sampleRate)))
        }
        self.bands = bands
        state = Array(repeating: 0, count: bands.count * self.channels * 4)
    }

    /// A peaking filter one octave wide (Q = √2) at `frequency`, `gain` decibels.
    private static func peaking(frequency: Double, gain: Double, sampleRate: Double) -> Coefficients {
        let amplitude = pow(10, gain / 40)
        let omega = 2 * Double.pi * frequency / sampleRate
        let alpha = sin(omega) / (2 * 2.0.squareRoot())
        let a0 = 1 + alpha / amplitude
        return Coefficients(
            b0: Float((1 + alpha * amplitude) / a0), b1: Float(-2 * cos(omega) / a0),
            b2: Float((1 - alpha * amplitude) / a0), a1: Float(-2 * cos(omega) / a0),
            a2: Float((1 - alpha / amplitude) / a0))
    }

    /// Filters `samples` (interleaved, whole frames) in place.
    func process(_ samples: UnsafeMutableBufferPointer<Float>) {
        let frames = samples.count / channels
        state.withUnsafeMutableBufferPointer { state in
            for frame in 0..<frames {
                for channel in 0..<channels {
                    let index = frame * channels + channel
                    var value = samples[index] * inputGain
                    for (band, c) in bands.enumerated() {
                        let base = (band * channels + channel) * 4
                        let output =
                            c.b0 * value + c.b1 * state[base] + c.b2 * state[base + 1]
                            - c.a1 * state[base + 2] - c.a2 * state[base + 3]
                        state[base + 1] = state[base]
                        state[base] = value
                        state[base + 3] = state[base + 2]
                        state[base + 2] = output
                        value = output
                    }
                    samples[index] = Self.limited(value)
                }
            }
        }
    }

    /// `value` as it is up to 0.9 of full scale, then bent smoothly towards full scale, never past it.
    private static func limited(_ value: Float) -> Float {
        let magnitude = abs(value)
        guard magnitude > 0.9 else { return value }
        let bent = 0.9 + 0.1 * tanh((magnitude - 0.9) / 0.1)
        return value < 0 ? -bent : bent
    }
}
