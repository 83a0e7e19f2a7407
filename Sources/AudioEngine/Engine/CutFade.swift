import Foundation

/// The short fades that keep a cut (a skip, a seek, a stop) from clicking, on the engine's output thread. The output
/// plays on what it holds; then the music cut off ends with a 10 ms fade of the samples that were to follow (the
/// rest of the chunk whose writing was interrupted), or, when none are at hand (the cut came between two chunks), a
/// 10 ms ramp from the last frame written down to silence. A seek's first samples fade in over 10 ms. Memory is
/// allocated once; not thread-safe: the output thread owns it.
final class CutFade {
    /// The fades' length.
    static let seconds = 0.01
    /// The most frames a fade lasts (10 ms at 384 kHz).
    private static let mostFrames = 3_840
    private let scratch: UnsafeMutablePointer<Float>
    /// The last frame written, while the music sounds from it.
    private let lastFrame: UnsafeMutablePointer<Float>
    private var sounding = false
    /// Whether music was cut off since the last samples of a generation were written (its next samples are the
    /// first after a cut).
    private var cutOff = false

    init() {
        scratch = .allocate(capacity: Self.mostFrames * AudioDecoder.maxChannels)
        lastFrame = .allocate(capacity: AudioDecoder.maxChannels)
        lastFrame.initialize(repeating: 0, count: AudioDecoder.maxChannels)
    }

    deinit {
        scratch.deallocate()
        lastFrame.deallocate()
    }

    /// `samples` were written whole: the music sounds, ending on their last frame.
    func wrote(_ samples: UnsafeBufferPointer<Float>, channels: Int) {
        guard samples.count >= channels, channels <= AudioDecoder.maxChannels else { return }
        lastFrame.update(from: samples.baseAddress! + samples.count - channels, count: channels)
        sounding = true
    }

    /// What was written has played out (a drain): nothing sounds.
    func silenced() {
        sounding = false
        cutOff = false
    }

    /// At the first samples of a new generation: music still sounding was cut off between chunks, and ends with a
    /// ramp to silence (`smoothly`; when the output was flushed it is gone already). Returns whether music was cut
    /// off, by this or by `fadeOut`.
    func endCutOff(on output: AudioOutput, format: PCMFormat, smoothly: Bool) -> Bool {
        defer { cutOff = false }
        guard sounding else { return cutOff }
        sounding = false
        if smoothly { rampDown(on: output, format: format) }
        return true
    }

    /// The writing of `samples` was cut off after `taken` of them: the samples that were to follow fade out (the
    /// ramp from the last frame when fewer than a fade's remain), unless the output was flushed (`smoothly` false).
    func fadeOut(
        _ samples: UnsafeBufferPointer<Float>, after taken: Int, on output: AudioOutput, format: PCMFormat,
        smoothly: Bool
    ) {
        let channels = format.channels
        guard channels <= AudioDecoder.maxChannels else { return }
        if taken >= channels {
            lastFrame.update(from: samples.baseAddress! + taken - channels, count: channels)
            sounding = true
        }
        guard sounding else { return }
        sounding = false
        cutOff = true
        guard smoothly else { return }
        let frames = Self.frames(at: format.sampleRate)
        guard (samples.count - taken) / channels >= frames else { return rampDown(on: output, format: format) }
        for frame in 0..<frames {
            let gain = Float(cos((Double(frame) + 0.5) / Double(frames) * Double.pi / 2))
            for channel in 0..<channels {
                let index = frame * channels + channel
                scratch[index] = samples[taken + index] * gain
            }
        }
        _ = try? output.write(UnsafeBufferPointer(start: scratch, count: frames * channels), precision: 32)
    }

    /// Fades the first 10 ms of `samples` in (a seek's, after a cut).
    func fadeIn(_ samples: UnsafeMutableBufferPointer<Float>, format: PCMFormat) {
        let channels = max(1, format.channels)
        let frames = min(Self.frames(at: format.sampleRate), samples.count / channels)
        for frame in 0..<frames {
            let gain = Float(sin((Double(frame) + 0.5) / Double(frames) * Double.pi / 2))
            for channel in 0..<channels { samples[frame * channels + channel] *= gain }
        }
    }

    /// Writes a ramp from the last frame written down to silence.
    private func rampDown(on output: AudioOutput, format: PCMFormat) {
        let channels = format.channels
        let frames = Self.frames(at: format.sampleRate)
        for frame in 0..<frames {
            let gain = Float(frames - 1 - frame) / Float(frames)
            for channel in 0..<channels { scratch[frame * channels + channel] = lastFrame[channel] * gain }
        }
        _ = try? output.write(UnsafeBufferPointer(start: scratch, count: frames * channels), precision: 32)
    }

    private static func frames(at sampleRate: Int) -> Int {
        max(1, min(mostFrames, Int(clamping: Double(sampleRate) * seconds)))
    }
}
