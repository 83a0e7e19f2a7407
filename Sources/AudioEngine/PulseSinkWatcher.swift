// Threads: libpulse's threaded main loop (its own thread) runs the subscription; `onSinkAdded` is called there.
import CPulseAudio
import Foundation

/// Watches the audio server for new sinks (a device plugged in), on a connection of its own. Owns a threaded main
/// loop and a context from `init` to `deinit`.
final class PulseSinkWatcher: @unchecked Sendable {
    private let loop: OpaquePointer
    private var context: OpaquePointer?
    private let onSinkAdded: @Sendable (String?) -> Void

    /// Connects to `server` (nil: libpulse's default) and calls `onSinkAdded` with the new sink's name for each sink
    /// that appears from now on.
    /// - Throws: `PulseError` when no server answers.
    init(server: String?, onSinkAdded: @escaping @Sendable (String?) -> Void) throws(PulseError) {
        self.onSinkAdded = onSinkAdded
        guard let loop = pa_threaded_mainloop_new() else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "watch the audio devices")
        }
        guard pa_threaded_mainloop_start(loop) >= 0 else {
            pa_threaded_mainloop_free(loop)
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "watch the audio devices")
        }
        self.loop = loop
        // From here on a throw releases `self`, and `deinit` frees the context and the loop.
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        try connectLocked(server: server)
    }

    deinit {
        pa_threaded_mainloop_lock(loop)
        releaseLocked()
        pa_threaded_mainloop_unlock(loop)
        pa_threaded_mainloop_stop(loop)
        pa_threaded_mainloop_free(loop)
    }

    private func connectLocked(server: String?) throws(PulseError) {
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(loop), "AddMusic audio session") else {
            throw PulseError(code: Int32(PA_ERR_INTERNAL.rawValue), operation: "watch the audio devices")
        }
        self.context = context
        let signal: pa_context_notify_cb_t = { _, userdata in pa_threaded_mainloop_signal(OpaquePointer(userdata), 0) }
        pa_context_set_state_callback(context, signal, UnsafeMutableRawPointer(loop))
        guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw PulseError(code: pa_context_errno(context), operation: "watch the audio devices")
        }
        while pa_context_get_state(context) != PA_CONTEXT_READY {
            guard addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 else {
                throw PulseError(code: pa_context_errno(context), operation: "watch the audio devices")
            }
            pa_threaded_mainloop_wait(loop)
        }
        let changed: pa_context_subscribe_cb_t = { context, event, index, userdata in
            guard let context, let userdata else { return }
            let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
            let kind = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
            guard facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue, kind == PA_SUBSCRIPTION_EVENT_NEW.rawValue else {
                return
            }
            // Ask for the sink's name; the answer comes back on this thread.
            let named: pa_sink_info_cb_t = { _, info, end, userdata in
                guard end == 0, let info, let userdata else { return }
                let watcher = Unmanaged<PulseSinkWatcher>.fromOpaque(userdata).takeUnretainedValue()
                watcher.onSinkAdded(info.pointee.name.map { String(cString: $0) })
            }
            if let operation = pa_context_get_sink_info_by_index(context, index, named, userdata) {
                pa_operation_unref(operation)
            }
        }
        pa_context_set_subscribe_callback(context, changed, Unmanaged.passUnretained(self).toOpaque())
        if let operation = pa_context_subscribe(context, PA_SUBSCRIPTION_MASK_SINK, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    private func releaseLocked() {
        guard let context else { return }
        pa_context_set_subscribe_callback(context, nil, nil)
        pa_context_set_state_callback(context, nil, nil)
        pa_context_disconnect(context)
        pa_context_unref(context)
        self.context = nil
    }
}
