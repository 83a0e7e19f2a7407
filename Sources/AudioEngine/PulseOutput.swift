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
public final class PulseOutput: AudioOutput, @unchecked Sendable {
    private let server: String?
    private let device: String?
    private let role: String
    private var format = PCMFormat()
    private var eventHandler: (@Sendable (AudioOutputEvent) -> Void)?
    /// Guards the flags below and `connection`; never held while taking the loop's lock.
    private let state = NSLock()
    private var connection: PulseConnection?
    private var flushes = 0
    private var closed = false
    private var corked = false
    private var volume = 1.0
    /// The connection the stream lives on, from `open` to `close`: the same as `connection`, but touched on the
    /// Pulse thread or under the loop's lock, as is everything below.
    private var pulse: PulseConnection?
    private var stream: OpaquePointer?
    /// Why the server refused the stream (a device that does not exist), for `write` to throw.
    private var streamFailure: Int32?
    /// Set when the server went away; the stream made when it is back reports its return.
    private var serverLost = false
    /// The sink the stream plays on, and the one it was moved away from (the server rescues a stream whose sink
    /// goes away by moving it; PulseAudio reports the sink's removal after the move, PipeWire before it).
    private var sinkIndex = UInt32.max
    private var sinkName: String?
    private var movedFrom: (index: UInt32, name: String?)?
    private var removedSink: UInt32?
    /// Whether the stream is held by a call (a cork request, or a call's stream on the server), told once per call
    /// whichever of the two signals comes first (PulseAudio with module-role-cork sends both).
    private var interrupted = false
    /// The audio session this output was made by (it lists the output's device in its route).
    private weak var session: AudioSession?

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

    deinit { close() }

    public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
        eventHandler = handler
    }

    /// Joins the process's connection to the server and starts a playback stream of `format`. Returns once the
    /// server's socket is connected, without waiting for its answer: the stream is made when the server answers, and
    /// `write` waits for it, so a server that hangs does not hold the caller.
    /// - Throws: `PulseError` when no server is there.
    public func open(_ format: PCMFormat) throws {
        guard state.withLock({ connection }) == nil else { return }
        self.format = format
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

    /// The server went away: the stream is gone; the writer waits for the server to come back.
    func connectionLostLocked() {
        releaseStreamLocked()
        serverLost = true
        eventHandler?(.serverUnavailable)
    }

    /// The server removed sink `index`. Removed after the stream was moved off it (PulseAudio), or before the move
    /// (PipeWire): either way the device is gone.
    func sinkRemovedLocked(_ index: UInt32) {
        if let movedFrom, movedFrom.index == index {
            self.movedFrom = nil
            lostDeviceLocked(index: index, name: movedFrom.name)
        } else if index == sinkIndex, stream != nil {
            removedSink = index
        }
    }

    /// The `media.role`s a call holds, as module-role-cork's default `cork_roles`: the music, not event sounds.
    static let rolesACallHolds: Set<String> = ["music", "video"]

    /// A call's stream appeared on the server (the first of them): the stream stops for it, as for a cork request.
    func callBeganLocked() {
        guard let stream, Self.rolesACallHolds.contains(role) else { return }
        beginInterruptionLocked(stream)
    }

    /// The last call's stream left the server: the stream may play again, as after an uncork request.
    func callEndedLocked() { endInterruptionLocked() }

    // MARK: The stream (loop's lock held)

    private func makeStreamLocked(context: OpaquePointer) {
        var spec = pa_sample_spec(
            format: PA_SAMPLE_S16LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, role)
        guard let made = pa_stream_new_with_proplist(context, "Music", &spec, nil, properties) else {
            streamFailure = pa_context_errno(context)
            return
        }
        stream = made
        streamFailure = nil
        sinkIndex = UInt32.max
        sinkName = nil
        movedFrom = nil
        removedSink = nil
        interrupted = false
        let me = Unmanaged.passUnretained(self).toOpaque()
        let changed: pa_stream_notify_cb_t = { stream, userdata in
            guard let stream, let userdata else { return }
            Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue().streamStateChangedLocked(stream)
        }
        let writable: pa_stream_request_cb_t = { _, _, userdata in
            guard let userdata else { return }
            Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue().pulse?.signalLocked()
        }
        pa_stream_set_state_callback(made, changed, me)
        pa_stream_set_write_callback(made, writable, me)
        watchDevice(stream: made)
        // About 100 ms of buffer at the server: short enough that pause and seek answer at once.
        let bytesPerSecond = UInt32(format.sampleRate * format.bytesPerFrame)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytesPerSecond / 10, prebuf: UInt32.max, minreq: UInt32.max,
            fragsize: UInt32.max)
        var flags =
            PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
            | PA_STREAM_INTERPOLATE_TIMING.rawValue
        // A stream made again after the server came back keeps the pause it had.
        if state.withLock({ corked }) { flags |= PA_STREAM_START_CORKED.rawValue }
        if pa_stream_connect_playback(made, device, &attributes, pa_stream_flags_t(rawValue: flags), nil, nil) < 0 {
            streamFailure = pa_context_errno(context)
            releaseStreamLocked()
        }
    }

    private func streamStateChangedLocked(_ changed: OpaquePointer) {
        guard changed == stream else { return }
        let streamState = pa_stream_get_state(changed)
        if streamState == PA_STREAM_READY {
            sinkIndex = pa_stream_get_device_index(changed)
            sinkName = pa_stream_get_device_name(changed).map { String(cString: $0) }
            let (level, wantsCorked) = state.withLock { (volume, corked) }
            if level < 1 { applyVolumeLocked(level) }
            // A pause or resume asked while the server made the stream was not sent (there was no stream to send it
            // to): the stream takes the last one now.
            if (pa_stream_is_corked(changed) != 0) != wantsCorked,
                let operation = pa_stream_cork(changed, wantsCorked ? 1 : 0, nil, nil)
            {
                pa_operation_unref(operation)
            }
            // Made during a call: it waits for the call's end, as the server's cork request would have it.
            if pulse?.callInProgressLocked == true, Self.rolesACallHolds.contains(role) {
                beginInterruptionLocked(changed)
            }
            if serverLost {
                serverLost = false
                eventHandler?(.serverAvailable)
            }
        } else if addmusic_pa_stream_is_good(streamState) == 0, let context = pulse?.readyContextLocked {
            // Refused while the server is there (a device that does not exist): `write` says so.
            streamFailure = pa_context_errno(context)
        }
        pulse?.signalLocked()
    }

    /// Follows the stream's moves, and the server's cork requests.
    private func watchDevice(stream: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let moved: pa_stream_notify_cb_t = { stream, userdata in
            guard let stream, let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            let from = (index: output.sinkIndex, name: output.sinkName)
            output.sinkIndex = pa_stream_get_device_index(stream)
            output.sinkName = pa_stream_get_device_name(stream).map { String(cString: $0) }
            if output.removedSink == from.index {
                output.removedSink = nil
                output.lostDeviceLocked(index: from.index, name: from.name)
            } else {
                output.movedFrom = from
            }
        }
        pa_stream_set_moved_callback(stream, moved, me)
        // Cork requests (module-role-cork, when a call starts): cork at once, as the server asks; only a stream
        // that really corked is sent the matching uncork request.
        let requested: pa_stream_event_cb_t = { stream, name, _, userdata in
            guard let stream, let name, let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            switch String(cString: name) {
            case PA_STREAM_EVENT_REQUEST_CORK: output.beginInterruptionLocked(stream)
            case PA_STREAM_EVENT_REQUEST_UNCORK: output.endInterruptionLocked()
            default: break
            }
        }
        pa_stream_set_event_callback(stream, requested, me)
    }

    /// A call holds the stream: cork at once (only a stream that really corked is sent the server's uncork
    /// request) and tell the handler and the session, once per call.
    private func beginInterruptionLocked(_ stream: OpaquePointer) {
        guard !interrupted else { return }
        interrupted = true
        state.withLock { corked = true }
        if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
        eventHandler?(.interruptionBegan)
        pulse?.streamInterruptedLocked(self)
    }

    /// The call let the stream go: tell the handler (which resumes it) and the session, once per call.
    private func endInterruptionLocked() {
        guard interrupted else { return }
        interrupted = false
        eventHandler?(.interruptionEnded)
        pulse?.streamInterruptionEndedLocked(self)
    }

    /// The device the stream played on is gone: cork at once, so nothing plays on the sink the server moved the
    /// stream to, and tell the handler and (once per sink, through the connection) the session.
    private func lostDeviceLocked(index: UInt32, name: String?) {
        guard let stream else { return }
        state.withLock { corked = true }
        if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
        eventHandler?(.deviceUnavailable)
        pulse?.streamLostDeviceLocked(self, sink: index, name: name)
    }

    /// Disconnects and frees the stream, and wakes any waiter.
    private func releaseStreamLocked() {
        if let stream {
            pa_stream_set_moved_callback(stream, nil, nil)
            pa_stream_set_event_callback(stream, nil, nil)
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_set_state_callback(stream, nil, nil)
            if addmusic_pa_stream_is_good(pa_stream_get_state(stream)) != 0 { pa_stream_disconnect(stream) }
            pa_stream_unref(stream)
            self.stream = nil
        }
        pulse?.signalLocked()
    }

    // MARK: Writing (the output thread)

    /// Hands `samples` to the server, waiting for room. While the server is away (killed, restarting) it waits
    /// for the connection to bring it back, holding the samples, and goes on with them. A `flush()` or `close()`
    /// ends the call at once: the rest of the samples are dropped, as a flush means.
    /// - Throws: `PulseError` when the server refuses the stream (a device that does not exist) or, having never
    ///   answered, the connection.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        let mark = state.withLock { flushes }
        var bytes = UnsafeRawBufferPointer(samples)
        _ = try withLoop { connection in
            while !bytes.isEmpty {
                if isCancelled(since: mark) { return }
                if let streamFailure { throw PulseError(code: streamFailure, operation: "open a playback stream") }
                if stream == nil, let refusal = connection.refusalLocked {
                    throw PulseError(code: refusal, operation: "connect to the audio server")
                }
                // No stream while the server is away (its return makes one), or one the server has not readied yet.
                guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY else {
                    connection.waitLocked()
                    continue
                }
                let room = pa_stream_writable_size(stream)
                let count = min(max(0, room), bytes.count) / format.bytesPerFrame * format.bytesPerFrame
                if count == 0 {
                    connection.waitLocked()
                    continue
                }
                // A failed write means the connection broke: its state callback releases the stream.
                if pa_stream_write(stream, bytes.baseAddress, count, nil, 0, PA_SEEK_RELATIVE) < 0 {
                    connection.waitLocked()
                    continue
                }
                bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
            }
        }
    }

    private func isCancelled(since mark: Int) -> Bool { state.withLock { flushes != mark || closed } }

    // MARK: Control (any thread; none waits for the server)

    /// Sets the stream's volume at the server (its mixer scales the samples); returns at once, the request sent.
    public func setVolume(_ volume: Double) {
        let level = min(1, max(0, volume))
        state.withLock { self.volume = level }
        _ = withLoop { _ in applyVolumeLocked(level) }
    }

    /// Called with the loop's lock held; a stream not ready yet gets the level when it is.
    private func applyVolumeLocked(_ level: Double) {
        guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY,
            let context = pulse?.readyContextLocked
        else { return }
        var levels = pa_cvolume()
        pa_cvolume_set(&levels, UInt32(format.channels), pa_sw_volume_from_linear(level))
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

    /// Uncorks the stream; returns at once, as `pause()`.
    public func resume() {
        state.withLock { corked = false }
        send { stream in pa_stream_cork(stream, 0, nil, nil) }
    }

    /// Drops what the server holds of the stream; returns at once, as `pause()`. Samples written afterwards reach
    /// the server after the flush (one connection keeps the order), so none of them is dropped. Ends a `write` or a
    /// `drain` in progress.
    public func flush() {
        state.withLock { flushes += 1 }
        send { stream in pa_stream_flush(stream, nil, nil) }
    }

    /// Plays out what the server holds, waiting for its answer (on the output thread only); a `flush()`, a
    /// `close()` or the server going away ends the wait.
    public func drain() throws {
        let mark = state.withLock { flushes }
        _ = withLoop { connection in
            guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY else { return }
            let done: pa_stream_success_cb_t = { _, _, userdata in
                guard let userdata else { return }
                Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().signalLocked()
            }
            guard let operation = pa_stream_drain(stream, done, Unmanaged.passUnretained(connection).toOpaque())
            else { return }
            while pa_operation_get_state(operation) == PA_OPERATION_RUNNING, self.stream == stream,
                !isCancelled(since: mark)
            {
                connection.waitLocked()
            }
            if pa_operation_get_state(operation) == PA_OPERATION_RUNNING { pa_operation_cancel(operation) }
            pa_operation_unref(operation)
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
    private func withLoop<R>(_ body: (PulseConnection) throws -> R) rethrows -> R? {
        guard let connection = state.withLock({ connection }) else { return nil }
        return try connection.withLock { try body(connection) }
    }

    /// Starts a stream operation and goes on without its answer, then wakes the writer to look again.
    private func send(_ start: (OpaquePointer) -> OpaquePointer?) {
        _ = withLoop { connection in
            if let stream, pa_stream_get_state(stream) == PA_STREAM_READY, let operation = start(stream) {
                pa_operation_unref(operation)
            }
            connection.signalLocked()
        }
    }
}
