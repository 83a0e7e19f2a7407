// Threads: state behind one lock; events go out, in order, on the queue given to `init`. Outputs report to it from
// libpulse's threads; the device watcher's own libpulse thread reports new devices.
import Dispatch
import Foundation

/// The app's standing with the audio server: its category (how its streams meet other programs' audio), whether it
/// is active, and what happens to its route: devices that go away or appear, and interruptions by audio that takes
/// priority (a call).
///
/// Streams made through `makeOutput()` carry the category's role and report to the session; app-sound players
/// (`AudioPlayer`) made with the session pause when it is interrupted.
public final class AudioSession: @unchecked Sendable {
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
    private var watcher: PulseSinkWatcher?
    private var observers: [@Sendable (Event) -> Void] = []
    private var outputs: [WeakOutput] = []
    private var players: [WeakPlayer] = []
    private var interrupted: Set<ObjectIdentifier> = []
    private var lastLostDevice: (name: String?, at: Date)?

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
    public var isActive: Bool { lock.withLock { watcher != nil } }

    /// Activates the session (it watches the server for new devices) or deactivates it. Activating an active
    /// session does nothing.
    /// - Throws: `PulseError` when no audio server answers.
    public func setActive(_ active: Bool) throws {
        guard active else {
            let old = lock.withLock {
                defer { watcher = nil }
                return watcher
            }
            withExtendedLifetime(old) {}
            return
        }
        guard !isActive else { return }
        let queue = self.queue
        let newWatcher = try PulseSinkWatcher(server: server) { [weak self] _ in
            // Off libpulse's thread before the session is held: were it let go there, its watcher would stop its own
            // loop from inside it.
            queue.async { [weak self] in
                guard let self else { return }
                self.send(.routeChanged(reason: .newDeviceAvailable, previousRoute: self.route))
            }
        }
        lock.withLock { watcher = newWatcher }
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

    /// An output's device went away (its stream was moved off it and the device removed). Reported once per
    /// device, however many of the app's streams played on it.
    func output(_ output: PulseOutput, lostDevice name: String?) {
        let isNew = lock.withLock {
            let now = Date()
            if let last = lastLostDevice, last.name == name, now.timeIntervalSince(last.at) < 1 { return false }
            lastLostDevice = (name, now)
            return true
        }
        if isNew {
            send(.routeChanged(reason: .oldDeviceUnavailable, previousRoute: Route(outputs: name.map { [$0] } ?? [])))
        }
    }

    /// The server corked an output for audio that takes priority: the session is interrupted, and its app sounds
    /// pause.
    func outputWasInterrupted(_ output: PulseOutput) {
        let (began, players) = lock.withLock {
            let began = interrupted.isEmpty
            interrupted.insert(ObjectIdentifier(output))
            return (began, self.players.compactMap(\.player))
        }
        guard began else { return }
        // Not on libpulse's thread, which this report comes from: pausing a player takes its output's loop lock.
        queue.async {
            for player in players { player.pauseForInterruption() }
        }
        send(.interruptionBegan)
    }

    /// An output closed or lost its server: it will not be let go by an uncork, so it no longer holds the
    /// interruption.
    func outputGone(_ output: PulseOutput) {
        let ended = lock.withLock { interrupted.remove(ObjectIdentifier(output)) != nil && interrupted.isEmpty }
        if ended { send(.interruptionEnded(shouldResume: false)) }
    }

    /// The server lets an output play again; when none is held any more, the interruption has ended.
    func outputInterruptionEnded(_ output: PulseOutput) {
        let ended = lock.withLock {
            interrupted.remove(ObjectIdentifier(output)) != nil && interrupted.isEmpty
        }
        if ended { send(.interruptionEnded(shouldResume: true)) }
    }

    private func send(_ event: Event) {
        let handlers = lock.withLock { observers }
        queue.async {
            for handler in handlers { handler(event) }
        }
    }
}
