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
    private var eventHandler: (@Sendable (AudioOutputEvent) -> Void)?
    /// Guards the flags below and `connection`; never held while taking the loop's lock.
    private let state = NSLock()
    private var connection: PulseConnection?
    private var flushes = 0
    private var closed = false
    private var corked = false
    private var volume = 1.0
    /// Sample formats the server refused a stream of, and the formats whose refusal was told.
    private var refusedSampleFormats: Set<PCMSampleFormat> = []
    private var refusalsTold: Set<PCMFormat> = []
    /// The format opened, and the one the stream really has (another sample format when the server refused it);
    /// read by the writer under `state`, set under both locks.
    private var format = PCMFormat()
    private var streamFormat = PCMFormat()
    /// The writer's: its dither noise, and room for one piece of samples in the stream's sample format, allocated
    /// once.
    private var sampleWriter = SampleWriter()
    private static let scratchSamples = 4096 * 8
    private let scratch = UnsafeMutableRawPointer.allocate(byteCount: PulseOutput.scratchSamples * 4, alignment: 16)
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
    /// How often the server moved the stream to another sink (a drain under way starts again after a move).
    private var moves = 0
    /// The sink the stream was on when the server removed it, told as lost then, until the server moves the stream.
    private var removedSink: UInt32?
    /// The sink of the stream a format change released, until the new stream is known to play elsewhere or that sink
    /// goes: a sink that vanishes while the stream is re-opened is a device lost as well.
    private var reopenedFrom: (index: UInt32, name: String?, reported: Bool)?
    /// Set when the device asked for went away (B-P4): later streams (a format change) go to the server's default
    /// sink.
    private var deviceGone = false
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

    // MARK: Formats

    /// The format a stream opened for `format` has: `format`, with a sample format the server refused before
    /// replaced (by float, which holds 24-bit samples exactly, or else 16-bit), a rate past libpulse's limit by the
    /// highest of its family (44.1 or 48 kHz times a power of two) under it, and more channels than it takes by stereo.
    public func acceptedFormat(for format: PCMFormat) -> PCMFormat {
        state.withLock { acceptedFormatLocked(for: format) }
    }

    /// `acceptedFormat`, with `state` held.
    private func acceptedFormatLocked(for format: PCMFormat) -> PCMFormat {
        var accepted = format
        if format.channels > Int(PA_CHANNELS_MAX) || format.channels < 1 {
            accepted.channels = 2
            accepted.channelMask = PCMFormat.defaultMask(channels: 2)
        }
        let maximum = Int(PA_RATE_MAX)
        if format.sampleRate > maximum || format.sampleRate < 1 {
            let base = format.sampleRate % 11_025 == 0 ? 44_100 : 48_000
            var rate = base
            while rate * 2 <= maximum { rate *= 2 }
            accepted.sampleRate = rate
        }
        if refusedSampleFormats.contains(format.sampleFormat) {
            accepted.sampleFormat =
                [PCMSampleFormat.float32, .s32, .s24].first {
                    !refusedSampleFormats.contains($0) && $0.bits >= format.sampleFormat.bits
                } ?? .s16
        }
        return accepted
    }

    /// Sets the format opened, and the stream's (with `state`; the loop's lock held).
    private func setFormatLocked(_ format: PCMFormat) {
        state.withLock {
            self.format = format
            streamFormat = acceptedFormatLocked(for: format)
        }
    }

    /// The server refused a stream of the stream's sample format: remember it, tell why once, and fall back on the
    /// next sample format it may take (16-bit at last, which every server takes). False when there is none left.
    private func refuseSampleFormatLocked() -> Bool {
        let (wanted, used, told): (PCMFormat, PCMFormat, Bool) = state.withLock {
            guard streamFormat.sampleFormat != .s16 else { return (format, format, true) }
            refusedSampleFormats.insert(streamFormat.sampleFormat)
            streamFormat = acceptedFormatLocked(for: format)
            return (format, streamFormat, !refusalsTold.insert(format).inserted)
        }
        guard wanted != used else { return false }
        if !told { eventHandler?(.formatRefused(wanted: wanted, used: used)) }
        return true
    }

    /// Where each channel of `format` plays, from its WAVEFORMATEXTENSIBLE mask (bit order is channel order).
    private static func channelMap(for format: PCMFormat) -> pa_channel_map {
        var map = pa_channel_map()
        let channels = format.channels
        if channels == 1 {
            map.channels = 1
            map.map.0 = PA_CHANNEL_POSITION_MONO
            return map
        }
        guard format.channelMask.nonzeroBitCount == channels, channels <= Int(PA_CHANNELS_MAX) else {
            pa_channel_map_init_extend(
                &map, UInt32(max(1, min(channels, Int(PA_CHANNELS_MAX)))), PA_CHANNEL_MAP_DEFAULT)
            return map
        }
        let named: [pa_channel_position_t] = [
            PA_CHANNEL_POSITION_FRONT_LEFT, PA_CHANNEL_POSITION_FRONT_RIGHT, PA_CHANNEL_POSITION_FRONT_CENTER,
            PA_CHANNEL_POSITION_LFE, PA_CHANNEL_POSITION_REAR_LEFT, PA_CHANNEL_POSITION_REAR_RIGHT,
            PA_CHANNEL_POSITION_FRONT_LEFT_OF_CENTER, PA_CHANNEL_POSITION_FRONT_RIGHT_OF_CENTER,
            PA_CHANNEL_POSITION_REAR_CENTER, PA_CHANNEL_POSITION_SIDE_LEFT, PA_CHANNEL_POSITION_SIDE_RIGHT,
            PA_CHANNEL_POSITION_TOP_CENTER, PA_CHANNEL_POSITION_TOP_FRONT_LEFT, PA_CHANNEL_POSITION_TOP_FRONT_CENTER,
            PA_CHANNEL_POSITION_TOP_FRONT_RIGHT, PA_CHANNEL_POSITION_TOP_REAR_LEFT, PA_CHANNEL_POSITION_TOP_REAR_CENTER,
            PA_CHANNEL_POSITION_TOP_REAR_RIGHT,
        ]
        var positions: [pa_channel_position_t] = []
        var aux: UInt32 = 0
        for bit in 0..<64 where format.channelMask & (1 << UInt64(bit)) != 0 {
            if bit < named.count {
                positions.append(named[bit])
            } else {
                positions.append(pa_channel_position_t(rawValue: PA_CHANNEL_POSITION_AUX0.rawValue + Int32(aux)))
                aux += 1
            }
        }
        map.channels = UInt8(channels)
        withUnsafeMutableBytes(of: &map.map) { raw in
            let slots = raw.bindMemory(to: pa_channel_position_t.self)
            for (index, position) in positions.enumerated() { slots[index] = position }
        }
        return map
    }

    private static func sampleSpec(for format: PCMFormat) -> pa_sample_spec {
        let sampleFormat: pa_sample_format_t =
            switch format.sampleFormat {
            case .s16: PA_SAMPLE_S16LE
            case .s24: PA_SAMPLE_S24LE
            case .s32: PA_SAMPLE_S32LE
            case .float32: PA_SAMPLE_FLOAT32LE
            }
        return pa_sample_spec(format: sampleFormat, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
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
        let format = state.withLock { streamFormat }
        var spec = Self.sampleSpec(for: format)
        var map = Self.channelMap(for: format)
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, role)
        guard let made = pa_stream_new_with_proplist(context, "Music", &spec, &map, properties) else {
            streamFailure = pa_context_errno(context)
            return
        }
        stream = made
        streamFailure = nil
        sinkIndex = UInt32.max
        sinkName = nil
        movedFrom = nil
        removedSink = nil
        reopenedFrom = nil
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
        let bytesPerSecond = UInt32(clamping: format.sampleRate * format.bytesPerFrame)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: bytesPerSecond / 10, prebuf: UInt32.max, minreq: UInt32.max,
            fragsize: UInt32.max)
        var flags =
            PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
            | PA_STREAM_INTERPOLATE_TIMING.rawValue
        // A stream made again after the server came back keeps the pause it had.
        if state.withLock({ corked }) { flags |= PA_STREAM_START_CORKED.rawValue }
        if pa_stream_connect_playback(
            made, deviceGone ? nil : device, &attributes, pa_stream_flags_t(rawValue: flags), nil, nil) < 0
        {
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
            if reopenedFrom?.index == sinkIndex { reopenedFrom = nil }
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
            let code = pa_context_errno(context)
            // The device asked for vanished while a format change re-opened the stream: as a device lost (B-P4),
            // held paused on the server's default sink.
            if code == Int32(PA_ERR_NOENTITY.rawValue), let lost = reopenedFrom {
                releaseStreamLocked()
                deviceGone = true
                state.withLock { corked = true }
                makeStreamLocked(context: context)
                if !lost.reported {
                    eventHandler?(.deviceUnavailable)
                    pulse?.streamLostDeviceLocked(self, sink: lost.index, name: lost.name)
                }
                return
            }
            // A sample format the server does not take: fall back on one it does, dithered.
            if code == Int32(PA_ERR_NOTSUPPORTED.rawValue) || code == Int32(PA_ERR_INVALID.rawValue),
                refuseSampleFormatLocked()
            {
                releaseStreamLocked()
                makeStreamLocked(context: context)
                return
            }
            // Refused while the server is there (a device that does not exist): `write` says so.
            streamFailure = code
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
            output.moves += 1
            output.pulse?.signalLocked()
            output.sinkIndex = pa_stream_get_device_index(stream)
            output.sinkName = pa_stream_get_device_name(stream).map { String(cString: $0) }
            if output.removedSink == from.index {
                output.removedSink = nil  // told when the sink went
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
        eventHandler?(.interruptionEnded(shouldResume: true))
        pulse?.streamInterruptionEndedLocked(self)
    }

    /// The device the stream played on is gone: cork at once, so nothing plays on the sink the server moved the
    /// stream to, and tell the handler and (once per sink, through the connection) the session.
    private func lostDeviceLocked(index: UInt32, name: String?) {
        guard let stream else { return }
        // A stream re-opened later (a format change) goes where the server put this one, not to the lost device.
        deviceGone = true
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
    ///
    /// The samples are written in the stream's sample format (floats as they are; integers rounded, or dithered
    /// where `precision` exceeds them), converted a piece at a time into memory allocated once, outside the lock.
    public func write(_ samples: UnsafeBufferPointer<Float>, precision: Int) throws {
        let mark = state.withLock { flushes }
        var remaining = samples
        while !remaining.isEmpty {
            let format = state.withLock { streamFormat }
            let frames = max(1, min(remaining.count, Self.scratchSamples) / max(1, format.channels))
            let count = min(remaining.count, frames * format.channels)
            let piece = UnsafeBufferPointer(rebasing: remaining[..<count])
            let bytes: UnsafeRawBufferPointer
            if format.sampleFormat == .float32 {
                bytes = UnsafeRawBufferPointer(piece)
            } else {
                sampleWriter.write(piece, as: format.sampleFormat, precision: precision, to: scratch)
                bytes = UnsafeRawBufferPointer(start: scratch, count: count * format.sampleFormat.bytesPerSample)
            }
            switch try writeBytes(bytes, as: format, since: mark) {
            case .cancelled: return
            case .formatChanged: continue
            case .done: remaining = UnsafeBufferPointer(rebasing: remaining[count...])
            }
        }
    }

    private enum WriteOutcome {
        case done, cancelled, formatChanged
    }

    /// Hands `bytes` of the stream's `format` to the server, as `write` says.
    private func writeBytes(_ written: UnsafeRawBufferPointer, as format: PCMFormat, since mark: Int) throws
        -> WriteOutcome
    {
        var bytes = written
        return try withLoop { connection -> WriteOutcome in
            while !bytes.isEmpty {
                if isCancelled(since: mark) { return .cancelled }
                // The server refused the format meanwhile: convert again for the stream that replaced it.
                if state.withLock({ streamFormat }) != format { return .formatChanged }
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
            return .done
        } ?? .cancelled
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
