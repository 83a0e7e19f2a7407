import Foundation

// MARK: A skip that fades

/// A new track while crossfade is on is no cut: the track left goes on from the last sample the output took of it
/// (the engine lets the output finish the chunk it is writing, and nothing is flushed), fading out over the
/// crossfade's length as the new track fades in, through the same `CrossfadeTail` as a border's fade.
extension PlaybackEngine {
    /// The frames decoded before the frame the track left goes on from and dropped, so that its resampler and
    /// equalizer run as they ran when the output took it (a decoder's state is not there at its first samples).
    private static let prerollSeconds = 0.05

    /// Starts `lane` as a skip that fades, when crossfade is on, a file plays (not paused) and has been heard, and
    /// `lane` is a file that crossfades; false, doing nothing, otherwise (the caller cuts as for any new track).
    func skipFading(into lane: Lane) -> Bool {
        control.lock()
        guard crossfadeSeconds > 0, !paused, !shuttingDown, lane.track.crossfades, lane.track.streamURL == nil,
            let left = now, left.track.streamURL == nil, playing?.token == left.token
        else {
            control.unlock()
            return false
        }
        now = lane
        next = nil
        generation += 1
        let current = generation
        decodedLast = nil
        endMarked = false
        playing = (lane.token, 0)
        smoothCut = true
        heldAtCut = nil
        continuedGeneration = current
        request = (current, lane, 0, left)
        control.broadcast()
        control.unlock()
        ring.clear(before: current)
        return true
    }

    /// On the decoder thread: holds in `tail` the start of the crossfade's length of `left`, the track a skip left,
    /// from the last frame the output took of it (once the chunk it is writing is written); the new track is then
    /// mixed into it, and the rest of it read as the mixing needs it. False when none can be held: nothing of
    /// `left` was written, it no longer decodes, or the skip was overtaken.
    func holdSkipped(_ left: Lane, generation: Int, in tail: CrossfadeTail) -> Bool {
        tail.discard()
        control.lock()
        while outputWriting, self.generation == generation, !shuttingDown { control.wait() }
        let written = lastWritten
        let seconds = crossfadeSeconds
        let equalizer = self.equalizer
        let live = self.generation == generation && !shuttingDown
        let mixed = fadedInto.map { $0.token == written?.token && (written?.frame ?? 0) < $0.frames } ?? false
        control.unlock()
        guard live, let written, written.token == left.token, seconds > 0, !mixed else { return cut(generation) }
        let format = written.format
        let filter = equalizer.map { EqualizerFilter($0, sampleRate: format.sampleRate, channels: format.channels) }
        let preroll = min(written.frame, Int(clamping: Self.prerollSeconds * Double(format.sampleRate)))
        var wanted = Int(clamping: seconds * Double(format.sampleRate))
        do {
            let decoder = try AudioDecoder(
                path: left.track.path, fileExtension: left.track.fileExtension, target: { _ in format })
            if left.track.start > 0 || left.track.end != nil {
                try decoder.window(start: left.track.start, end: left.track.end)
            }
            // Skipped near its end: the fade lasts what is left of it (a duration that is only an estimate and says
            // less than was played leaves the reader to find the end).
            let end = Int(clamping: decoder.duration * Double(format.sampleRate))
            if end > written.frame { wanted = min(wanted, end - written.frame) }
            try decoder.seek(to: Double(written.frame - preroll) / Double(format.sampleRate))
            let reader = SkippedTrackReader(decoder, gain: left.track.gain, filter: filter, preroll: preroll)
            guard
                tail.startSkipped(
                    left.token, generation: generation, format: format, at: written.frame, reader: reader,
                    frames: wanted)
            else { return cut(generation) }
        } catch {
            tail.discard()
            return cut(generation)
        }
        guard !isStale(generation) else { return cut(generation) }
        return true
    }

    /// The skip of `generation` does not fade after all: the music left ends as at a cut (the output thread ramps
    /// it down before the new track's first samples). Returns false.
    private func cut(_ generation: Int) -> Bool {
        control.withLock { if continuedGeneration == generation { continuedGeneration = -1 } }
        return false
    }
}
