import Foundation

/// The last seconds of the track being decoded, held back on the decoder thread while crossfade is on, so that the
/// next track can be mixed into them at the border: the held samples fade out (cosine) as the next track's first
/// samples fade in (sine), equal power over the whole of what is held. The mixed samples belong to the next track,
/// which thereby begins where the fade begins.
///
/// Samples go out (`take`) only once they are final and more than the crossfade's length is held. A copy of what was
/// held is kept at each fade, so that when the track faded into is replaced before it is heard the next one fades
/// into the same samples (`restore`).
///
/// After a skip, the track left is held from the frame the output left it at (`startSkipped`) and read on only as
/// the new track is mixed into it (`SkippedTrackReader`); that fade's mixed samples go out as soon as they are
/// mixed, since the output holds no more than a tenth of a second then. Not thread-safe: the decoder thread owns it.
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
    private(set) var fadeFrames = 0
    private var givenFrames = 0
    /// What was held when the track before faded into `token`, and whose it was.
    private let saved = PendingSamples(capacity: 0)
    private var savedFrom: (token: EngineToken, generation: Int, startFrame: Int)?
    /// The rest of a skip's track left, while the fade still needs some of it, and where its fade ends (a frame of
    /// the track left, then of the track faded into).
    private var skipped: SkippedTrackReader?
    private var skippedEnd = 0
    /// Whether what is held is a skip's track left, and whether the fade being mixed is from one.
    private var holdsSkipped = false
    private var skipFade = false

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
        skipped = nil
        holdsSkipped = false
        skipFade = false
    }

    /// Holds the track `token` a skip left (decoded in `generation`), of `format`, from its frame `startFrame`,
    /// where `reader` reads on: its first chunk now, the rest of `frames` as the fade needs them. False when
    /// nothing of it decodes.
    func startSkipped(
        _ token: EngineToken, generation: Int, format: PCMFormat, at startFrame: Int, reader: SkippedTrackReader,
        frames: Int
    ) -> Bool {
        start(token, generation: generation, format: format, at: startFrame)
        skipped = reader
        holdsSkipped = true
        skippedEnd = startFrame + frames
        readSkipped(upTo: startFrame + min(frames, PlaybackEngine.chunkFrames))
        return held.count > 0
    }

    /// Reads the rest of the skip's track left that its fade would take: all of it is to go out as it is (the new
    /// track did not open, or crossfade was turned off).
    func readSkippedRest() { readSkipped(upTo: skippedEnd) }

    /// Reads the skip's track left on until the held samples reach `frame` (or the fade's end, or the track's);
    /// when the track ends first, the fade ends with it.
    private func readSkipped(upTo frame: Int) {
        guard let reader = skipped else { return }
        let wanted = min(frame, skippedEnd) - (startFrame + frames)
        if wanted > 0, reader.read(wanted, into: held) < wanted {
            skippedEnd = startFrame + frames
            if skipFade { fadeFrames = skippedEnd }
        }
        if startFrame + frames >= skippedEnd { skipped = nil }
    }

    /// Forgets everything held (a new track or a seek).
    func discard() {
        held.removeAll()
        token = nil
        fadeFrames = 0
        savedFrom = nil
        skipped = nil
        holdsSkipped = false
        skipFade = false
    }

    /// The track before was replaced by another or went out as it is: the copy kept at its fade is no longer needed.
    func forgetSaved() { savedFrom = nil }

    /// Begins to mix track `next` into all that is held: from here on the samples held are `next`'s, from its frame
    /// 0. Keeps a copy of them as they are, for `restore` (not of a skip's, which is read as the fade goes and
    /// which no other track ever fades from).
    func beginFade(into next: EngineToken) {
        guard let token else { return }
        skipFade = holdsSkipped
        holdsSkipped = false
        if skipFade {
            savedFrom = nil
            skippedEnd -= startFrame
        } else {
            saved.removeAll()
            saved.append(held.samples)
            savedFrom = (token, generation, startFrame)
        }
        self.token = next
        fadeFrames = skipFade ? skippedEnd : frames
        startFrame = 0
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
        skipped = nil
        holdsSkipped = false
        skipFade = false
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
            readSkipped(upTo: givenFrames + samples.count / channels)
        }
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
        readSkipped(upTo: fadeFrames)
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
        guard givenFrames < fadeFrames else { return max(0, frames - holdFrames) * format.channels }
        // A skip's fade goes out as it is mixed; its end is held back as any track's is once the fade is over.
        let mixed = givenFrames - startFrame
        return max(0, skipFade ? mixed : min(frames - holdFrames, mixed)) * format.channels
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
