// Threads: libpulse runs its own thread (a threaded main loop); its callbacks only wake the thread that waits on
// the loop's lock. The engine's output thread writes under that lock, briefly, and waits there for free space.
import CPulseAudio
import Foundation

/// Plays samples through the audio server with libpulse's asynchronous API (PulseAudio, and PipeWire's
/// PulseAudio service). `write` blocks until the server's buffer has room, so the server paces playback.
public final class PulseOutput: AudioOutput, @unchecked Sendable {
    private let server: String?
    private let applicationName: String
    private let role: String
    private var mainloop: OpaquePointer?
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    private let device: String?
    private var format = PCMFormat()
    private var eventHandler: (@Sendable (AudioOutputEvent) -> Void)?
    /// The sink the stream plays on, and the one it was moved away from (the server rescues a stream whose sink
    /// goes away by moving it; the sink's removal follows). Touched only on libpulse's thread or under its lock.
    private var sinkIndex = UInt32.max
    private var movedFromSink: UInt32?
    /// Guards the three handles (replaced on a reconnect), the flush count and `closed`.
    private let handles = NSLock()
    private var flushes = 0
    private var closed = false
    private var volume = 1.0

    /// An output to `server` (nil: the server libpulse finds, e.g. from `PULSE_SERVER`); `role` is the stream's
    /// `media.role` ("music" for the player, "event" for app sounds).
    /// `device` names the sink to play on (nil: the server's default).
    public init(
        server: String? = nil, device: String? = nil, applicationName: String = "AddMusic", role: String = "music"
    ) {
        self.server = server
        self.device = device
        self.applicationName = applicationName
        self.role = role
    }

    deinit { close() }

    /// Connects to the server and opens a playback stream of `format`.
    /// - Throws: `PulseError` when no server answers or the stream cannot be made.
    public func open(_ format: PCMFormat) throws {
        handles.withLock { closed = false }
        self.format = format
        do { try connect() } catch {
            releaseHandles()
            throw error
        }
    }

    /// Makes the main loop, the context and the stream (for `format`), and publishes them to the other methods.
    private func connect() throws {
        guard currentHandles() == nil else { return }
        guard let loop = pa_threaded_mainloop_new() else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "start")
        }
        handles.withLock { mainloop = loop }
        let api = pa_threaded_mainloop_get_api(loop)
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, role)
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, applicationName)
        guard let newContext = pa_context_new_with_proplist(api, applicationName, properties) else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "connect to the audio server")
        }
        handles.withLock { context = newContext }
        let signal: pa_context_notify_cb_t = { _, userdata in pa_threaded_mainloop_signal(OpaquePointer(userdata), 0) }
        pa_context_set_state_callback(newContext, signal, UnsafeMutableRawPointer(loop))
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        guard pa_threaded_mainloop_start(loop) >= 0 else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "start")
        }
        if pa_context_connect(newContext, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            throw PulseError(code: pa_context_errno(newContext), operation: "connect to the audio server")
        }
        while true {
            let state = pa_context_get_state(newContext)
            if state == PA_CONTEXT_READY { break }
            if addmusic_pa_context_is_good(state) == 0 {
                throw PulseError(code: pa_context_errno(newContext), operation: "connect to the audio server")
            }
            pa_threaded_mainloop_wait(loop)
        }
        try openStream(loop: loop, context: newContext)
    }

    private func openStream(loop: OpaquePointer, context: OpaquePointer) throws {
        var spec = pa_sample_spec(
            format: PA_SAMPLE_S16LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        guard let newStream = pa_stream_new(context, "Music", &spec, nil) else {
            throw PulseError(code: pa_context_errno(context), operation: "open a playback stream")
        }
        handles.withLock { stream = newStream }
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
        let flags = pa_stream_flags_t(
            rawValue: PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
                | PA_STREAM_INTERPOLATE_TIMING.rawValue)
        if pa_stream_connect_playback(newStream, device, &attributes, flags, nil, nil) < 0 {
            throw PulseError(code: pa_context_errno(context), operation: "open a playback stream")
        }
        while true {
            let state = pa_stream_get_state(newStream)
            if state == PA_STREAM_READY { break }
            if addmusic_pa_stream_is_good(state) == 0 {
                throw PulseError(code: pa_context_errno(context), operation: "open a playback stream")
            }
            pa_threaded_mainloop_wait(loop)
        }
        sinkIndex = pa_stream_get_device_index(newStream)
        watchDevice(stream: newStream, context: context)
        if handles.withLock({ volume }) < 1 {
            var levels = pa_cvolume()
            pa_cvolume_set(&levels, UInt32(format.channels), pa_sw_volume_from_linear(handles.withLock { volume }))
            if let operation = pa_context_set_sink_input_volume(
                context, pa_stream_get_index(newStream), &levels, nil, nil)
            {
                pa_operation_unref(operation)
            }
        }
    }

    public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {
        eventHandler = handler
    }

    /// Follows the stream's moves and the server's sink removals; a move followed by the removal of the sink it
    /// left means the device went away, and the stream is corked at once so nothing plays on the new sink.
    private func watchDevice(stream: OpaquePointer, context: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let moved: pa_stream_notify_cb_t = { stream, userdata in
            guard let stream, let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            output.movedFromSink = output.sinkIndex
            output.sinkIndex = pa_stream_get_device_index(stream)
        }
        pa_stream_set_moved_callback(stream, moved, me)
        let changed: pa_context_subscribe_cb_t = { _, event, index, userdata in
            guard let userdata else { return }
            let output = Unmanaged<PulseOutput>.fromOpaque(userdata).takeUnretainedValue()
            let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
            let kind = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
            guard facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue, kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue,
                index == output.movedFromSink, let stream = output.stream
            else { return }
            output.movedFromSink = nil
            if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
            output.eventHandler?(.deviceUnavailable)
        }
        pa_context_set_subscribe_callback(context, changed, me)
        if let operation = pa_context_subscribe(context, PA_SUBSCRIPTION_MASK_SINK, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    /// Hands `samples` to the server, waiting for room. When the server goes away (killed, restarted), reports
    /// it, tries to connect again every quarter second, reports its return and goes on with the samples left; a
    /// `flush()` or `close()` meanwhile ends the wait (the samples are dropped, as a flush would).
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        var remaining = UnsafeRawBufferPointer(samples)
        while !remaining.isEmpty {
            do {
                try writeConnected(&remaining)
            } catch is ServerGone {
                guard reconnect() else { return }
            }
        }
    }

    /// The server's connection broke while writing.
    private struct ServerGone: Error {}

    private func writeConnected(_ bytes: inout UnsafeRawBufferPointer) throws {
        guard let (loop, stream, context) = currentHandles() else { throw ServerGone() }
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        while !bytes.isEmpty {
            guard addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 else { throw ServerGone() }
            // A stream that fails while its server dies may notice first: either way, connect again.
            guard addmusic_pa_stream_is_good(pa_stream_get_state(stream)) != 0 else { throw ServerGone() }
            let room = pa_stream_writable_size(stream)
            if room == 0 || room == Int.max {
                pa_threaded_mainloop_wait(loop)
                continue
            }
            let count = min(room, bytes.count) / format.bytesPerFrame * format.bytesPerFrame
            guard count > 0 else {
                pa_threaded_mainloop_wait(loop)
                continue
            }
            if pa_stream_write(stream, bytes.baseAddress, count, nil, 0, PA_SEEK_RELATIVE) < 0 { throw ServerGone() }
            bytes = UnsafeRawBufferPointer(rebasing: bytes[count...])
        }
    }

    /// Reports the server gone, then connects again until it answers (true) or a flush or close ends the wait.
    private func reconnect() -> Bool {
        let mark = handles.withLock { flushes }
        eventHandler?(.serverUnavailable)
        releaseHandles()
        while true {
            if handles.withLock({ flushes != mark || closed }) { return false }
            Thread.sleep(forTimeInterval: 0.25)
            do {
                try connect()
                eventHandler?(.serverAvailable)
                return true
            } catch {
                releaseHandles()
            }
        }
    }

    private func currentHandles() -> (OpaquePointer, OpaquePointer, OpaquePointer)? {
        handles.withLock {
            guard let mainloop, let stream, let context else { return nil }
            return (mainloop, stream, context)
        }
    }

    /// Sets the stream's volume at the server (its mixer scales the samples; a cubic curve, as desktops show it).
    public func setVolume(_ volume: Double) {
        handles.withLock { self.volume = min(1, max(0, volume)) }
        applyVolume()
    }

    private func applyVolume() {
        guard let (loop, stream, context) = currentHandles() else { return }
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        var levels = pa_cvolume()
        pa_cvolume_set(&levels, UInt32(format.channels), pa_sw_volume_from_linear(handles.withLock { self.volume }))
        if let operation = pa_context_set_sink_input_volume(context, pa_stream_get_index(stream), &levels, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    public func pause() { cork(true) }
    public func resume() { cork(false) }

    public func flush() {
        handles.withLock { flushes += 1 }
        run { stream, callback, userdata in pa_stream_flush(stream, callback, userdata) }
    }

    public func drain() throws {
        run { stream, callback, userdata in pa_stream_drain(stream, callback, userdata) }
    }

    public var delay: Double {
        guard let (loop, stream, context) = currentHandles() else { return 0 }
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        guard addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 else { return 0 }
        var latency: pa_usec_t = 0
        var negative: Int32 = 0
        guard pa_stream_get_latency(stream, &latency, &negative) >= 0, negative == 0 else { return 0 }
        // A fresh stream's first timing reports can be far off (a null sink renders ahead when it wakes);
        // what this stream buffers is about 100 ms, so anything past a second is not believed.
        return min(Double(latency) / 1_000_000, 1)
    }

    public func close() {
        handles.withLock { closed = true }
        releaseHandles()
    }

    /// Disconnects and frees the stream, the context and the main loop, if any.
    private func releaseHandles() {
        let (loop, stream, context) = handles.withLock { () -> (OpaquePointer?, OpaquePointer?, OpaquePointer?) in
            defer {
                self.mainloop = nil
                self.stream = nil
                self.context = nil
            }
            return (mainloop, self.stream, self.context)
        }
        guard let loop else { return }
        pa_threaded_mainloop_lock(loop)
        if let stream {
            pa_stream_set_moved_callback(stream, nil, nil)
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_disconnect(stream)
            pa_stream_unref(stream)
        }
        if let context {
            pa_context_set_subscribe_callback(context, nil, nil)
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
        }
        pa_threaded_mainloop_unlock(loop)
        pa_threaded_mainloop_stop(loop)
        pa_threaded_mainloop_free(loop)
    }

    private func cork(_ value: Bool) {
        run { stream, callback, userdata in pa_stream_cork(stream, value ? 1 : 0, callback, userdata) }
        // A write waiting for room while corked must wake up to see the room come back.
        if let (loop, _, _) = currentHandles() {
            pa_threaded_mainloop_lock(loop)
            pa_threaded_mainloop_signal(loop, 0)
            pa_threaded_mainloop_unlock(loop)
        }
    }

    /// Starts a stream operation and waits for the server to finish it.
    private func run(_ start: (OpaquePointer, pa_stream_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?) {
        guard let (loop, stream, context) = currentHandles(),
            addmusic_pa_context_is_good(pa_context_get_state(context)) != 0
        else { return }
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        let done: pa_stream_success_cb_t = { _, _, userdata in pa_threaded_mainloop_signal(OpaquePointer(userdata), 0) }
        guard let operation = start(stream, done, UnsafeMutableRawPointer(loop)) else { return }
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING { pa_threaded_mainloop_wait(loop) }
        pa_operation_unref(operation)
    }
}
