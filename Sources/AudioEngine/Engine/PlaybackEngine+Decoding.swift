import FFmpegSupport
import Foundation
import MediaModel

// MARK: The decoder thread

extension PlaybackEngine {
    /// What the decoder thread does next.
    private enum DecoderJob {
        /// Decode `lane` from `time` seconds in, for `generation`; after track `previous` (the next track), or
        /// afresh (nil: a new track, a seek), fading out `fadesOut` where the output left it (a skip that fades).
        case decode(generation: Int, lane: Lane, time: Double, after: EngineToken?, fadesOut: Lane? = nil)
        /// Mark the end of `token`: nothing was handed over to follow it.
        case markEnd(generation: Int, token: EngineToken)
    }

    func decodeLoop() {
        // The decoder thread's own: the end of the track decoded last, held back while crossfade is on.
        let tail = CrossfadeTail()
        while let job = takeJob() {
            switch job {
            case .decode(let generation, let lane, let time, let previous, let fadesOut):
                if let fadesOut, holdSkipped(fadesOut, generation: generation, in: tail) {
                    decode(lane, from: 0, generation: generation, after: fadesOut.token, tail: tail)
                } else {
                    decode(lane, from: time, generation: generation, after: previous, tail: tail)
                }
                control.withLock {
                    if isLiveLocked(lane.token, generation: generation) {
                        decodedLast = lane.token
                        endMarked = false
                    }
                }
            case .markEnd(let generation, let token):
                guard sendHeld(tail, of: token, generation: generation) else { continue }
                let end = PCMChunk(generation: generation, content: .end(token: token))
                _ = ring.push(end) { !self.isLive(token, generation: generation) }
            }
        }
    }

    /// Waits for the decoder's next job: a track to start from a time, the next track once the one playing is
    /// decoded, or the end to mark when none was handed over. Nil once the engine shuts down.
    private func takeJob() -> DecoderJob? {
        control.lock()
        defer { control.unlock() }
        while true {
            if shuttingDown { return nil }
            if let job = request {
                request = nil
                decodedLast = nil
                endMarked = false
                return .decode(
                    generation: job.generation, lane: job.lane, time: job.time, after: nil, fadesOut: job.fadesOut)
            }
            if let done = decodedLast {
                if done == now?.token, var following = next, !following.taken {
                    following.taken = true
                    next = following
                    decodedLast = nil
                    return .decode(generation: generation, lane: following, time: 0, after: done)
                }
                if !endMarked {
                    endMarked = true
                    return .markEnd(generation: generation, token: done)
                }
            }
            control.wait()
        }
    }

    /// Decodes `lane` into the ring from `time` seconds in; what fails is told in the ring, where it would have
    /// been heard. After track `previous`, the end of that track held back goes out first, or the track fades into
    /// it.
    private func decode(
        _ lane: Lane, from time: Double, generation: Int, after previous: EngineToken?, tail: CrossfadeTail
    ) {
        let token = lane.token
        let stale = { !self.isLive(token, generation: generation) }
        var fadesFrom: CrossfadeTail?
        if let previous {
            if !tail.isHolding(previous, generation: generation), !tail.restore(previous, generation: generation) {
                // (A skip's track left is held by `holdSkipped`, in this generation.)
                tail.discard()
            }
            if lane.track.crossfades, lane.track.streamURL == nil, tail.isHolding(previous, generation: generation),
                control.withLock({ crossfadeSeconds > 0 })
            {
                fadesFrom = tail
            } else {
                tail.forgetSaved()
                guard sendHeld(tail, of: previous, generation: generation) else { return }
            }
        } else {
            tail.discard()
        }
        do throws(FFmpegErrorBox) {
            try decodeTrack(
                lane.track, token: token, from: time, generation: generation, tail: tail, fadingFrom: fadesFrom)
            tail.finishFade()
        } catch {
            if let previous, tail.isHolding(previous, generation: generation) {
                // The track did not open: the one before ends as it would have with nothing to fade into.
                guard sendHeld(tail, of: previous, generation: generation) else { return }
            }
            let failed = PCMChunk(generation: generation, content: .failed(token: token, message: error.message))
            _ = ring.push(failed, isStale: stale)
        }
    }

    /// Decodes a file from `time` (through `tail`, which holds the track before when it fades into this one), or
    /// plays a stream.
    func decodeTrack(
        _ track: EngineTrack, token: EngineToken, from time: Double, generation: Int, tail: CrossfadeTail,
        fadingFrom fading: CrossfadeTail?
    ) throws(FFmpegErrorBox) {
        if let url = track.streamURL {
            try decodeStream(url, token: token, generation: generation)
            return
        }
        let decoder: AudioDecoder
        do {
            // A track faded into is decoded into the format of the one it is mixed with.
            let target = fading.map { held in { (_: PCMFormat) in held.format } } ?? targetFormat()
            decoder = try AudioDecoder(path: track.path, fileExtension: track.fileExtension, target: target)
            if track.start > 0 || track.end != nil { try decoder.window(start: track.start, end: track.end) }
            if time > 0 { try decoder.seek(to: time) }
        } catch {
            throw FFmpegErrorBox(message: error.description)
        }
        var progress = DecodeProgress(
            frame: Int(clamping: MediaTime.position(time) * Double(decoder.format.sampleRate)))
        if let fading {
            fading.beginFade(into: token)
            let mixed = fading.fadeFrames
            control.withLock { fadedInto = (token, mixed) }
        } else {
            tail.start(token, generation: generation, format: decoder.format, at: progress.frame)
        }
        try pump(
            decoder, gain: track.gain, token: token, generation: generation, progress: &progress, tail: tail,
            mixed: fading != nil)
    }

    /// What picks a song's format from its own: the output's answer for it, or for the fixed format.
    private func targetFormat() -> (PCMFormat) -> PCMFormat {
        let choice = control.withLock { formatChoice }
        let output = self.output
        return { native in output.acceptedFormat(for: choice == .fixed ? .fixed : native) }
    }

    /// Where decoding a track has got to: the frame its next samples start at, whether samples went out since the
    /// last (re)connection, and a stream's last title.
    struct DecodeProgress {
        var frame: Int
        var delivered = false
        var title: String?
    }

    /// Plays the stream at `url` as track `token` (from its live point), reconnecting when it drops or stalls after
    /// having played.
    /// - Throws: when it does not open, or drops `streamRetries` times in a row without playing again.
    private func decodeStream(_ url: String, token: EngineToken, generation: Int) throws(FFmpegErrorBox) {
        let stale = { !self.isLive(token, generation: generation) }
        var progress = DecodeProgress(frame: 0)
        var everPlayed = false
        var attempt = 0
        while true {
            progress.delivered = false
            do throws(FFmpegErrorBox) {
                // Every wait on the network ends when the track is left (a skip, a stop), and none is unbounded.
                let interrupt = StreamInterrupt(
                    openSeconds: streamTimeout, stallSeconds: streamTimeout, shouldStop: stale)
                let decoder: AudioDecoder
                do {
                    decoder = try AudioDecoder(
                        streamURL: url, timeout: streamTimeout, interrupt: interrupt, target: targetFormat())
                } catch {
                    throw FFmpegErrorBox(message: error.description)
                }
                try pump(
                    decoder, gain: 1, token: token, generation: generation, progress: &progress, tail: nil,
                    mixed: false)
                return
            } catch {
                if stale() { return }
                if progress.delivered {
                    everPlayed = true
                    attempt = 0
                }
                guard everPlayed else { throw error }
                guard attempt < Self.streamRetries else {
                    throw FFmpegErrorBox(message: "\(error.message) (reconnected \(attempt) times in vain)")
                }
                attempt += 1
                // Told when the audio before the drop has been heard, where the listener hears the gap.
                let told = PCMChunk.Content.streamDropped(token: token, attempt: attempt, message: error.message)
                guard ring.push(PCMChunk(generation: generation, content: told), isStale: stale) else { return }
                guard waitForRetry(seconds: Self.retryDelay(attempt), token: token, generation: generation) else {
                    return
                }
            }
        }
    }

    /// Waits `seconds` before a reconnection; false (at once) when the track is left meanwhile.
    private func waitForRetry(seconds: Double, token: EngineToken, generation: Int) -> Bool {
        let until = Date(timeIntervalSinceNow: seconds)
        control.lock()
        defer { control.unlock() }
        while isLiveLocked(token, generation: generation) {
            if !control.wait(until: until) { break }
        }
        return isLiveLocked(token, generation: generation)
    }

    /// Decodes what `decoder` opened into the ring as track `token`, until its end or until it no longer matters;
    /// through `tail` (a file's), which holds back the crossfade's length, and into which `token` is being mixed
    /// when `mixed`.
    /// - Throws: when decoding fails (for a stream: when it drops or stalls).
    func pump(
        _ decoder: AudioDecoder, gain: Float, token: EngineToken, generation: Int, progress: inout DecodeProgress,
        tail: CrossfadeTail?, mixed: Bool
    ) throws(FFmpegErrorBox) {
        let (choice, equalizer) = control.withLock { (formatChoice, self.equalizer) }
        let format = decoder.format
        let filter = equalizer.map { EqualizerFilter($0, sampleRate: format.sampleRate, channels: format.channels) }
        if choice == .native, format != decoder.nativeFormat, fallbacksTold.insert(decoder.nativeFormat).inserted {
            send(.formatFallback(wanted: decoder.nativeFormat, used: format))
        }
        let isStale = { !self.isLive(token, generation: generation) }
        // A gain or the equalizer moves the samples off the song's own steps: the output dithers them to its own.
        let precision = gain != 1 || filter != nil || mixed ? 32 : decoder.precision
        let begin = PCMChunk.Content.begin(token: token, format: format, precision: precision)
        guard ring.push(PCMChunk(generation: generation, content: begin), isStale: isStale) else { return }
        let chunkSamples = Self.chunkFrames * format.channels
        // Decoded straight into the ring's slots; a slot goes out once it holds a chunk's samples or more.
        let samples = SlotSamples(ring: ring, chunkSamples: chunkSamples)
        var more = true
        while more {
            guard samples.takeSlot(isStale: isStale) else { return }
            do { more = try decoder.decode(into: samples) } catch { throw FFmpegErrorBox(message: error.description) }
            // Full slots as long as there are enough samples; what is left over at the end of the file.
            while samples.count >= chunkSamples || (!more && samples.count > 0) {
                guard samples.takeSlot(isStale: isStale), let (slot, count) = samples.handOn()
                else { return }
                let buffer = UnsafeMutableBufferPointer(rebasing: ring.samples(of: slot)[..<count])
                if gain != 1 { Self.scale(buffer, by: gain) }
                filter?.process(buffer)
                if let tail, let hold = holdFrames(of: tail, mixing: mixed, sampleRate: format.sampleRate) {
                    // Into the held tail; what is due goes on in slots of its own.
                    tail.add(UnsafeBufferPointer(buffer), at: progress.frame)
                    ring.release(slot: slot)
                    guard sendHeld(tail, of: token, generation: generation, keeping: hold) else { return }
                } else {
                    let content = PCMChunk.Content.samples(
                        slot: slot, count: count, token: token, startFrame: progress.frame)
                    guard ring.push(PCMChunk(generation: generation, content: content), isStale: isStale) else {
                        return
                    }
                }
                progress.frame += count / format.channels
                progress.delivered = true
                // A stream's title, checked once a chunk: it goes into the ring behind the audio it came with.
                if let block = decoder.icyMetadata, let title = ICYMetadata.streamTitle(in: block),
                    title != progress.title
                {
                    progress.title = title
                    let told = PCMChunk.Content.streamTitle(token: token, title: title)
                    guard ring.push(PCMChunk(generation: generation, content: told), isStale: isStale) else { return }
                }
            }
        }
    }

    /// Multiplies `samples` by `gain` (ReplayGain, on the decoder thread), in floating point; the output clips what
    /// passes full scale when it writes its sample format.
    static func scale(_ samples: UnsafeMutableBufferPointer<Float>, by gain: Float) {
        for index in samples.indices { samples[index] *= gain }
    }
}
