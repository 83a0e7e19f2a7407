import CPulseAudio
import Foundation

/// The stream on the Pulse thread (the loop's lock held): made, followed through its states, its device watched,
/// corked for an interruption or a call, released.
extension PulseOutput {
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

    func makeStreamLocked(context: OpaquePointer) {
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

    func streamStateChangedLocked(_ changed: OpaquePointer) {
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
    func watchDevice(stream: OpaquePointer) {
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
    func beginInterruptionLocked(_ stream: OpaquePointer) {
        guard !interrupted else { return }
        interrupted = true
        state.withLock { corked = true }
        if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
        eventHandler?(.interruptionBegan)
        pulse?.streamInterruptedLocked(self)
    }

    /// The call let the stream go: tell the handler (which resumes it) and the session, once per call.
    func endInterruptionLocked() {
        guard interrupted else { return }
        interrupted = false
        eventHandler?(.interruptionEnded(shouldResume: true))
        pulse?.streamInterruptionEndedLocked(self)
    }

    /// The device the stream played on is gone: cork at once, so nothing plays on the sink the server moved the
    /// stream to, and tell the handler and (once per sink, through the connection) the session.
    func lostDeviceLocked(index: UInt32, name: String?) {
        guard let stream else { return }
        // A stream re-opened later (a format change) goes where the server put this one, not to the lost device.
        deviceGone = true
        state.withLock { corked = true }
        if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
        eventHandler?(.deviceUnavailable)
        pulse?.streamLostDeviceLocked(self, sink: index, name: name)
    }

    /// Disconnects and frees the stream, and wakes any waiter.
    func releaseStreamLocked() {
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
}
