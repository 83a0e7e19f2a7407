import FFmpegSupport
import Foundation
// Threads: owns two threads. "addmusic.engine.decode" opens and decodes the queue's files and streams one after
// another into the ring (a stream's network waits all bounded, see `StreamInterrupt`); "addmusic.engine.output"
// takes chunks from the ring and writes them to the output, which paces it.
// Control calls come from any thread and take a lock briefly; events go out on the queue given to `init`.
import MediaModel

/// Plays a queue of files gaplessly through an `AudioOutput`: decoder thread → bounded ring of PCM chunks → output.
/// An item may be an `http`/`https` stream (`EngineTrack(streamURL:)`): it plays from where it is live (a seek
/// starts it again), its ICY titles are reported as they are heard, and when it drops or stalls after playing it is
/// reported and reconnected, up to `streamRetries` times in a row with a growing pause; one that never plays fails
/// at once, and the queue goes on.
///
/// A seek, a skip or a stop starts a new generation: the ring and the output's buffer are emptied at once and
/// chunks of the old generation still in flight are dropped, so no tail of the old position is heard.
public final class PlaybackEngine: @unchecked Sendable {
    /// What the engine reports, in order, on its event queue.
    public enum Event: Sendable, Equatable {
        /// The queue's item `index` began to play (its first samples reached the output); sent again after a
        /// seek or a skip.
        case itemStarted(index: Int)
        /// Item `index` could not be played (missing, unreadable, not audio) and was skipped.
        case itemFailed(index: Int, message: String)
        /// The last item has been played out.
        case finished
        /// The output failed; playback has stopped.
        case outputFailed(message: String)
        /// The device the output played on went away; playback is paused, `resume()` plays on elsewhere (B-P4).
        case deviceUnavailable
        /// The audio server went away; the engine waits for it and plays on when it is back (B-F4).
        case audioServerUnavailable
        /// The audio server is back.
        case audioServerAvailable
        /// Audio that takes priority (a call) began; the output has paused.
        case interruptionBegan
        /// The interruption ended; `resume()` plays on. Without `shouldResume`, its end is not known (the server went
        /// away during the call): playing on is the user's choice.
        case interruptionEnded(shouldResume: Bool)
        /// The output does not take a song's format (`wanted`); it plays in `used`, dithered where that holds less.
        /// Sent once per format.
        case formatFallback(wanted: PCMFormat, used: PCMFormat)
        /// The stream of item `index` sent the title `title` (ICY `StreamTitle`, untrusted text), sent when the audio
        /// that came with it is heard.
        case streamTitleChanged(index: Int, title: String)
        /// The stream of item `index` dropped or stalled (`message` says how); the engine reconnects, this being the
        /// `attempt`th time in a row. Sent when the audio that came before the drop has been heard.
        case streamReconnecting(index: Int, attempt: Int, message: String)
    }

    /// How many times in a row a stream that dropped is reconnected before it fails (a reconnection that plays
    /// again starts the count afresh).
    public static let streamRetries = 3

    /// The pause before reconnection `attempt` (1, 2, 3…): 0.5 s, doubled each time.
    static func retryDelay(_ attempt: Int) -> Double { 0.5 * Double(1 << min(max(0, attempt - 1), 6)) }

    /// The bound on each wait for a stream: to answer and send its first audio, and between bytes afterwards.
    private let streamTimeout: Double

    private let output: AudioOutput
    /// Chunks of 4,096 frames (93 ms at 44.1 kHz), whatever the codec's frame size, so that handing samples from
    /// the decoder to the output costs the same for every format; each slot has room for the most channels a song
    /// keeps.
    private let ring: PCMRing
    private static let chunkFrames = 4096
    private let control = NSCondition()
    private let eventQueue: DispatchQueue
    private let onEvent: @Sendable (Event) -> Void
    private var tracks: [EngineTrack] = []
    private var generation = 0
    private var request: (generation: Int, index: Int, time: Double)?
    /// The item the output thread wrote last, and the time in it its last sample ends at.
    private var playing: (index: Int, time: Double)?
    /// Which format the stream takes: each song's own, or the fixed one.
    private var formatChoice: OutputFormatChoice
    /// Song formats the output did not take, already told (the decoder thread's).
    private var fallbacksTold: Set<PCMFormat> = []
    /// The item the decoder thread works on, and the generation it decodes for.
    private var decoding: (generation: Int, index: Int)?
    /// Where the decoder stopped for want of a next item: the generation, which end this is (they are counted, and
    /// the `.endOfQueue` chunk names it), and the item decoded last. Set until items come and decoding goes on
    /// from there, or the output reaches this end and plays it out.
    private var ended: (generation: Int, end: Int, last: Int)?
    private var ends = 0
    private var shuttingDown = false
    private var nextItemRule: @Sendable (Int, Int) -> Int? = { index, count in index + 1 < count ? index + 1 : nil }
    private let threadsDone = DispatchGroup()

    /// An engine on `output`, whose stream takes each song's own format (`.native`) or the fixed one; events are
    /// delivered on `events` (a serial queue) to `onEvent`. The output opens in the fixed format, and again in a
    /// song's own when it first plays. `streamTimeout` bounds each wait for a stream (its answer and first audio, and
    /// any gap between bytes).
    /// - Throws: the output's error when it cannot be opened.
    public init(
        output: AudioOutput, outputFormat: OutputFormatChoice = .native, streamTimeout: Double = 10,
        events: DispatchQueue, onEvent: @escaping @Sendable (Event) -> Void
    ) throws {
        self.output = output
        self.streamTimeout = streamTimeout
        formatChoice = outputFormat
        ring = PCMRing(capacity: 24, samplesPerSlot: Self.chunkFrames * AudioDecoder.maxChannels)
        eventQueue = events
        self.onEvent = onEvent
        output.setEventHandler { event in
            switch event {
            case .deviceUnavailable: events.async { onEvent(.deviceUnavailable) }
            case .serverUnavailable: events.async { onEvent(.audioServerUnavailable) }
            case .serverAvailable: events.async { onEvent(.audioServerAvailable) }
            case .interruptionBegan: events.async { onEvent(.interruptionBegan) }
            case .interruptionEnded(let shouldResume):
                events.async { onEvent(.interruptionEnded(shouldResume: shouldResume)) }
            case .formatRefused(let wanted, let used):
                events.async { onEvent(.formatFallback(wanted: wanted, used: used)) }
            }
        }
        try output.open(.fixed)
        threadsDone.enter()
        threadsDone.enter()
        let decoder = Thread { [self] in
            decodeLoop()
            threadsDone.leave()
        }
        decoder.name = "addmusic.engine.decode"
        decoder.start()
        let writer = Thread { [self] in
            outputLoop()
            threadsDone.leave()
        }
        writer.name = "addmusic.engine.output"
        writer.start()
    }

    /// Plays `tracks` from item `index`, `time` seconds in, replacing whatever played.
    public func play(_ tracks: [EngineTrack], from index: Int = 0, at time: Double = 0) {
        restart(index: index, time: time, tracks: tracks)
    }

    /// Adds `tracks` after the queue's last item; what plays goes on undisturbed.
    public func append(_ tracks: [EngineTrack]) {
        control.lock()
        self.tracks += tracks
        control.broadcast()
        control.unlock()
        continueAfterEnd()
    }

    /// Sets which item follows item `index` of a queue of `count` (nil: the queue ends there). Called on the
    /// decoder thread as each item ends, so it must be quick and thread-safe. By default: the next item, and none
    /// after the last. The player uses it for shuffle and repeat.
    public func setNextItemRule(_ rule: @escaping @Sendable (_ index: Int, _ count: Int) -> Int?) {
        control.lock()
        nextItemRule = rule
        control.unlock()
    }

    /// Tells the engine that the next-item rule now answers differently (items inserted or removed, shuffle or
    /// repeat changed). When the decoder has already moved on to an item the rule no longer picks next, playback
    /// restarts at the heard position of the item playing, so the new order is the one heard.
    public func nextItemRuleChanged() {
        continueAfterEnd()
        control.lock()
        guard let playing, let decoding, decoding.generation == generation, decoding.index != playing.index else {
            control.unlock()
            return
        }
        let rule = nextItemRule
        let count = tracks.count
        control.unlock()
        guard rule(playing.index, count) != decoding.index, let heard = position, heard.index == playing.index else {
            return
        }
        restart(index: heard.index, time: heard.time)
    }

    /// Moves to `time` seconds into the item playing (or last played).
    public func seek(to time: Double) {
        restart(index: position?.index ?? 0, time: MediaTime.position(time))
    }

    /// Moves to the start of item `index`.
    public func skip(to index: Int) { restart(index: index, time: 0) }

    /// Sets which format the stream takes, from the next song decoded on; a song playing goes on (restarted where
    /// it is heard, so the change is heard at once) in the new one.
    public func setOutputFormat(_ choice: OutputFormatChoice) {
        control.lock()
        let changed = formatChoice != choice
        formatChoice = choice
        control.unlock()
        guard changed, let heard = position else { return }
        restart(index: heard.index, time: heard.time)
    }

    /// Sets the loudness, 0 to 1, at the output.
    public func setVolume(_ volume: Double) { output.setVolume(volume) }

    /// Holds the output where it is; `resume()` plays on from the same sample.
    public func pause() { output.pause() }

    /// Plays on after `pause()`.
    public func resume() { output.resume() }

    /// Stops playing and empties every buffer; the queue stays.
    public func stop() {
        control.lock()
        generation += 1
        let current = generation
        request = nil
        playing = nil
        control.broadcast()
        control.unlock()
        ring.clear(before: current)
        output.flush()
    }

    /// The item playing and how far into it (seconds heard, the output's buffer taken into account).
    public var position: (index: Int, time: Double)? {
        control.lock()
        let current = playing
        control.unlock()
        guard let current else { return nil }
        return (current.index, max(0, current.time - output.delay))
    }

    /// Stops both threads and closes the output. The engine cannot play afterwards.
    public func shutDown() {
        stop()
        control.lock()
        shuttingDown = true
        control.broadcast()
        control.unlock()
        ring.close()
        output.resume()
        threadsDone.wait()
        output.close()
    }

    private func restart(index: Int, time: Double, tracks newTracks: [EngineTrack]? = nil) {
        control.lock()
        if let newTracks { tracks = newTracks }
        generation += 1
        let current = generation
        request = nil
        playing = (index, MediaTime.position(time))
        control.broadcast()
        control.unlock()
        // Empty the buffers before the decoder may start on the new position, so nothing of it is flushed away.
        ring.clear(before: current)
        output.flush()
        control.lock()
        if generation == current {
            request = (current, index, time)
            control.broadcast()
        }
        control.unlock()
    }

    private func isStale(_ chunkGeneration: Int) -> Bool {
        control.lock()
        defer { control.unlock() }
        return generation != chunkGeneration || shuttingDown
    }

    private func send(_ event: Event) {
        let handler = onEvent
        eventQueue.async { handler(event) }
    }

    /// Sends an event that belongs to `generation`: dropped if a seek, skip, stop or new queue came in between,
    /// checked again where it is delivered (control calls made on the event queue are thereby ordered with it).
    private func send(_ event: Event, generation: Int) {
        let handler = onEvent
        eventQueue.async { [self] in
            if !isStale(generation) { handler(event) }
        }
    }

    // MARK: Decoder thread

    private func decodeLoop() {
        while true {
            control.lock()
            while request == nil && !shuttingDown { control.wait() }
            if shuttingDown {
                control.unlock()
                return
            }
            let job = request!
            request = nil
            control.unlock()
            decode(from: job.index, at: job.time, generation: job.generation)
        }
    }

    private func trackCount() -> Int {
        control.lock()
        defer { control.unlock() }
        return tracks.count
    }

    private func track(at index: Int) -> EngineTrack? {
        control.lock()
        defer { control.unlock() }
        return index < tracks.count ? tracks[index] : nil
    }

    private func decode(from firstIndex: Int, at firstTime: Double, generation: Int) {
        var next: Int? = firstIndex
        var last = firstIndex - 1
        var time = firstTime
        var failures = 0
        var final = false
        let stale = { self.isStale(generation) }
        while let index = next, let track = track(at: index) {
            if stale() { return }
            control.lock()
            decoding = (generation, index)
            control.unlock()
            do throws(FFmpegErrorBox) {
                try decodeTrack(track, index: index, from: time, generation: generation)
                failures = 0
            } catch {
                // A queue (or a repeated item) where nothing plays must end, not loop.
                failures += 1
                if failures > trackCount() {
                    final = true
                    break
                }
                guard
                    ring.push(
                        PCMChunk(generation: generation, content: .failed(index: index, message: error.message)),
                        isStale: stale)
                else { return }
            }
            if stale() { return }
            last = index
            next = nextIndex(after: index)
            time = 0
        }
        var end = 0
        if !final {
            end = control.withLock {
                ends += 1
                ended = (generation, ends, last)
                return ends
            }
            // Items added while the last one was decoded: on to them.
            if continueAfterEnd() { return }
        }
        _ = ring.push(PCMChunk(generation: generation, content: .endOfQueue(end: end, final: final)), isStale: stale)
    }

    /// Decodes on from where the decoder stopped at the end of the queue, when the next-item rule now names an item
    /// after it (items appended, a repeat turned on). At once, not when the output reaches that end: by then the
    /// server holds only its last 100 ms, too little to open the next file in on a busy machine. True when it did.
    @discardableResult
    private func continueAfterEnd() -> Bool {
        guard let end = control.withLock({ ended }), let next = nextIndex(after: end.last) else { return false }
        control.lock()
        defer { control.unlock() }
        guard let current = ended, current.end == end.end, current.generation == generation, !shuttingDown else {
            return false
        }
        ended = nil
        request = (generation, next, 0)
        control.broadcast()
        return true
    }

    /// The item to play after `index`, by the rule the owner set (by default the next one, none after the last).
    private func nextIndex(after index: Int) -> Int? {
        control.lock()
        let rule = nextItemRule
        let count = tracks.count
        control.unlock()
        return rule(index, count).flatMap { $0 >= 0 && $0 < count ? $0 : nil }
    }

    private func decodeTrack(_ track: EngineTrack, index: Int, from time: Double, generation: Int)
        throws(FFmpegErrorBox)
    {
        if let url = track.streamURL {
            try decodeStream(url, index: index, generation: generation)
            return
        }
        let decoder: AudioDecoder
        do {
            decoder = try AudioDecoder(path: track.path, fileExtension: track.fileExtension, target: targetFormat())
            if time > 0 { try decoder.seek(to: time) }
        } catch {
            throw FFmpegErrorBox(message: error.description)
        }
        var progress = DecodeProgress(
            frame: Int(clamping: MediaTime.position(time) * Double(decoder.format.sampleRate)))
        try pump(decoder, gain: track.gain, index: index, generation: generation, progress: &progress)
    }

    /// What picks a song's format from its own: the output's answer for it, or for the fixed format.
    private func targetFormat() -> (PCMFormat) -> PCMFormat {
        let choice = control.withLock { formatChoice }
        let output = self.output
        return { native in output.acceptedFormat(for: choice == .fixed ? .fixed : native) }
    }

    /// Where decoding an item has got to: the frame its next samples start at, whether samples went out since the
    /// last (re)connection, and a stream's last title.
    private struct DecodeProgress {
        var frame: Int
        var delivered = false
        var title: String?
    }

    /// Plays the stream at `url` as item `index` (from its live point), reconnecting when it drops or stalls after
    /// having played.
    /// - Throws: when it does not open, or drops `streamRetries` times in a row without playing again.
    private func decodeStream(_ url: String, index: Int, generation: Int) throws(FFmpegErrorBox) {
        let stale = { self.isStale(generation) }
        var progress = DecodeProgress(frame: 0)
        var everPlayed = false
        var attempt = 0
        while true {
            progress.delivered = false
            do throws(FFmpegErrorBox) {
                // Every wait on the network ends when the item is left (a skip, a stop), and none is unbounded.
                let interrupt = StreamInterrupt(
                    openSeconds: streamTimeout, stallSeconds: streamTimeout, shouldStop: stale)
                let decoder: AudioDecoder
                do {
                    decoder = try AudioDecoder(
                        streamURL: url, timeout: streamTimeout, interrupt: interrupt, target: targetFormat())
                } catch {
                    throw FFmpegErrorBox(message: error.description)
                }
                try pump(decoder, gain: 1, index: index, generation: generation, progress: &progress)
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
                let told = PCMChunk.Content.streamDropped(index: index, attempt: attempt, message: error.message)
                guard ring.push(PCMChunk(generation: generation, content: told), isStale: stale) else { return }
                guard waitForRetry(seconds: Self.retryDelay(attempt), generation: generation) else { return }
            }
        }
    }

    /// Waits `seconds` before a reconnection; false (at once) when the item is left meanwhile.
    private func waitForRetry(seconds: Double, generation: Int) -> Bool {
        let until = Date(timeIntervalSinceNow: seconds)
        control.lock()
        defer { control.unlock() }
        while generation == self.generation && !shuttingDown {
            if !control.wait(until: until) { break }
        }
        return generation == self.generation && !shuttingDown
    }

    /// Decodes what `decoder` opened into the ring as item `index`, until its end or until the generation is stale.
    /// - Throws: when decoding fails (for a stream: when it drops or stalls).
    private func pump(
        _ decoder: AudioDecoder, gain: Float, index: Int, generation: Int, progress: inout DecodeProgress
    ) throws(FFmpegErrorBox) {
        let choice = control.withLock { formatChoice }
        let format = decoder.format
        if choice == .native, format != decoder.nativeFormat, fallbacksTold.insert(decoder.nativeFormat).inserted {
            send(.formatFallback(wanted: decoder.nativeFormat, used: format))
        }
        let isStale = { self.isStale(generation) }
        // A gain moves the samples off the song's own steps: the output dithers them to its own.
        let precision = gain != 1 ? 32 : decoder.precision
        let begin = PCMChunk.Content.begin(index: index, format: format, precision: precision)
        guard ring.push(PCMChunk(generation: generation, content: begin), isStale: isStale) else { return }
        let chunkSamples = Self.chunkFrames * format.channels
        // Decoded samples not yet in a chunk; kept between calls, so it stops allocating after the first frames.
        let pending = PendingSamples(capacity: 2 * chunkSamples)
        var more = true
        while more {
            do { more = try decoder.decode(into: pending) } catch { throw FFmpegErrorBox(message: error.description) }
            // Whole chunks as long as there are enough samples; what is left over at the end of the file.
            while pending.count >= chunkSamples || (!more && pending.count > 0) {
                guard let slot = ring.acquireSlot(isStale: isStale) else { return }
                let count = min(pending.count, chunkSamples)
                let buffer = UnsafeMutableBufferPointer(rebasing: ring.samples(of: slot)[..<count])
                pending.take(count, into: buffer.baseAddress!)
                if gain != 1 { Self.scale(buffer, by: gain) }
                let content = PCMChunk.Content.samples(
                    slot: slot, count: count, index: index, startFrame: progress.frame)
                guard ring.push(PCMChunk(generation: generation, content: content), isStale: isStale) else { return }
                progress.frame += count / format.channels
                progress.delivered = true
                // A stream's title, checked once a chunk: it goes into the ring behind the audio it came with.
                if let block = decoder.icyMetadata, let title = ICYMetadata.streamTitle(in: block),
                    title != progress.title
                {
                    progress.title = title
                    let told = PCMChunk.Content.streamTitle(index: index, title: title)
                    guard ring.push(PCMChunk(generation: generation, content: told), isStale: isStale) else { return }
                }
            }
        }
    }

    /// Multiplies `samples` by `gain` (ReplayGain, on the decoder thread), in floating point; the output clips what
    /// passes full scale when it writes its sample format.
    private static func scale(_ samples: UnsafeMutableBufferPointer<Float>, by gain: Float) {
        for index in samples.indices { samples[index] *= gain }
    }

    // MARK: Output thread

    private func outputLoop() {
        var lastStarted: (generation: Int, index: Int)?
        // The stream's format (opened in `init`), whether anything was written to it since, and the bits the
        // current song's samples carry.
        var opened = PCMFormat.fixed
        var written = false
        var precision = 16
        while let chunk = ring.pop() {
            defer { ring.release(chunk) }
            if isStale(chunk.generation) { continue }
            switch chunk.content {
            case .begin(_, let format, let songPrecision):
                precision = songPrecision
                guard !opened.carriesExactly(format) else { continue }
                // A boundary of formats the stream cannot bridge: play out the last song, then re-open the stream in
                // the next one's.
                if written { try? output.drain() }
                if isStale(chunk.generation) { continue }
                do {
                    try output.open(format)
                } catch {
                    stop()
                    send(.outputFailed(message: String(describing: error)))
                    continue
                }
                opened = format
                written = false
            case .samples(let slot, let count, let index, let startFrame):
                if lastStarted.map({ $0.generation != chunk.generation || $0.index != index }) ?? true {
                    lastStarted = (chunk.generation, index)
                    send(.itemStarted(index: index), generation: chunk.generation)
                }
                do {
                    written = true
                    try output.write(
                        UnsafeBufferPointer(rebasing: ring.samples(of: slot)[..<count]), precision: precision)
                } catch {
                    stop()
                    send(.outputFailed(message: String(describing: error)))
                    continue
                }
                let end = Double(startFrame + count / opened.channels) / Double(opened.sampleRate)
                control.lock()
                if generation == chunk.generation { playing = (index, end) }
                control.unlock()
            case .failed(let index, let message):
                send(.itemFailed(index: index, message: message), generation: chunk.generation)
            case .streamTitle(let index, let title):
                send(.streamTitleChanged(index: index, title: title), generation: chunk.generation)
            case .streamDropped(let index, let attempt, let message):
                send(
                    .streamReconnecting(index: index, attempt: attempt, message: message), generation: chunk.generation)
            case .endOfQueue(let end, let final):
                // Unless decoding went on past this end (items came meanwhile) or goes on now, it is played out,
                // and from then on nothing continues it.
                if !final {
                    if continueAfterEnd() { continue }
                    let reached = control.withLock {
                        guard ended?.end == end else { return false }
                        ended = nil
                        return true
                    }
                    if !reached { continue }
                }
                try? output.drain()
                send(.finished, generation: chunk.generation)
            }
        }
    }
}
