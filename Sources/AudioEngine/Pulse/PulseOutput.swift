// Threads: no thread of its own. Its stream lives on the process's Pulse thread (`PulseConnection`), whose callbacks
// wake whoever waits on the loop's lock and, for device, interruption and server events, tell the event handler there.
// The engine's output thread writes under that lock, briefly, and waits there for free space (or for the server to
// come back); control calls (open, pause, resume, flush, volume, close) take the same lock only to send their
// request, and never wait for the server's answer (only `drain`, on the output thread, does).
import CPulseAudio
import Foundation

/// Plays samples through the audio server with libpulse's asynchronous API (PulseAudio, and PipeWire's
/// PulseAudio service), as one stream on the process's shared connection. `write` blocks until the server's buffer
/// has room, so the server paces playback.
///
/// Lifetime: the stream is made on the Pulse thread once the connection is ready (again after the server came back)
/// and released by `close()`; both under the loop's lock, so code holding that lock sees a valid stream or none.
/// Lock order: the loop's lock, then `state`.
public final class PulseOutput: AudioOutput, @unchecked Sendable {  // flags behind `state`, stream under the loop
    let server: String?
    let device: String?
    let role: String
    var eventHandler: (@Sendable (AudioOutputEvent) -> Void)?
    /// Guards the flags below and `connection`; never held while taking the loop's lock.
    let state = NSLock()
    var connection: PulseConnection?
    var flushes = 0
    var closed = false
    var corked = false
    var volume = 1.0
    /// Sample formats the server refused a stream of, and the formats whose refusal was told.
    var refusedSampleFormats: Set<PCMSampleFormat> = []
    var refusalsTold: Set<PCMFormat> = []
    /// The format opened, and the one the stream really has (another sample format when the server refused it);
    /// read by the writer under `state`, set under both locks.
    var format = PCMFormat()
    var streamFormat = PCMFormat()
    /// The writer's: its dither noise, and room for one piece of samples in the stream's sample format, allocated
    /// once.
    var sampleWriter = SampleWriter()
    static let scratchSamples = 4096 * 8
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: PulseOutput.scratchSamples * 4, alignment: 16)
    /// The connection the stream lives on, from `open` to `close`: the same as `connection`, but touched on the
    /// Pulse thread or under the loop's lock, as is everything below.
    var pulse: PulseConnection?
    var stream: OpaquePointer?
    /// Why the server refused the stream (a device that does not exist), for `write` to throw.
    var streamFailure: Int32?
    /// Set when the server went away; the stream made when it is back reports its return.
    var serverLost = false
    /// The sink the stream plays on, and the one it was moved away from (the server rescues a stream whose sink
    /// goes away by moving it; PulseAudio reports the sink's removal after the move, PipeWire before it).
    var sinkIndex = UInt32.max
    var sinkName: String?
    var movedFrom: (index: UInt32, name: String?)?
    /// How often the server moved the stream to another sink (a drain under way starts again after a move).
    var moves = 0
    /// The sink the stream was on when the server removed it, told as lost then, until the server moves the stream.
    var removedSink: UInt32?
    /// The sink of the stream a format change released, until the new stream is known to play elsewhere or that sink
    /// goes: a sink that vanishes while the stream is re-opened is a device lost as well.
    var reopenedFrom: (index: UInt32, name: String?, reported: Bool)?
    /// Set when the device asked for went away (B-P4): later streams (a format change) go to the server's default
    /// sink.
    var deviceGone = false
    /// Whether the stream is held by a call (a cork request, or a call's stream on the server), told once per call
    /// whichever of the two signals comes first (PulseAudio with module-role-cork sends both).
    var interrupted = false
    /// The audio session this output was made by (it lists the output's device in its route).
    weak var session: AudioSession?

    /// An output to `server` (nil: the server libpulse finds, e.g. from `PULSE_SERVER`) and sink `device` (nil:
    /// the server's default); `role` is the stream's `media.role` ("music" for the player, "event" for app sounds).
    /// With a `session`, the session hears (once, through the shared connection) when its device goes away and when
    /// the server interrupts it. Making it does not connect: `open` does.
    public init(server: String? = nil, device: String? = nil, role: String = "music", session: AudioSession? = nil) {
        self.server = server
        self.device = device
        self.role = role
        self.session = session
    }

    /// The name of the sink the stream plays on, while it is open. Takes the loop's lock briefly.
    public var deviceName: String? { withLoop { _ in sinkName } ?? nil }

    deinit {
        close()
        scratch.deallocate()
    }

    public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
        eventHandler = handler
    }

    /// Joins the process's connection to the server and starts a playback stream of `format`. Returns once the
    /// server's socket is connected, without waiting for its answer: the stream is made when the server answers, and
    /// `write` waits for it, so a server that hangs does not hold the caller. Open already, in another format: the
    /// stream is released and made again in the new one (on the sink the server picks; a sink that vanished
    /// meanwhile is reported as a device lost).
    /// - Throws: `PulseError` when no server is there.
    public func open(_ format: PCMFormat) throws {
        if let open = state.withLock({ connection }) {
            open.withLock {
                guard format != state.withLock({ self.format }) else { return }
                let previous = stream.map { _ in (index: sinkIndex, name: sinkName) }
                releaseStreamLocked()
                setFormatLocked(format)
                streamFailure = nil
                if let context = open.readyContextLocked {
                    makeStreamLocked(context: context)
                    if let previous, previous.index != UInt32.max {
                        reopenedFrom = (previous.index, previous.name, false)
                    }
                }
            }
            return
        }
        state.withLock {
            self.format = format
            streamFormat = acceptedFormatLocked(for: format)
        }
        let shared = PulseConnection.shared(server: server)
        try shared.connect()
        shared.withLock {
            state.withLock {
                closed = false
                connection = shared
            }
            pulse = shared
            streamFailure = nil
            shared.addStreamLocked(self)
            if let session { shared.addObserverLocked(session) }
            if let context = shared.readyContextLocked { makeStreamLocked(context: context) }
        }
    }

    // MARK: Told by the connection (loop's lock held)

    /// The server answers (at first, or again after it went away): make the stream.
    func connectionReadyLocked(_ context: OpaquePointer) {
        guard stream == nil, !state.withLock({ closed }) else { return }
        makeStreamLocked(context: context)
    }

    /// The server went away: the stream is gone; the writer waits for the server to come back. A call that held the
    /// stream is over for this stream, its end unknown: the stream stays corked (made again corked), and the handler
    /// hears so after the loss, as the session does (B-R5).
    func connectionLostLocked() {
        releaseStreamLocked()
        serverLost = true
        eventHandler?(.serverUnavailable)
        if interrupted {
            interrupted = false
            eventHandler?(.interruptionEnded(shouldResume: false))
        }
    }

    /// The server removed sink `index`. Removed after the stream was moved off it (PulseAudio), or before the move
    /// (PipeWire): either way the device is gone.
    func sinkRemovedLocked(_ index: UInt32) {
        if let reopenedFrom, reopenedFrom.index == index, index != sinkIndex {
            if !reopenedFrom.reported {
                self.reopenedFrom?.reported = true
                lostDeviceLocked(index: index, name: reopenedFrom.name)
            }
        } else if let movedFrom, movedFrom.index == index {
            self.movedFrom = nil
            lostDeviceLocked(index: index, name: movedFrom.name)
        } else if index == sinkIndex, stream != nil {
            // Before the move (PipeWire): cork now, or the moved stream plays a moment on the sink it is moved to.
            removedSink = index
            lostDeviceLocked(index: index, name: sinkName)
        }
    }

    // MARK: Control (any thread; none waits for the server)

    /// Sets the stream's volume at the server (its mixer scales the samples); returns at once, the request sent.
    public func setVolume(_ volume: Double) {
        let level = min(1, max(0, volume))
        state.withLock { self.volume = level }
        _ = withLoop { _ in applyVolumeLocked(level) }
    }

    /// Called with the loop's lock held; a stream not ready yet gets the level when it is.
    func applyVolumeLocked(_ level: Double) {
        guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY,
            let context = pulse?.readyContextLocked
        else { return }
        var levels = pa_cvolume()
        pa_cvolume_set(&levels, UInt32(state.withLock { streamFormat }.channels), pa_sw_volume_from_linear(level))
        if let operation = pa_context_set_sink_input_volume(context, pa_stream_get_index(stream), &levels, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    /// Corks the stream. Returns at once: the request goes to the server in order with the stream's writes, and
    /// nothing waits for its answer (a server that hangs never holds the caller).
    public func pause() {
        state.withLock { corked = true }
        send { stream in pa_stream_cork(stream, 1, nil, nil) }
    }

    /// Uncorks the stream; returns at once, as `pause()`. While a call holds the stream it stays corked until the
    /// call ends, and the handler hears of the interruption again (a player asked to play shows it is held).
    public func resume() {
        let told = withLoop { connection -> Bool in
            defer { connection.signalLocked() }
            if interrupted {
                eventHandler?(.interruptionBegan)
                return true
            }
            state.withLock { corked = false }
            if let stream, pa_stream_get_state(stream) == PA_STREAM_READY,
                let operation = pa_stream_cork(stream, 0, nil, nil)
            {
                pa_operation_unref(operation)
            }
            return true
        }
        if told == nil { state.withLock { corked = false } }
    }

    /// Drops what the server holds of the stream; returns at once, as `pause()`. Samples written afterwards reach
    /// the server after the flush (one connection keeps the order), so none of them is dropped. Ends a `write` or a
    /// `drain` in progress.
    public func flush() {
        state.withLock { flushes += 1 }
        send { stream in pa_stream_flush(stream, nil, nil) }
    }

    /// Ends a `write` or a `drain` in progress at once; what the server holds plays on. Returns at once.
    public func interrupt() {
        state.withLock { flushes += 1 }
        _ = withLoop { $0.signalLocked() }
    }

    /// Plays out what the server holds, waiting for its answer (on the output thread only); a `flush()`, a
    /// `close()` or the server going away ends the wait.
    public func drain() throws {
        let mark = state.withLock { flushes }
        _ = withLoop { connection in
            let done: pa_stream_success_cb_t = { _, _, userdata in
                guard let userdata else { return }
                Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().signalLocked()
            }
            // A stream moved to another sink meanwhile (its device gone) is drained again there: PipeWire never
            // answers a drain that a move interrupted.
            var moved = true
            while moved {
                guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY,
                    let operation = pa_stream_drain(stream, done, Unmanaged.passUnretained(connection).toOpaque())
                else { return }
                let moves = self.moves
                while pa_operation_get_state(operation) == PA_OPERATION_RUNNING, self.stream == stream,
                    self.moves == moves, !isCancelled(since: mark)
                {
                    connection.waitLocked()
                }
                moved = self.moves != moves && self.stream == stream && !isCancelled(since: mark)
                if pa_operation_get_state(operation) == PA_OPERATION_RUNNING { pa_operation_cancel(operation) }
                pa_operation_unref(operation)
            }
        }
    }

    public var delay: Double {
        withLoop { _ -> Double in
            guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY else { return 0 }
            var latency: pa_usec_t = 0
            var negative: Int32 = 0
            guard pa_stream_get_latency(stream, &latency, &negative) >= 0, negative == 0 else { return 0 }
            // A fresh stream's first timing reports can be far off (a null sink renders ahead when it wakes);
            // what this stream buffers is about 100 ms, so anything past a second is not believed.
            return min(Double(latency) / 1_000_000, 1)
        } ?? 0
    }

    /// Releases the stream and leaves the connection (freed with its last user); returns at once. `open` may be
    /// called again afterwards.
    public func close() {
        let old: PulseConnection? = state.withLock {
            closed = true
            defer { connection = nil }
            return connection
        }
        guard let old else { return }
        old.withLock {
            old.removeStreamLocked(self)
            // Reachable from the stream's callbacks until released: they run under this lock.
            releaseStreamLocked()
            pulse = nil
            old.signalLocked()
            old.streamClosedLocked(self)
        }
    }

    /// Runs `body` with the loop's lock held; nil when the output is not open.
    func withLoop<R>(_ body: (PulseConnection) throws -> R) rethrows -> R? {
        guard let connection = state.withLock({ connection }) else { return nil }
        return try connection.withLock { try body(connection) }
    }

    /// Starts a stream operation and goes on without its answer, then wakes the writer to look again.
    func send(_ start: (OpaquePointer) -> OpaquePointer?) {
        _ = withLoop { connection in
            if let stream, pa_stream_get_state(stream) == PA_STREAM_READY, let operation = start(stream) {
                pa_operation_unref(operation)
            }
            connection.signalLocked()
        }
    }
}
