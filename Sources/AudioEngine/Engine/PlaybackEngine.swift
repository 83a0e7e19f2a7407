import FFmpegSupport
import Foundation
// Threads: owns two threads. "addmusic.engine.decode" opens and decodes the track playing and then the next one into
// the ring (a stream's network waits all bounded, see `StreamInterrupt`); "addmusic.engine.output" takes chunks from
// the ring and writes them to the output, which paces it (PlaybackEngine+Decoding.swift, PlaybackEngine+Writing.swift).
// Control calls come from any thread and take a lock briefly; events go out on the queue given to `init`.
import MediaModel

/// Plays one track and the one handed over to follow it, gaplessly, through an `AudioOutput`: decoder thread →
/// bounded ring of PCM chunks → output. As MPD's player thread, the engine knows only now and next: its owner keeps
/// the queue and its order, hands the next track over (`setNext`) after every change and at each border (`started`
/// of the next track), and is told what is heard by the tokens it chose.
///
/// A track may be an `http`/`https` stream (`EngineTrack(streamURL:)`): it plays from where it is live (a seek
/// starts it again), its ICY titles are reported as they are heard, and when it drops or stalls after playing it is
/// reported and reconnected, up to `streamRetries` times in a row with a growing pause; one that never plays fails
/// at once.
///
/// A seek, a new track or a stop starts a new generation: the ring is emptied at once and chunks of the old generation
/// still in flight are dropped. While playing, what the output holds (about 0.1 s) plays on and the music cut off
/// ends with a 10 ms fade, and a seek's first samples fade in over 10 ms, so a cut never clicks; paused, or for a
/// change of format or equalizer, the output's buffer is emptied too. A new track while crossfade is on and a file
/// plays (a skip) is no cut: the track left goes on from the last sample the output took, fading out over the
/// crossfade's length as the new one fades in (PlaybackEngine+Skip.swift). A next track replaced after the decoder went on
/// into it loses only its own chunks: the track playing is not disturbed.
public final class PlaybackEngine: @unchecked Sendable {  // its state is guarded by `control`
    /// How many times in a row a stream that dropped is reconnected before it fails (a reconnection that plays
    /// again starts the count afresh).
    public static let streamRetries = 3

    /// The pause before reconnection `attempt` (1, 2, 3…): 0.5 s, doubled each time.
    static func retryDelay(_ attempt: Int) -> Double { 0.5 * Double(1 << min(max(0, attempt - 1), 6)) }

    /// A track handed over, and whether the decoder has gone on into it (for the next track).
    struct Lane {
        let token: EngineToken
        let track: EngineTrack
        var taken = false
    }

    /// The bound on each wait for a stream: to answer and send its first audio, and between bytes afterwards.
    let streamTimeout: Double
    let output: AudioOutput
    /// Chunks of 4,096 frames (93 ms at 44.1 kHz), whatever the codec's frame size, so that handing samples from
    /// the decoder to the output costs the same for every format; each slot has room for the most channels a song
    /// keeps.
    let ring: PCMRing
    static let chunkFrames = 4096
    let control = NSCondition()
    private let eventQueue: DispatchQueue
    private let onEvent: @Sendable (Event) -> Void
    private let threadsDone = DispatchGroup()

    // Guarded by `control`.
    var generation = 0
    /// The track playing (or being started), and the one handed over to follow it.
    var now: Lane?
    var next: Lane?
    /// A track to decode from a time, for the decoder thread (a new track, a seek).
    /// For a skip that fades (`fadesOut`): the track left, which goes on fading out from where the output is.
    var request: (generation: Int, lane: Lane, time: Double, fadesOut: Lane?)?
    /// The last samples the output thread took whole: whose, the frame they end at, and their format; and whether it
    /// is writing a chunk now (a skip that fades waits for the write to end, to go on from its last frame).
    var lastWritten: (token: EngineToken, frame: Int, format: PCMFormat)?
    /// The track whose first frames were mixed with the one before (a crossfade), and how many: a skip inside them
    /// cuts, as the song fading out is not the one the output took.
    var fadedInto: (token: EngineToken, frames: Int)?
    var outputWriting = false
    /// The generation a skip that fades began: its first samples follow the music before without a cut.
    var continuedGeneration = -1
    /// The track the decoder decoded to its end last, while it waits for what follows; whether it marked that end.
    var decodedLast: EngineToken?
    var endMarked = false
    /// The track the output thread wrote last, and the time in it its last sample ends at.
    var playing: (token: EngineToken, time: Double)?
    /// Which format the stream takes: each song's own, or the fixed one.
    var formatChoice: OutputFormatChoice
    /// The equalizer the decoder runs the samples through (nil, or flat: none, at no cost).
    var equalizer: Equalizer?
    /// Seconds over which a track fades into the next (0: none; every track joins the one before sample-exact).
    var crossfadeSeconds = 0.0
    var shuttingDown = false
    /// Whether the output is paused (a cut then needs no fade: nothing is heard).
    var paused = false
    /// Whether the last cut (a skip, a seek, a stop) let the output play what it held, so that the output thread
    /// ends the music cut off with a short fade; false when the output was flushed.
    var smoothCut = true
    /// At the last smooth cut: the seconds of the old music the output still held (and its fade), and when. They
    /// play out before the new position is heard, which `position` reports meanwhile.
    var heldAtCut: (seconds: Double, at: Date)?
    /// Song formats the output did not take, already told (the decoder thread's own).
    var fallbacksTold: Set<PCMFormat> = []

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
            let told: Event =
                switch event {
                case .deviceUnavailable: .deviceUnavailable
                case .serverUnavailable: .audioServerUnavailable
                case .serverAvailable: .audioServerAvailable
                case .interruptionBegan: .interruptionBegan
                case .interruptionEnded(let shouldResume): .interruptionEnded(shouldResume: shouldResume)
                case .formatRefused(let wanted, let used): .formatFallback(wanted: wanted, used: used)
                }
            events.async { onEvent(told) }
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

    /// Plays `track`, named `token`, from `time` seconds in, replacing whatever played; no next track is held until
    /// one is handed over.
    public func play(_ track: EngineTrack, token: EngineToken, at time: Double = 0) {
        let lane = Lane(token: token, track: track)
        if time == 0, skipFading(into: lane) { return }
        restart(at: time, replacing: lane)
    }

    /// Hands over the track to follow the one playing. The same token again changes nothing; another replaces the
    /// next track, the track playing undisturbed. Ignored while nothing plays.
    public func setNext(_ track: EngineTrack, token: EngineToken) { handOver(Lane(token: token, track: track)) }

    /// No track follows the one playing: the music ends after it.
    public func clearNext() { handOver(nil) }

    private func handOver(_ lane: Lane?) {
        control.lock()
        let changes = lane.map { next?.token != $0.token } ?? (next != nil)
        guard let playingLane = now, changes else {
            control.unlock()
            return
        }
        let dropped = next?.taken == true ? next?.token : nil
        next = lane
        if dropped != nil {
            // The decoder went on into the track replaced: it goes back to the end of the one playing.
            decodedLast = playingLane.token
            endMarked = false
        }
        let current = generation
        control.broadcast()
        control.unlock()
        if let dropped {
            ring.drop { $0.generation == current && $0.content.token == dropped }
        }
    }

    /// Moves to `time` seconds into the track playing; the next track stays handed over.
    public func seek(to time: Double) { restart(at: MediaTime.position(time)) }

    /// Sets which format the stream takes, from the next song decoded on; a song playing goes on (restarted where
    /// it is heard, so the change is heard at once) in the new one.
    public func setOutputFormat(_ choice: OutputFormatChoice) {
        control.lock()
        let changed = formatChoice != choice
        formatChoice = choice
        control.unlock()
        guard changed, let heard = position, heard.token == control.withLock({ now?.token }) else { return }
        restart(at: heard.time, smoothly: false)
    }

    /// Sets the equalizer (nil: none) from the next samples decoded on; a song playing goes on with it from where
    /// it is heard, so the change is heard at once.
    public func setEqualizer(_ equalizer: Equalizer?) {
        let wanted = equalizer?.isFlat == true ? nil : equalizer
        control.lock()
        let changed = self.equalizer != wanted
        self.equalizer = wanted
        control.unlock()
        guard changed, let heard = position, heard.token == control.withLock({ now?.token }) else { return }
        restart(at: heard.time, smoothly: false)
    }

    /// Sets how many seconds (0–12; 0: none) a track fades out as the next one fades in, at every border whose next
    /// track `crossfades`. Taken from the samples decoded next: a border the decoder has not reached yet fades.
    public func setCrossfade(_ seconds: Double) {
        let wanted = Self.crossfade(seconds)
        control.withLock { crossfadeSeconds = wanted }
    }

    /// The longest crossfade, in seconds.
    public static let longestCrossfade = 12.0

    /// `seconds` as a crossfade: within 0…`longestCrossfade`, and 0 (none) when not a finite number.
    public static func crossfade(_ seconds: Double) -> Double {
        seconds.isFinite ? min(max(seconds, 0), longestCrossfade) : 0
    }

    /// Sets the loudness, 0 to 1, at the output.
    public func setVolume(_ volume: Double) { output.setVolume(volume) }

    /// Holds the output where it is; `resume()` plays on from the same sample.
    public func pause() {
        control.withLock { paused = true }
        output.pause()
    }

    /// Plays on after `pause()`.
    public func resume() {
        control.withLock { paused = false }
        output.resume()
    }

    /// Stops playing, forgets both tracks and empties the ring; while playing, what the output holds plays out and
    /// ends with a short fade, else (paused) the output is flushed too.
    public func stop() {
        control.lock()
        generation += 1
        let current = generation
        now = nil
        next = nil
        request = nil
        decodedLast = nil
        playing = nil
        smoothCut = !paused
        let smoothly = smoothCut
        control.broadcast()
        control.unlock()
        ring.clear(before: current)
        cutOutput(smoothly: smoothly)
    }

    /// Ends what the output is doing for a cut: interrupted, what it holds playing on (the output thread fades the
    /// music out), or flushed (`smoothly` false, as `smoothCut` was set).
    private func cutOutput(smoothly: Bool) {
        if smoothly {
            let held = (output.delay + CutFade.seconds, Date())
            control.withLock { heldAtCut = held }
            output.interrupt()
        } else {
            control.withLock { heldAtCut = nil }
            output.flush()
        }
    }

    /// The track playing and how far into it (seconds heard, the output's buffer taken into account; after a cut,
    /// the new position at once, while the old music the output held plays out).
    public var position: (token: EngineToken, time: Double)? {
        control.lock()
        let current = playing
        let held = heldAtCut
        control.unlock()
        guard let current else { return nil }
        var delay = output.delay
        if let held {
            let old = held.seconds - Date().timeIntervalSince(held.at)
            if old > 0 { delay = max(0, delay - old) }
        }
        return (current.token, max(0, current.time - delay))
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

    /// Starts the track playing (or `replacing`, which then plays with no next track) again from `time`; `smoothly`,
    /// the music cut off fades out (unless paused), else the output's buffer is emptied.
    private func restart(at time: Double, replacing: Lane? = nil, smoothly: Bool = true) {
        control.lock()
        if let replacing {
            now = replacing
            next = nil
        }
        guard let lane = now else {
            control.unlock()
            return
        }
        generation += 1
        let current = generation
        request = nil
        decodedLast = nil
        endMarked = false
        lastWritten = nil  // what follows a seek or a new track is no song to fade from
        next?.taken = false
        playing = (lane.token, MediaTime.position(time))
        smoothCut = smoothly && !paused
        let smooth = smoothCut
        control.broadcast()
        control.unlock()
        // Empty the buffers before the decoder may start on the new position, so nothing of it is flushed away.
        ring.clear(before: current)
        cutOutput(smoothly: smooth)
        control.lock()
        if generation == current {
            request = (current, lane, time, nil)
            control.broadcast()
        }
        control.unlock()
    }

    /// Whether chunks of track `token` made in `generation` still matter: the generation is the engine's and the
    /// track is the one playing or the next. With `control` held.
    func isLiveLocked(_ token: EngineToken, generation chunkGeneration: Int) -> Bool {
        chunkGeneration == generation && !shuttingDown && (token == now?.token || token == next?.token)
    }

    func isLive(_ token: EngineToken, generation chunkGeneration: Int) -> Bool {
        control.withLock { isLiveLocked(token, generation: chunkGeneration) }
    }

    func isStale(_ chunkGeneration: Int) -> Bool {
        control.withLock { generation != chunkGeneration || shuttingDown }
    }

    func send(_ event: Event) {
        let handler = onEvent
        eventQueue.async { handler(event) }
    }

    /// Reports `finished(token)` and goes idle, unless a next track was handed over: decided on the event queue,
    /// after the owner has answered every event sent before (the failure of a track, at whose border it hands over
    /// the one after), so an answer on its way is never taken for the end of the music.
    func finishUnlessFollowed(_ token: EngineToken, generation: Int) {
        let handler = onEvent
        eventQueue.async { [self] in
            let idle = control.withLock {
                guard self.generation == generation, now?.token == token, next == nil, !shuttingDown else {
                    return false
                }
                now = nil
                decodedLast = nil
                endMarked = false
                return true
            }
            if idle { handler(.finished(token)) }
        }
    }

    /// Sends an event that belongs to `generation`: dropped if a seek, new track or stop came in between, checked
    /// again where it is delivered (control calls made on the event queue are thereby ordered with it).
    func send(_ event: Event, generation: Int) {
        let handler = onEvent
        eventQueue.async { [self] in
            if !isStale(generation) { handler(event) }
        }
    }
}
