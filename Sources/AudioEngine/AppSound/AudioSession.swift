// Threads: state behind one lock; events go out, in order, on the queue given to `init`. The process's connection to
// the audio server reports devices, interruptions and the server's loss to it on the Pulse thread (`PulseConnection`),
// each once; it hands them to the queue at once.
import Dispatch
import Foundation

/// The app's standing with the audio server: its category (how its streams meet other programs' audio), whether it
/// is active, and what happens to its route: devices that go away or appear, and interruptions by audio that takes
/// priority (a call).
///
/// Streams made through `makeOutput()` carry the category's role and report to the session; app-sound players
/// (`AudioPlayer`) made with the session pause when it is interrupted. The session and every stream of the process
/// share one connection to the server, so each device, interruption or server event reaches the session once.
public final class AudioSession: @unchecked Sendable {  // every mutable property behind `lock`
    /// How the app's streams meet other audio.
    public enum Category: String, Sendable, CaseIterable {
        /// Mixes with whatever else plays (the stream role "event"); the default, used for the app sound (B-S4).
        case ambient
        /// Music (the stream role "music"), which the server may cork for a call.
        case playback

        /// The `media.role` of the streams made in this category.
        public var streamRole: String { self == .ambient ? "event" : "music" }
    }

    /// Why the route changed.
    public enum RouteChangeReason: Sendable, Equatable {
        /// A device appeared (plugged in, a sink loaded).
        case newDeviceAvailable
        /// The device a stream of this app played on went away; that stream has paused.
        case oldDeviceUnavailable
        /// The session's category changed.
        case categoryChange
    }

    /// Where the app's audio goes: the names of the devices (sinks) its streams play on.
    public struct Route: Sendable, Equatable, CustomStringConvertible {
        /// Device names, sorted.
        public var outputs: [String]

        /// A route through `outputs`.
        public init(outputs: [String]) { self.outputs = outputs.sorted() }

        public var description: String { outputs.isEmpty ? "(none)" : outputs.joined(separator: ", ") }
    }

    /// What the session reports.
    public enum Event: Sendable, Equatable {
        /// The route changed for `reason`; `previousRoute` is where audio went before.
        case routeChanged(reason: RouteChangeReason, previousRoute: Route)
        /// Audio that takes priority began: the app's streams that the server corked, and its app sounds, paused.
        case interruptionBegan
        /// The interruption ended; `shouldResume` says the app may play again what was interrupted.
        case interruptionEnded(shouldResume: Bool)
    }

    private let server: String?
    private let queue: DispatchQueue
    private let lock = NSLock()
    private var currentCategory = Category.ambient
    /// The connection, held while the session is active (its streams hold it too).
    private var connection: PulseConnection?
    private var observers: [@Sendable (Event) -> Void] = []
    private var outputs: [WeakOutput] = []
    private var players: [WeakPlayer] = []
    private var interrupted: Set<ObjectIdentifier> = []

    private struct WeakOutput {
        weak var output: PulseOutput?
    }

    private struct WeakPlayer {
        weak var player: AudioPlayer?
    }

    /// A session with the audio server at `server` (nil: libpulse's default, e.g. from `PULSE_SERVER`); events are
    /// delivered on `queue` (a serial queue). It starts inactive, in the ambient category.
    public init(server: String? = nil, events queue: DispatchQueue) {
        self.server = server
        self.queue = queue
    }

    /// The category (ambient at first).
    public var category: Category { lock.withLock { currentCategory } }

    /// Sets the category for streams made from now on; a change is reported as a route change.
    public func setCategory(_ category: Category) {
        let changed = lock.withLock {
            defer { currentCategory = category }
            return currentCategory != category
        }
        if changed { send(.routeChanged(reason: .categoryChange, previousRoute: route)) }
    }

    /// Whether the session watches the server's devices.
    public var isActive: Bool { lock.withLock { connection != nil } }

    /// Activates the session (it watches the server for new devices) or deactivates it. Activating an active
    /// session does nothing. Returns once the server's socket answers, without waiting for the server itself (a
    /// server that hangs does not hold the caller).
    /// - Throws: `PulseError` when no audio server is there.
    public func setActive(_ active: Bool) throws {
        guard active else {
            let old = lock.withLock {
                defer { connection = nil }
                return connection
            }
            withExtendedLifetime(old) {}
            return
        }
        guard !isActive else { return }
        let shared = PulseConnection.shared(server: server)
        try shared.connect()
        shared.withLock { shared.addObserverLocked(self) }
        lock.withLock { connection = shared }
    }

    /// Calls `handler` on the session's queue with every event from now on.
    public func observe(_ handler: @escaping @Sendable (Event) -> Void) {
        lock.withLock { observers.append(handler) }
    }

    /// An output to the session's server, on sink `device` (nil: the default), with stream role `role` (nil: the
    /// category's), reporting its route changes and interruptions to the session.
    public func makeOutput(device: String? = nil, role: String? = nil) -> PulseOutput {
        let output = PulseOutput(server: server, device: device, role: role ?? category.streamRole, session: self)
        lock.withLock {
            outputs.removeAll { $0.output == nil }
            outputs.append(WeakOutput(output: output))
        }
        return output
    }

    /// Where the app's audio goes now.
    public var route: Route {
        let open = lock.withLock { outputs.compactMap(\.output) }
        return Route(outputs: Array(Set(open.compactMap(\.deviceName))))
    }

    // MARK: Reports from outputs and players

    func register(_ player: AudioPlayer) {
        lock.withLock {
            players.removeAll { $0.player == nil }
            players.append(WeakPlayer(player: player))
        }
    }

    private func send(_ event: Event) {
        let handlers = lock.withLock { observers }
        queue.async {
            for handler in handlers { handler(event) }
        }
    }
}

// MARK: Reports from the connection (on the Pulse thread, each once)

extension AudioSession: PulseConnectionObserver {
    func sinkAppeared(name: String?) {
        guard isActive else { return }
        // Off the Pulse thread before the route is read.
        queue.async { [weak self] in
            guard let self else { return }
            self.send(.routeChanged(reason: .newDeviceAvailable, previousRoute: self.route))
        }
    }

    func deviceLost(name: String?) {
        send(.routeChanged(reason: .oldDeviceUnavailable, previousRoute: Route(outputs: name.map { [$0] } ?? [])))
    }

    /// The session is interrupted by the first stream corked, and its app sounds pause.
    func streamInterrupted(_ stream: PulseOutput) {
        let (began, players) = lock.withLock {
            let began = interrupted.isEmpty
            interrupted.insert(ObjectIdentifier(stream))
            return (began, self.players.compactMap(\.player))
        }
        guard began else { return }
        // Off the Pulse thread: pausing a player sends its stream a request.
        queue.async {
            for player in players { player.pauseForInterruption() }
        }
        send(.interruptionBegan)
    }

    /// When no stream is held any more, the interruption has ended.
    func streamInterruptionEnded(_ stream: PulseOutput) {
        let ended = lock.withLock { interrupted.remove(ObjectIdentifier(stream)) != nil && interrupted.isEmpty }
        if ended { send(.interruptionEnded(shouldResume: true)) }
    }

    /// A closed stream will not be let go by an uncork, so it no longer holds the interruption.
    func streamGone(_ stream: PulseOutput) {
        let ended = lock.withLock { interrupted.remove(ObjectIdentifier(stream)) != nil && interrupted.isEmpty }
        if ended { send(.interruptionEnded(shouldResume: false)) }
    }

    /// Streams made again when the server is back are not corked: the interruption is over.
    func serverLost() {
        let ended = lock.withLock {
            defer { interrupted = [] }
            return !interrupted.isEmpty
        }
        if ended { send(.interruptionEnded(shouldResume: false)) }
    }
}
