import Foundation

/// The last seconds of the track being decoded, held back on the decoder thread while crossfade is on, so that the
/// next track can be mixed into them at the border: the held samples fade out (cosine) as the next track's first
/// samples fade in (sine), equal power over the whole of what is held. The mixed samples belong to the next track,
/// which thereby begins where the fade begins.
///
/// Samples go out (`take`) only once they are final and more than the crossfade's length is held. A copy of what was
/// held is kept at each fade, so that when the track faded into is replaced before it is heard the next one fades
/// into the same samples (`restore`). Not thread-safe: the decoder thread owns it.
final class CrossfadeTail {
    /// Whose samples are held: the track and the engine's generation it was decoded in.
    private(set) var token: EngineToken?
    private(set) var generation = -1
    /// The format of the samples held (the track's; a track faded into is decoded into it).
    private(set) var format = PCMFormat.fixed
    /// The frame of track `token` the first sample held belongs to.
    private(set) var startFrame = 0
    private let held = PendingSamples(capacity: 0)
    /// While track `token` is being mixed in: the frames the fade lasts, and the frames of the track given so far.
    private var fadeFrames = 0
    private var givenFrames = 0
    /// What was held when the track before faded into `token`, and whose it was.
    private let saved = PendingSamples(capacity: 0)
    private var savedFrom: (token: EngineToken, generation: Int, startFrame: Int)?

    /// Frames held.
    var frames: Int { held.count / format.channels }

    /// Whether samples of track `token`, decoded in `generation`, are held.
    func isHolding(_ token: EngineToken, generation: Int) -> Bool {
        self.token == token && self.generation == generation && held.count > 0
    }

    /// Holds samples of track `token` (nothing yet), of `format`, from frame `startFrame`.
    func start(_ token: EngineToken, generation: Int, format: PCMFormat, at startFrame: Int) {
        held.removeAll()
        self.token = token
        self.generation = generation
        self.format = format
        self.startFrame = startFrame
        fadeFrames = 0
        givenFrames = 0
    }

    /// Forgets everything held (a new track or a seek).
    func discard() {
        held.removeAll()
        token = nil
        fadeFrames = 0
        savedFrom = nil
    }

    /// The track before was replaced by another or went out as it is: the copy kept at its fade is no longer needed.
    func forgetSaved() { savedFrom = nil }

    /// Begins to mix track `next` into all that is held: from here on the samples held are `next`'s, from its frame
    /// 0. Keeps a copy of them as they are, for `restore`.
    func beginFade(into next: EngineToken) {
        guard let token else { return }
        saved.removeAll()
        saved.append(held.samples)
        savedFrom = (token, generation, startFrame)
        self.token = next
        startFrame = 0
        fadeFrames = frames
        givenFrames = 0
    }

    /// Holds again what was held before track `token` faded into one that has since been replaced; false when no
    /// copy of `token`'s (decoded in `generation`) is kept.
    func restore(_ token: EngineToken, generation: Int) -> Bool {
        guard let from = savedFrom, from.token == token, from.generation == generation else { return false }
        held.removeAll()
        held.append(saved.samples)
        self.token = token
        startFrame = from.startFrame
        fadeFrames = 0
        givenFrames = 0
        return true
    }

    /// Adds the track's next samples, which begin at frame `frame`: mixed into those held while the fade lasts, after
    /// them once it is over.
    func add(_ samples: UnsafeBufferPointer<Float>, at frame: Int) {
        let channels = format.channels
        if held.count == 0, givenFrames >= fadeFrames {
            // Nothing held (crossfade was off): the samples start where they say.
            startFrame = frame
            fadeFrames = 0
            givenFrames = 0
        }
        var offset = 0
        if givenFrames < fadeFrames {
            let mixed = min(fadeFrames - givenFrames, samples.count / channels)
            let target = held.mutableSamples
            for index in 0..<mixed {
                let (fadeOut, fadeIn) = gains(at: givenFrames + index)
                let base = (givenFrames + index - startFrame) * channels
                for channel in 0..<channels {
                    target[base + channel] =
                        target[base + channel] * fadeOut + samples[index * channels + channel] * fadeIn
                }
            }
            givenFrames += mixed
            offset = mixed * channels
        }
        if offset < samples.count {
            held.append(UnsafeBufferPointer(rebasing: samples[offset...]))
            givenFrames += (samples.count - offset) / channels
        }
    }

    /// The track ended before the fade did: what is left of the track before fades out alone.
    func finishFade() {
        guard givenFrames < fadeFrames else { return }
        let channels = format.channels
        let target = held.mutableSamples
        for frame in givenFrames..<fadeFrames {
            let base = (frame - startFrame) * channels
            let fadeOut = gains(at: frame).fadeOut
            for channel in 0..<channels { target[base + channel] *= fadeOut }
        }
        fadeFrames = 0
        givenFrames = 0
    }

    /// Samples that may go out now, keeping `holdFrames` frames back: never one the fade has still to mix into.
    func due(keeping holdFrames: Int) -> Int {
        let final = givenFrames < fadeFrames ? givenFrames - startFrame : frames
        return max(0, min(frames - holdFrames, final)) * format.channels
    }

    /// Whether nothing is held.
    var isEmpty: Bool { held.count == 0 }

    /// Moves the first `count` samples held (whole frames) to `destination`.
    func take(_ count: Int, into destination: UnsafeMutablePointer<Float>) {
        held.take(count, into: destination)
        startFrame += count / format.channels
    }

    /// The out and in gains at frame `frame` of the fade.
    private func gains(at frame: Int) -> (fadeOut: Float, fadeIn: Float) {
        let angle = (Float(frame) + 0.5) / Float(fadeFrames) * (Float.pi / 2)
        return (cos(angle), sin(angle))
    }
}
