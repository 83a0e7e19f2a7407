import Dispatch
import Foundation
import MediaModel

// Threads: owns one serial queue, "addmusic.scrobble", where every network wait happens; `listen` writes the listen
// to disk on the caller's thread (the controller's work queue) and returns, the other methods return at once from any
// thread, and their answers come on that queue.

/// Delivers listens (B-H11) to the services the user connected: a play counted (B-H1) of a song of 30 s or more is
/// written to each service's queue on disk at once (`ListenQueue`), then sent; what the server does not take because
/// it is down, busy or unreachable waits and is sent again after a growing pause (30 s, doubled up to 30 minutes) and
/// at each new listen. A listen the server took is removed, so none is sent twice by us; a listen the server refuses
/// as wrong is dropped and said. Nothing here ever waits on the caller's thread.
/// Without a connected account (read on the queue at the first use) it does nothing.
public final class Scrobbler: @unchecked Sendable {  // the `var`s only on `queue`
    private let queue = DispatchQueue(label: "addmusic.scrobble")
    private let accounts: ScrobbleAccounts
    private var loaded: ListenBrainz??
    private let listens: ListenQueue
    private let log: @Sendable (String) -> Void
    private var retryDelay = 30.0
    private var pendingRetry = false
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
        listens = ListenQueue(service: "listenbrainz", dataHome: dataHome)
        self.log = log
    }

    /// The connected account, read once. On the queue.
    private var account: ListenBrainz? {
        if let loaded { return loaded }
        let account = accounts.listenBrainz
        loaded = .some(account)
        return account
    }

    /// A play of `item` counted at `counted`: written to the queue on disk before this returns (blocking file work:
    /// never on the main thread), then sent; nothing when no account is connected or the song is under 30 s (or
    /// has no artist).
    public func listen(_ item: MediaItem, countedAt counted: Date = Date()) {
        // The play counts at half the song or four minutes (B-H1): it began that long before.
        let started = counted.addingTimeInterval(-min(item.duration / 2, 240))
        guard let listen = Listen(item, startedAt: started), accounts.listenBrainz != nil else { return }
        do {
            let dropped = try listens.add(listen)
            if dropped > 0 { log("scrobbling: \(dropped) oldest listens dropped, over \(ListenQueue.most) waiting") }
        } catch {
            log("scrobbling: the listen cannot be kept: \(error)")
            return
        }
        queue.async { [self] in _ = deliver() }
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
            if case .failure(let error) = account?.playingNow(listen) {
                log("scrobbling: playing now not sent: \(error)")
            }
        }
    }

    /// Sends what waits now; `done` hears how many were delivered, how many still wait, and the error that stopped
    /// the sending, if any (on the scrobbler's queue).
    public func sendWaiting(_ done: @escaping @Sendable (_ delivered: Int, _ waiting: Int, ScrobbleError?) -> Void) {
        queue.async { [self] in
            let (delivered, error) = deliver()
            done(delivered, listens.count, error)
        }
    }

    /// How many listens wait under `dataHome` (a count of files: blocking, though brief; a command line's question).
    public static func waiting(dataHome: String = XDGDirectories.dataHome) -> Int {
        ListenQueue(service: "listenbrainz", dataHome: dataHome).count
    }

    /// How many listens wait, told to `done` on the scrobbler's queue.
    public func countWaiting(_ done: @escaping @Sendable (Int) -> Void) {
        queue.async { [self] in done(listens.count) }
    }

    /// Sends the waiting listens in batches, oldest first, until none wait or one fails. On the queue.
    private func deliver() -> (delivered: Int, error: ScrobbleError?) {
        guard let account else { return (0, nil) }
        var delivered = 0
        while true {
            let batch = listens.pending(limit: ListenBrainz.batch)
            guard !batch.isEmpty else { break }
            switch account.submit(batch.map(\.listen)) {
            case .success:
                listens.remove(batch.map(\.name))
                delivered += batch.count
                retryDelay = 30
            case .failure(let error) where error.isPassing:
                log("scrobbling: \(batch.count) listens wait: \(error)")
                scheduleRetry()
                return (delivered, error)
            case .failure(let error):
                if case .server = error {
                    // Refused as wrong: sent again they would be refused again.
                    listens.remove(batch.map(\.name))
                    log("scrobbling: \(batch.count) listens refused and dropped: \(error)")
                } else {
                    log("scrobbling: \(error)")
                }
                return (delivered, error)
            }
        }
        return (delivered, nil)
    }

    /// Sends again after the current pause, doubled for the next time (one retry pending at a time).
    private func scheduleRetry() {
        guard !pendingRetry else { return }
        pendingRetry = true
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, Self.longestDelay)
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            pendingRetry = false
            _ = deliver()
        }
    }
}
