import Dispatch
import Foundation
import MediaModel

// Threads: owns one serial queue, "addmusic.scrobble", where every network wait happens; `listen` writes the listen
// to disk on the caller's thread (the controller's work queue) and returns, the other methods return at once from any
// thread, and their answers come on that queue.

/// Delivers listens (B-H11) to the services the user connected (ListenBrainz, Last.fm): a play counted (B-H1) of a
/// song of 30 s or more is
/// written to each service's queue on disk at once (`ListenQueue`), then sent; what the server does not take because
/// it is down, busy or unreachable waits and is sent again after a growing pause (30 s, doubled up to 30 minutes) and
/// at each new listen. A listen the server took is removed, so none is sent twice by us; a listen the server refuses
/// as wrong is dropped and said. Nothing here ever waits on the caller's thread.
/// Without a connected account it does nothing.
public final class Scrobbler: @unchecked Sendable {  // the `var`s only on `queue`
    private let queue = DispatchQueue(label: "addmusic.scrobble")
    private let accounts: ScrobbleAccounts
    private let dataHome: String
    private let log: @Sendable (String) -> Void
    /// By service: the pause before the next retry, and whether one is pending.
    private var retryDelay: [String: Double] = [:]
    private var pendingRetry: Set<String> = []
    /// The song told as playing now last (its id and path), so that it is told once per start.
    private var toldPlaying: (id: Int64, path: LibraryPath)?

    /// The longest pause before sending again.
    static let longestDelay = 1_800.0

    /// A scrobbler for the accounts `accounts` connects, its listens waiting under `dataHome`; `log` hears what goes
    /// wrong (on the scrobbler's queue). Returns at once: nothing is read until it is used.
    public init(
        accounts: ScrobbleAccounts = ScrobbleAccounts(), dataHome: String = XDGDirectories.dataHome,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.accounts = accounts
        self.dataHome = dataHome
        self.log = log
    }

    /// The services listened to, by their queues' names.
    static let serviceNames = ["listenbrainz", "lastfm"]

    /// The connected services whose secrets can be read, read again each time (two small files, or the keyring): a
    /// login or logout meanwhile counts at once. On the queue.
    private var services: [any ScrobbleService] { accounts.services }

    private func queue(of name: String) -> ListenQueue { ListenQueue(service: name, dataHome: dataHome) }

    /// A play of `item` counted at `counted`: written to the queue on disk before this returns (blocking file work:
    /// never on the main thread), then sent; nothing when no account is connected or the song is under 30 s (or
    /// has no artist).
    public func listen(_ item: MediaItem, countedAt counted: Date = Date()) {
        // The play counts at half the song or four minutes (B-H1): it began that long before.
        let started = counted.addingTimeInterval(-min(item.duration / 2, 240))
        guard let listen = Listen(item, startedAt: started) else { return }
        // The connected services by the secrets folder alone (no keyring asked on the caller's queue): a listen is
        // kept even while a service's secret cannot be read.
        let names = accounts.connectedNames
        guard !names.isEmpty else { return }
        for name in names {
            do {
                let dropped = try queue(of: name).add(listen)
                if dropped > 0 {
                    log("scrobbling: \(dropped) oldest listens for \(name) dropped, over \(ListenQueue.most)")
                }
            } catch {
                log("scrobbling: the listen cannot be kept: \(error)")
            }
        }
        queue.async { [self] in _ = deliverAll() }
    }

    /// The player's song and whether it plays, after each change of either (the events come in either order):
    /// the server is told once when a song starts playing (best effort: not queued, not retried).
    public func playerChanged(item: MediaItem?, playing: Bool) {
        queue.async { [self] in
            guard let item, playing else {
                if item == nil { toldPlaying = nil }
                return
            }
            if let told = toldPlaying, told.id == item.id, told.path == item.path { return }
            toldPlaying = (item.id, item.path)
            guard let listen = Listen(item, startedAt: Date()) else { return }
            for service in services {
                if case .failure(let error) = service.playingNow(listen) {
                    log("scrobbling: playing now not sent to \(service.name): \(error)")
                }
            }
        }
    }

    /// Sends what waits now; `done` hears how many were delivered, how many still wait, and the error that stopped
    /// the sending, if any (on the scrobbler's queue).
    public func sendWaiting(_ done: @escaping @Sendable (_ delivered: Int, _ waiting: Int, ScrobbleError?) -> Void) {
        queue.async { [self] in
            let (delivered, error) = deliverAll()
            done(delivered, services.map { queue(of: $0.name).count }.reduce(0, +), error)
        }
    }

    /// How many listens wait for `service` ("listenbrainz", "lastfm") under `dataHome`.
    public static func waiting(for service: String, dataHome: String = XDGDirectories.dataHome) -> Int {
        ListenQueue(service: service, dataHome: dataHome).count
    }

    /// Sends what waits for every connected service; the listens delivered, and the first error met. On the queue.
    private func deliverAll() -> (delivered: Int, error: ScrobbleError?) {
        var delivered = 0
        var firstError: ScrobbleError?
        for service in services {
            let (count, error) = deliver(to: service)
            delivered += count
            firstError = firstError ?? error
        }
        return (delivered, firstError)
    }

    /// Sends the listens waiting for `service` in batches, oldest first, until none wait or one fails. On the queue.
    private func deliver(to service: any ScrobbleService) -> (delivered: Int, error: ScrobbleError?) {
        let listens = queue(of: service.name)
        var delivered = 0
        while true {
            let batch = listens.pending(limit: service.batch)
            guard !batch.isEmpty else { break }
            switch service.submit(batch.map(\.listen)) {
            case .success:
                listens.remove(batch.map(\.name))
                delivered += batch.count
                retryDelay[service.name] = nil
            case .failure(let error) where error.isPassing:
                log("scrobbling: \(batch.count) listens wait for \(service.name): \(error)")
                scheduleRetry(of: service)
                return (delivered, error)
            case .failure(let error) where error.dropsTheListens:
                // Refused as wrong: sent again they would be refused again. In a batch, one may be at fault: each is
                // sent alone, and only those refused alone are dropped.
                for one in batch {
                    switch batch.count == 1 ? .failure(error) : service.submit([one.listen]) {
                    case .success: delivered += 1
                    case .failure(let refusal) where refusal.dropsTheListens:
                        log("scrobbling: a listen refused by \(service.name) and dropped: \(refusal)")
                    case .failure(let refusal):
                        if refusal.isPassing { scheduleRetry(of: service) }
                        return (delivered, refusal)
                    }
                    listens.remove([one.name])
                }
            case .failure(let error):
                log("scrobbling: \(service.name): \(error)")
                return (delivered, error)
            }
        }
        return (delivered, nil)
    }

    /// Sends to `service` again after its current pause, doubled for the next time (one retry pending at a time).
    private func scheduleRetry(of service: any ScrobbleService) {
        guard !pendingRetry.contains(service.name) else { return }
        pendingRetry.insert(service.name)
        let delay = retryDelay[service.name] ?? 30
        retryDelay[service.name] = min(delay * 2, Self.longestDelay)
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            pendingRetry.remove(service.name)
            _ = deliver(to: service)
        }
    }
}
