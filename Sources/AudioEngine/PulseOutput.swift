// Threads: libpulse runs its own thread (a threaded main loop); its callbacks wake whoever waits on the loop's lock
// and, for device and server events, tell the event handler. The engine's output thread writes under that lock,
// briefly, and waits there for free space; control calls (pause, resume, flush, volume) take the same lock only to
// send their request, and never wait for the server's answer (only `drain`, on the output thread, does).
import CPulseAudio
import Foundation

/// Plays samples through the audio server with libpulse's asynchronous API (PulseAudio, and PipeWire's
/// PulseAudio service). `write` blocks until the server's buffer has room, so the server paces playback.
///
/// Lifetime: the main loop lives from `open` to `close`; the context and the stream are made and released under
/// the loop's lock (a reconnect replaces them), so code holding that lock sees either valid ones or none. Lock
/// order: `lifetime`, then the loop's lock, then `state`.
public final class PulseOutput: AudioOutput, @unchecked Sendable {
    private let server: String?
    private let device: String?
    private let applicationName: String
    private let role: String
    private var format = PCMFormat()
    private var eventHandler: (@Sendable (AudioOutputEvent) -> Void)?
    /// Guards the flags below; never held while taking the loop's lock (libpulse's callbacks take it under that).
    private let state = NSLock()
    /// Guards `loop` itself, and keeps it alive from when a caller reads it until it holds the loop's lock.
    private let lifetime = NSLock()
    private var loop: OpaquePointer?
    private var flushes = 0
    private var closed = false
    private var corked = false
    private var volume = 1.0
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    /// The sink the stream plays on, and the one it was moved away from (the server rescues a stream whose sink
    /// goes away by moving it; the sink's removal follows). Touched on libpulse's thread or under the loop's lock.
    private var sinkIndex = UInt32.max
    private var movedFromSink: UInt32?
    /// The names of those two sinks, for the audio session's routes.
    private var sinkName: String?
    private var movedFromSinkName: String?
    /// The audio session this output reports its route changes and interruptions to.
    private weak var session: AudioSession?

    /// An output to `server` (nil: the server libpulse finds, e.g. from `PULSE_SERVER`) and sink `device` (nil:
    /// the server's default); `role` is the stream's `media.role` ("music" for the player, "event" for app sounds).
    /// With a `session`, the output also tells it when its device goes away and when the server interrupts it.
    public init(
        server: String? = nil, device: String? = nil, applicationName: String = "AddMusic", role: String = "music",
        session: AudioSession? = nil
    ) {
        self.server = server
        self.device = device
        self.applicationName = applicationName
        self.role = role
        self.session = session
    }

    /// The name of the sink the stream plays on, while it is open.
    public var deviceName: String? { withLoop { _ in sinkName } ?? nil }

    deinit { close() }

    public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
        eventHandler = handler
    }

    /// Connects to the server and opens a playback stream of `format`.
    /// - Throws: `PulseError` when no server answers or the stream cannot be made.
    public func open(_ format: PCMFormat) throws {
        state.withLock { closed = false }
        guard lifetime.withLock({ loop }) == nil else { return }
        self.format = format
        guard let newLoop = pa_threaded_mainloop_new() else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "start")
        }
        guard pa_threaded_mainloop_start(newLoop) >= 0 else {
            pa_threaded_mainloop_free(newLoop)
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "start")
        }
        lifetime.withLock { loop = newLoop }
        do {
            try withLoop { loop in try connectLocked(loop) }
        } catch {
            close()
            throw error
        }
    }

    /// Makes the context and the stream and waits until both are ready. Called with the loop's lock held.
    private func connectLocked(_ loop: OpaquePointer) throws {
        guard context == nil else { return }
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, role)
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, applicationName)
        guard
            let newContext = pa_context_new_with_proplist(
                pa_threaded_mainloop_get_api(loop), applicationName, properties)
        else { throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "connect to the audio server") }
        context = newContext
        let signal: pa_context_notify_cb_t = { _, userdata in pa_threaded_mainloop_signal(OpaquePointer(userdata), 0) }
        pa_context_set_state_callback(newContext, signal, UnsafeMutableRawPointer(loop))
        do {
            if pa_context_connect(newContext, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
                throw PulseError(code: pa_context_errno(newContext), operation: "connect to the audio server")
            }
            while pa_context_get_state(newContext) != PA_CONTEXT_READY {
                if addmusic_pa_context_is_good(pa_context_get_state(newContext)) == 0 {
                    throw PulseError(code: pa_context_errno(newContext), operation: "connect to the audio server")
                }
                pa_threaded_mainloop_wait(loop)
            }
            try openStreamLocked(loop: loop, context: newContext)
        } catch {
            releaseLocked(loop)
            throw error
        }
    }

    private func openStreamLocked(loop: OpaquePointer, context: OpaquePointer) throws {
        var spec = pa_sample_spec(
            format: PA_SAMPLE_S16LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        guard let newStream = pa_stream_new(context, "Music", &spec, nil) else {
            throw PulseError(code: pa_context_errno(context), operation: "open a playback stream")
        }
        stream = newStream
        let streamSignal: pa_stream_notify_cb_t = { _, userdata in
            pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
        }
        let writeSignal: pa_stream_request_cb_t = { _, _, userdata in
            pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
        }
        pa_stream_set_state_callback(newStream, streamSignal, UnsafeMutableRawPointer(loop))
        pa_stream_set_write_callback(newStream, writeSignal, UnsafeMutableRawPointer(loop))
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
        if pa_stream_connect_playback(newStream, device, &attributes, pa_stream_flags_t(rawValue: flags), nil, nil) < 0
        {
            throw PulseError(code: pa_context_errno(context), operation: "open a playback stream")
        }
        while pa_stream_get_state(newStream) != PA_STREAM_READY {
            if addmusic_pa_stream_is_good(pa_stream_get_state(newStream)) == 0 {
                throw PulseError(code: pa_context_errno(context), operation: "open a playback stream")
            }
            pa_threaded_mainloop_wait(loop)
        }
        sinkIndex = pa_stream_get_device_index(newStream)
        sinkName = pa_stream_get_device_name(newStream).map { String(cString: $0) }
        watchDevice(stream: newStream, context: context)
        let level = state.withLock { volume }
        if level < 1 { applyVolumeLocked(level) }
    }

    /// Follows the stream's moves and the server's sink removals; a move followed by the removal of the sink it
    /// left means the device went away, and the stream is corked at once so nothing plays on the new sink.
    private func watchDevice(stream: OpaquePointer, context: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let moved: pa_stream_notify_cb_t = { stream, userdata in
            guard let stream, let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            output.movedFromSink = output.sinkIndex
            output.movedFromSinkName = output.sinkName
            output.sinkIndex = pa_stream_get_device_index(stream)
            output.sinkName = pa_stream_get_device_name(stream).map { String(cString: $0) }
        }
        pa_stream_set_moved_callback(stream, moved, me)
        // Cork requests (module-role-cork, when a call starts): cork at once, as the server asks; only a stream
        // that really corked is sent the matching uncork request.
        let requested: pa_stream_event_cb_t = { stream, name, _, userdata in
            guard let stream, let name, let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            switch String(cString: name) {
            case PA_STREAM_EVENT_REQUEST_CORK:
                output.state.withLock { output.corked = true }
                if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
                output.eventHandler?(.interruptionBegan)
                output.session?.outputWasInterrupted(output)
            case PA_STREAM_EVENT_REQUEST_UNCORK:
                output.eventHandler?(.interruptionEnded)
                output.session?.outputInterruptionEnded(output)
            default:
                break
            }
        }
        pa_stream_set_event_callback(stream, requested, me)
        let changed: pa_context_subscribe_cb_t = { _, event, index, userdata in
            guard let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
            let kind = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
            guard facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue, kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue,
                index == output.movedFromSink, let stream = output.stream
            else { return }
            output.movedFromSink = nil
            output.state.withLock { output.corked = true }
            if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
            output.eventHandler?(.deviceUnavailable)
            output.session?.output(output, lostDevice: output.movedFromSinkName)
        }
        pa_context_set_subscribe_callback(context, changed, me)
        if let operation = pa_context_subscribe(context, PA_SUBSCRIPTION_MASK_SINK, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    /// Hands `samples` to the server, waiting for room. When the server goes away (killed, restarted), reports
    /// it, tries to connect again every quarter second, reports its return and goes on with the samples left. A
    /// `flush()` or `close()` ends the call at once: the rest of the samples are dropped, as a flush means.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        let mark = state.withLock { flushes }
        var remaining = UnsafeRawBufferPointer(samples)
        while !remaining.isEmpty {
            if isCancelled(since: mark) { return }
            do {
                try writeConnected(&remaining, mark: mark)
            } catch is ServerGone {
                guard reconnect(mark: mark) else { return }
            }
        }
    }

    /// The server's connection broke while writing.
    private struct ServerGone: Error {}

    private func isCancelled(since mark: Int) -> Bool { state.withLock { flushes != mark || closed } }

    private func writeConnected(_ bytes: inout UnsafeRawBufferPointer, mark: Int) throws {
        let done: Bool? = try withLoop { loop in
            while !bytes.isEmpty {
                if isCancelled(since: mark) { return true }
                guard let stream, let context, addmusic_pa_context_is_good(pa_context_get_state(context)) != 0,
                    addmusic_pa_stream_is_good(pa_stream_get_state(stream)) != 0
                else { throw ServerGone() }
                let room = pa_stream_writable_size(stream)
                let count = min(max(0, room), bytes.count) / format.bytesPerFrame * format.bytesPerFrame
                if count == 0 {
                    pa_threaded_mainloop_wait(loop)
                    continue
                }
                if pa_stream_write(stream, bytes.baseAddress, count, nil, 0, PA_SEEK_RELATIVE) < 0 {
                    throw ServerGone()
                }
                bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
            }
            return true
        }
        if done == nil { throw ServerGone() }
    }

    /// Reports the server gone, then connects again until it answers (true) or a flush or close ends the wait.
    private func reconnect(mark: Int) -> Bool {
        eventHandler?(.serverUnavailable)
        session?.outputGone(self)
        _ = withLoop { loop in releaseLocked(loop) }
        while true {
            Thread.sleep(forTimeInterval: 0.25)
            if isCancelled(since: mark) { return false }
            let connected = withLoop { loop in (try? connectLocked(loop)) != nil }
            guard let connected else { return false }
            if connected {
                eventHandler?(.serverAvailable)
                return true
            }
        }
    }

    public func setVolume(_ volume: Double) {
        let level = min(1, max(0, volume))
        state.withLock { self.volume = level }
        _ = withLoop { _ in applyVolumeLocked(level) }
    }

    /// Sets the stream's volume at the server (its mixer scales the samples). Called with the loop's lock held.
    private func applyVolumeLocked(_ level: Double) {
        guard let stream, let context else { return }
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
        // A write waiting for room while corked must wake up to see the room come back.
        _ = withLoop { loop in pa_threaded_mainloop_signal(loop, 0) }
    }

    /// Drops what the server holds of the stream; returns at once, as `pause()`. Samples written afterwards reach
    /// the server after the flush (one connection keeps the order), so none of them is dropped.
    public func flush() {
        state.withLock { flushes += 1 }
        send { stream in pa_stream_flush(stream, nil, nil) }
        _ = withLoop { loop in pa_threaded_mainloop_signal(loop, 0) }
    }

    public func drain() throws {
        run { stream, callback, userdata in pa_stream_drain(stream, callback, userdata) }
    }

    public var delay: Double {
        withLoop { _ -> Double in
            guard let stream, let context, addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 else {
                return 0
            }
            var latency: pa_usec_t = 0
            var negative: Int32 = 0
            guard pa_stream_get_latency(stream, &latency, &negative) >= 0, negative == 0 else { return 0 }
            // A fresh stream's first timing reports can be far off (a null sink renders ahead when it wakes);
            // what this stream buffers is about 100 ms, so anything past a second is not believed.
            return min(Double(latency) / 1_000_000, 1)
        } ?? 0
    }

    /// Disconnects, stops libpulse's thread and frees everything; `open` may be called again afterwards.
    public func close() {
        state.withLock { closed = true }
        session?.outputGone(self)
        let old: OpaquePointer? = lifetime.withLock {
            defer { loop = nil }
            return loop
        }
        guard let old else { return }
        pa_threaded_mainloop_lock(old)
        releaseLocked(old)
        pa_threaded_mainloop_unlock(old)
        pa_threaded_mainloop_stop(old)
        pa_threaded_mainloop_free(old)
    }

    /// Runs `body` with the loop's lock held; nil when the output is closed.
    private func withLoop<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R? {
        // `close()` frees the loop only after taking it from under `lifetime` and then taking its lock, so holding
        // `lifetime` until the loop's lock is ours keeps the loop alive for the call.
        lifetime.lock()
        guard let loop else {
            lifetime.unlock()
            return nil
        }
        pa_threaded_mainloop_lock(loop)
        lifetime.unlock()
        defer { pa_threaded_mainloop_unlock(loop) }
        return try body(loop)
    }

    /// Disconnects and frees the stream and the context, and wakes any waiter. Called with the loop's lock held.
    private func releaseLocked(_ loop: OpaquePointer) {
        if let stream {
            pa_stream_set_moved_callback(stream, nil, nil)
            pa_stream_set_event_callback(stream, nil, nil)
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_disconnect(stream)
            pa_stream_unref(stream)
            self.stream = nil
        }
        if let context {
            pa_context_set_subscribe_callback(context, nil, nil)
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
            self.context = nil
        }
        pa_threaded_mainloop_signal(loop, 0)
    }

    /// Starts a stream operation and goes on without its answer.
    private func send(_ start: (OpaquePointer) -> OpaquePointer?) {
        _ = withLoop { _ in
            guard let stream, let context, addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 else {
                return
            }
            if let operation = start(stream) { pa_operation_unref(operation) }
        }
    }

    /// Starts a stream operation and waits for the server to finish it (or for the connection to go): for `drain`,
    /// on the output thread only.
    private func run(_ start: (OpaquePointer, pa_stream_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?) {
        _ = withLoop { loop in
            guard let stream, let context, addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 else {
                return
            }
            let done: pa_stream_success_cb_t = { _, _, userdata in
                pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
            }
            guard let operation = start(stream, done, UnsafeMutableRawPointer(loop)) else { return }
            while pa_operation_get_state(operation) == PA_OPERATION_RUNNING && self.context != nil {
                pa_threaded_mainloop_wait(loop)
            }
            pa_operation_unref(operation)
        }
    }
}
