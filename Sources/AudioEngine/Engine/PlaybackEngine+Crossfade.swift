import Foundation

// MARK: The held tail, on the decoder thread

extension PlaybackEngine {
    /// The frames to hold back at `sampleRate` while crossfade is on; nil when nothing is held or being mixed and
    /// crossfade is off, so the samples go straight to the ring at no cost.
    func holdFrames(of tail: CrossfadeTail, mixing: Bool, sampleRate: Int) -> Int? {
        let seconds = control.withLock { crossfadeSeconds }
        if seconds == 0, tail.isEmpty, !mixing { return nil }
        return Int(clamping: seconds * Double(sampleRate))
    }

    /// Sends what `tail` holds of track `token` (decoded in `generation`) to the ring, in chunks, keeping `hold`
    /// frames back (0: all of it); false when the track no longer matters (the caller stops).
    func sendHeld(_ tail: CrossfadeTail, of token: EngineToken, generation: Int, keeping hold: Int = 0) -> Bool {
        guard tail.isHolding(token, generation: generation) else { return true }
        // All of it: a skip's track left that nothing fades into plays on for the fade's length.
        if hold == 0 { tail.readSkippedRest() }
        let isStale = { !self.isLive(token, generation: generation) }
        let chunkSamples = Self.chunkFrames * tail.format.channels
        var due = tail.due(keeping: hold)
        while due > 0 {
            guard let slot = ring.acquireSlot(isStale: isStale) else { return false }
            let count = min(due, chunkSamples)
            let startFrame = tail.startFrame
            tail.take(count, into: ring.samples(of: slot).baseAddress!)
            let content = PCMChunk.Content.samples(slot: slot, count: count, token: token, startFrame: startFrame)
            guard ring.push(PCMChunk(generation: generation, content: content), isStale: isStale) else { return false }
            due -= count
        }
        return true
    }
}
