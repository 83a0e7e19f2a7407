import Dispatch
import Foundation

/// Hands a player's events, each with the snapshot taken when it was sent, to its observers: in order, each on the
/// queue it chose, coalesced. An event still waiting
/// to be delivered is replaced when the next one of the same kind follows it directly (a now-playing change, a state
/// change, a queue change), so a burst of changes reaches the app as its outcome. Safe from any thread.
final class PlayerEventFeed: @unchecked Sendable {  // `observers` behind `lock`
    private final class Observer: @unchecked Sendable {  // `pending` and `scheduled` behind the feed's `lock`
        let queue: DispatchQueue
        let handler: @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
        let coalescing: Bool
        var pending: [(event: MusicPlayerEvent, snapshot: PlayerSnapshot)] = []
        var scheduled = false

        init(
            queue: DispatchQueue, coalescing: Bool,
            handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
        ) {
            self.queue = queue
            self.coalescing = coalescing
            self.handler = handler
        }
    }

    private let lock = NSLock()
    private var observers: [Observer] = []

    /// Adds an observer; it gets the events sent from now on, coalesced unless `coalescing` is false.
    func add(
        on queue: DispatchQueue, coalescing: Bool = true,
        _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        lock.withLock { observers.append(Observer(queue: queue, coalescing: coalescing, handler: handler)) }
    }

    /// Sends `event`, with `snapshot`, to every observer.
    func send(_ event: MusicPlayerEvent, snapshot: PlayerSnapshot) {
        lock.lock()
        defer { lock.unlock() }
        for observer in observers {
            if observer.coalescing, let last = observer.pending.last, last.event.isSuperseded(by: event) {
                observer.pending[observer.pending.count - 1] = (event, snapshot)
            } else {
                observer.pending.append((event, snapshot))
            }
            guard !observer.scheduled else { continue }
            observer.scheduled = true
            observer.queue.async { [self] in deliver(to: observer) }
        }
    }

    private func deliver(to observer: Observer) {
        let batch = lock.withLock {
            let batch = observer.pending
            observer.pending = []
            observer.scheduled = false
            return batch
        }
        for (event, snapshot) in batch { observer.handler(event, snapshot) }
    }
}

extension MusicPlayerEvent {
    /// Whether `next`, following this event directly, makes it worth nothing to an observer.
    fileprivate func isSuperseded(by next: MusicPlayerEvent) -> Bool {
        switch (self, next) {
        case (.nowPlayingItemChanged, .nowPlayingItemChanged), (.playbackStateChanged, .playbackStateChanged),
            (.queueChanged, .queueChanged), (.settingsChanged, .settingsChanged),
            (.positionChanged, .positionChanged), (.streamTitleChanged, .streamTitleChanged):
            return true
        default:
            return false
        }
    }
}
