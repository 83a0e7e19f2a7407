// Threads: owns libpulse's threaded main loop, "the Pulse thread" of the process: the context's state, the sink
// subscription, the reconnection timer and every stream callback run there, with the loop's lock held. Streams and
// observers are told there, in order, and must not wait. Callers take the loop's lock briefly; only `connect()` waits,
// and only for the socket (the kernel's answer, never the server's).
import CPulseAudio
import Foundation

/// The process's connection to an audio server: one threaded main loop and one context, shared by every
/// `PulseOutput` stream and the `AudioSession` that use that server (one per server address; the app uses one).
///
/// Made on first use (`shared(server:)`), freed when its last user lets it go. When the server goes away it tells its
/// streams and observers once, then tries to connect again every quarter second on the Pulse thread; once the server
/// answers it tells its streams, which make their streams again. Code running on the Pulse thread (a callback) may
/// call what takes the loop's lock: `withLock` knows that thread already holds it.
final class PulseConnection: @unchecked Sendable {  // mutable state behind the main loop's lock
    /// The server's address (nil: the one libpulse finds, e.g. from `PULSE_SERVER`).
    let server: String?
    private let loop: OpaquePointer
    /// Guarded by the loop's lock, as is everything below.
    private var context: OpaquePointer?
    /// Connection attempts so far, and the error of the last one that failed.
    private var attempt = 0
    private var failure: (attempt: Int, code: Int32)?
    /// Whether the context is ready, and whether it ever was (only then does a lost server get tried again).
    private var ready = false
    private var everReady = false
    private var retryTimer: OpaquePointer?
    private var streams: [WeakOutput] = []
    private var observers: [WeakObserver] = []
    /// The sinks whose loss was already reported: sink indices are not reused while a server runs.
    private var lostSinks: Set<UInt32> = []
    /// The server's streams (sink inputs, any program's) of a call's role: while there is one, a call is on.
    private var callStreams: Set<UInt32> = []

    /// The `media.role`s of a call's stream: PulseAudio's "phone", and PipeWire's own name for it (compared without
    /// case).
    static let callRoles: Set<String> = ["phone", "communication"]

    private struct WeakOutput {
        weak var output: PulseOutput?
    }

    private struct WeakObserver {
        weak var observer: PulseConnectionObserver?
    }

    /// The connection to `server`, made (and connecting, without waiting) when the process has none.
    static func shared(server: String?) -> PulseConnection { registry.connection(server: server) }

    private static let registry = Registry()

    /// The connections that have a user, by server address.
    private final class Registry: @unchecked Sendable {  // `connections` behind `lock`
        private let lock = NSLock()
        private var connections: [String: WeakConnection] = [:]

        private struct WeakConnection {
            weak var connection: PulseConnection?
        }

        func connection(server: String?) -> PulseConnection {
            lock.withLock {
                let key = server ?? ""
                if let existing = connections[key]?.connection { return existing }
                let made = PulseConnection(server: server)
                connections = connections.filter { $0.value.connection != nil }
                connections[key] = WeakConnection(connection: made)
                return made
            }
        }
    }

    private init(server: String?) {
        self.server = server
        // Failing to make a loop or a thread means the process is out of memory or threads: nothing to go on with.
        guard let loop = pa_threaded_mainloop_new() else { fatalError("libpulse could not make a main loop") }
        self.loop = loop
        pa_threaded_mainloop_set_name(loop, "addmusic.pulse")
        guard pa_threaded_mainloop_start(loop) >= 0 else { fatalError("libpulse could not start its thread") }
        withLock { startAttempt() }
    }

    deinit {
        withLock {
            cancelRetry()
            releaseContext()
        }
        let loop = self.loop
        if pa_threaded_mainloop_in_thread(loop) != 0 {
            // Let go from one of its own callbacks: the thread cannot stop itself, so another thread stops it.
            let address = Int(bitPattern: UnsafeRawPointer(loop))
            Thread.detachNewThread {
                guard let loop = OpaquePointer(bitPattern: address) else { return }
                pa_threaded_mainloop_stop(loop)
                pa_threaded_mainloop_free(loop)
            }
        } else {
            pa_threaded_mainloop_stop(loop)
            pa_threaded_mainloop_free(loop)
        }
    }

    // MARK: Use

    /// Runs `body` with the loop's lock held (briefly: never wait for the server in it). On the Pulse thread, which
    /// holds the lock while it runs callbacks, `body` just runs: libpulse aborts when that thread takes the lock (an
    /// output whose last reference a callback let go closes itself there).
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        if pa_threaded_mainloop_in_thread(loop) != 0 { return try body() }
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        return try body()
    }

    /// Waits, with the loop's lock held, until a callback signals. Only on a thread of the caller's own that may
    /// wait for the server (an output's writer), never on the Pulse thread.
    func waitLocked() { pa_threaded_mainloop_wait(loop) }

    /// Wakes every thread in `waitLocked()`; they check again what they wait for.
    func signalLocked() { pa_threaded_mainloop_signal(loop, 0) }

    /// The context, when it is ready. Called with the loop's lock held.
    var readyContextLocked: OpaquePointer? { ready ? context : nil }

    /// The error of a server that refused the connection before it was ever ready (it will not be tried again), or
    /// nil. Called with the loop's lock held.
    var refusalLocked: Int32? { everReady || context != nil ? nil : failure?.code }

    /// Makes sure a server listens: returns once the socket is connected (the server may not have answered yet:
    /// streams are made when it does) and throws when there is none. A connection waiting to try again tries now.
    /// Waits only for the kernel's answer to the connect, so a server that hangs does not hold the caller. Not on the
    /// Pulse thread.
    /// - Throws: `PulseError` when no server is there.
    func connect() throws(PulseError) {
        let failed: Int32? = withLock {
            if context == nil { startAttempt() }
            let mine = attempt
            while attempt == mine, let context, Self.isConnecting(pa_context_get_state(context)) { waitLocked() }
            if let failure, failure.attempt == mine { return failure.code }
            if attempt != mine { return failure?.code ?? Int32(PA_ERR_CONNECTIONREFUSED.rawValue) }
            return nil
        }
        if let failed { throw PulseError(code: failed, operation: "connect to the audio server") }
    }

    /// Adds a stream, told when the server is ready, lost and back, and of sinks removed. Called with the loop's
    /// lock held.
    func addStreamLocked(_ output: PulseOutput) {
        streams.removeAll { $0.output == nil || $0.output === output }
        streams.append(WeakOutput(output: output))
    }

    /// Removes a stream. Called with the loop's lock held.
    func removeStreamLocked(_ output: PulseOutput) {
        streams.removeAll { $0.output == nil || $0.output === output }
    }

    /// Adds an observer (once however often it is added), told of devices, interruptions and the server. Called
    /// with the loop's lock held.
    func addObserverLocked(_ observer: PulseConnectionObserver) {
        observers.removeAll { $0.observer == nil }
        if !observers.contains(where: { $0.observer === observer }) {
            observers.append(WeakObserver(observer: observer))
        }
    }

    // MARK: Reports from streams (loop's lock held)

    /// A stream's sink went away under it: observers hear of it once per sink, however many streams played there.
    func streamLostDeviceLocked(_ output: PulseOutput, sink: UInt32, name: String?) {
        guard lostSinks.insert(sink).inserted else { return }
        for observer in currentObservers() { observer.deviceLost(name: name) }
    }

    /// The server corked a stream for audio that takes priority.
    func streamInterruptedLocked(_ output: PulseOutput) {
        for observer in currentObservers() { observer.streamInterrupted(output) }
    }

    /// The server lets a corked stream play again.
    func streamInterruptionEndedLocked(_ output: PulseOutput) {
        for observer in currentObservers() { observer.streamInterruptionEnded(output) }
    }

    /// A stream closed: it no longer holds an interruption.
    func streamClosedLocked(_ output: PulseOutput) {
        for observer in currentObservers() { observer.streamGone(output) }
    }

    private func currentObservers() -> [PulseConnectionObserver] { observers.compactMap(\.observer) }

    /// Whether a call's stream plays on the server now. Called with the loop's lock held.
    var callInProgressLocked: Bool { !callStreams.isEmpty }

    // MARK: Calls (loop's lock held)

    /// A stream of the server's, `info`, is there: if it has a call's role, a call is on; the first one begins it for
    /// every stream of ours.
    private func sinkInputSeen(_ info: UnsafePointer<pa_sink_input_info>) {
        guard let role = pa_proplist_gets(info.pointee.proplist, PA_PROP_MEDIA_ROLE).map({ String(cString: $0) }),
            Self.callRoles.contains(role.lowercased())
        else { return }
        let began = callStreams.isEmpty
        guard callStreams.insert(info.pointee.index).inserted, began else { return }
        for output in streams.compactMap(\.output) { output.callBeganLocked() }
    }

    /// The server's stream `index` went: when it was the last call's stream, the call is over.
    private func sinkInputRemoved(_ index: UInt32) {
        guard callStreams.remove(index) != nil, callStreams.isEmpty else { return }
        for output in streams.compactMap(\.output) { output.callEndedLocked() }
    }

    /// Asks the server about its stream `index` (every stream when nil); the answer comes back on the Pulse thread.
    private func lookUpSinkInputs(_ context: OpaquePointer, index: UInt32?) {
        let seen: pa_sink_input_info_cb_t = { _, info, end, userdata in
            guard end == 0, let info, let userdata else { return }
            Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().sinkInputSeen(info)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let operation =
            if let index { pa_context_get_sink_input_info(context, index, seen, me) } else {
                pa_context_get_sink_input_info_list(context, seen, me)
            }
        if let operation { pa_operation_unref(operation) }
    }

    // MARK: The context (loop's lock held)

    private static func isConnecting(_ state: pa_context_state_t) -> Bool {
        state == PA_CONTEXT_UNCONNECTED || state == PA_CONTEXT_CONNECTING
    }

    private func startAttempt() {
        cancelRetry()
        attempt += 1
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, "AddMusic")
        guard let made = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(loop), "AddMusic", properties) else {
            failure = (attempt, Int32(PA_ERR_INTERNAL.rawValue))
            return
        }
        context = made
        let changed: pa_context_notify_cb_t = { context, userdata in
            guard let context, let userdata else { return }
            Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().stateChanged(context)
        }
        pa_context_set_state_callback(made, changed, Unmanaged.passUnretained(self).toOpaque())
        if pa_context_connect(made, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0, context == made {
            failed(code: pa_context_errno(made))
        }
    }

    private func stateChanged(_ changed: OpaquePointer) {
        guard changed == context else { return }
        let state = pa_context_get_state(changed)
        if state == PA_CONTEXT_READY {
            becameReady(changed)
        } else if addmusic_pa_context_is_good(state) == 0 {
            failed(code: pa_context_errno(changed))
        }
        signalLocked()
    }

    private func becameReady(_ context: OpaquePointer) {
        failure = nil
        ready = true
        everReady = true
        lostSinks = []
        callStreams = []
        subscribe(context)
        // A call already on when the server answers counts as one that begins now.
        lookUpSinkInputs(context, index: nil)
        for output in streams.compactMap(\.output) { output.connectionReadyLocked(context) }
    }

    /// The attempt failed or the server went: the context goes; streams and observers hear of a loss once.
    private func failed(code: Int32) {
        let wasReady = ready
        ready = false
        callStreams = []
        failure = (attempt, code)
        releaseContext()
        if wasReady {
            for output in streams.compactMap(\.output) { output.connectionLostLocked() }
            for observer in currentObservers() { observer.serverLost() }
        }
        if everReady { scheduleRetry() }
        signalLocked()
    }

    private func releaseContext() {
        guard let context else { return }
        pa_context_set_subscribe_callback(context, nil, nil)
        pa_context_set_state_callback(context, nil, nil)
        if addmusic_pa_context_is_good(pa_context_get_state(context)) != 0 { pa_context_disconnect(context) }
        pa_context_unref(context)
        self.context = nil
        ready = false
    }

    /// Tries again in a quarter second, on the Pulse thread.
    private func scheduleRetry() {
        guard retryTimer == nil, let api = pa_threaded_mainloop_get_api(loop) else { return }
        var when = timeval()
        pa_gettimeofday(&when)
        pa_timeval_add(&when, 250_000)
        let fire: pa_time_event_cb_t = { api, event, _, userdata in
            guard let api, let userdata else { return }
            api.pointee.time_free(event)
            let connection = Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue()
            connection.retryTimer = nil
            if connection.context == nil { connection.startAttempt() }
        }
        retryTimer = api.pointee.time_new(api, &when, fire, Unmanaged.passUnretained(self).toOpaque())
    }

    private func cancelRetry() {
        guard let retryTimer, let api = pa_threaded_mainloop_get_api(loop) else { return }
        api.pointee.time_free(retryTimer)
        self.retryTimer = nil
    }

    /// Follows the server's sinks (new ones are named to the observers, removed ones told to the streams) and its
    /// streams (a call's begins an interruption, the last one's end ends it).
    private func subscribe(_ context: OpaquePointer) {
        let changed: pa_context_subscribe_cb_t = { context, event, index, userdata in
            guard let context, let userdata else { return }
            let connection = Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue()
            let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
            let kind = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
            if facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue {
                if kind == PA_SUBSCRIPTION_EVENT_NEW.rawValue {
                    connection.lookUpSinkInputs(context, index: index)
                } else if kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue {
                    connection.sinkInputRemoved(index)
                }
                return
            }
            guard facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue else { return }
            if kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue {
                for output in connection.streams.compactMap(\.output) { output.sinkRemovedLocked(index) }
            } else if kind == PA_SUBSCRIPTION_EVENT_NEW.rawValue {
                // Ask for the new sink's name; the answer comes back on this thread.
                let named: pa_sink_info_cb_t = { _, info, end, userdata in
                    guard end == 0, let info, let userdata else { return }
                    let connection = Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue()
                    let name = info.pointee.name.map { String(cString: $0) }
                    for observer in connection.currentObservers() { observer.sinkAppeared(name: name) }
                }
                if let operation = pa_context_get_sink_info_by_index(context, index, named, userdata) {
                    pa_operation_unref(operation)
                }
            }
        }
        pa_context_set_subscribe_callback(context, changed, Unmanaged.passUnretained(self).toOpaque())
        let mask = pa_subscription_mask_t(
            rawValue: PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue)
        if let operation = pa_context_subscribe(context, mask, nil, nil) {
            pa_operation_unref(operation)
        }
    }
}
