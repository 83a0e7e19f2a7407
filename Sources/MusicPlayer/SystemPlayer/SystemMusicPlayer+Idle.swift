import Dispatch
import Foundation
import MediaModel

/// The idle thread: the daemon's changes as they happen, and its going and coming back.
extension SystemMusicPlayer {
    /// The idle thread's loop: waits for changes on a connection of its own and hands each to the player's queue;
    /// when the daemon is away, says so once and tries again with a growing pause (0.1 s up to 2 s). Holds the
    /// player only for each hand-over, so a player let go ends the thread.
    static func watchForChanges(of weakPlayer: SystemMusicPlayer?, state: IdleState, address: MPDAddress) {
        weak let player = weakPlayer
        var backoff = 0.1
        while !state.lock.withLock({ state.stopping }) {
            do {
                let waiting = try MPDConnection(address: address)
                let proceed = state.lock.withLock {
                    if !state.stopping { state.connection = waiting }
                    return !state.stopping
                }
                guard proceed else { return }
                // Each hand-over holds the player only for its own length, never across the wait below.
                if let owner = player { owner.control.sync { owner.daemonAnswered() } } else { return }
                while true {
                    let changed = try waiting.idle(["player", "playlist", "options", "mixer", "database", "update"])
                    backoff = 0.1  // the daemon answers in full: a later loss starts the pauses afresh
                    guard let owner = player else { return }
                    if changed.contains("database") { owner.artworkReader.forget() }
                    owner.control.sync { try? owner.refresh() }
                }
            } catch {
                state.lock.withLock { state.connection = nil }
                if state.lock.withLock({ state.stopping }) { return }
                if let owner = player { owner.control.sync { owner.daemonWentAway() } } else { return }
                Thread.sleep(forTimeInterval: backoff)
                backoff = min(backoff * 2, 2)
            }
        }
    }

    /// On `control`: the daemon answers (again); read its state afresh, tell what changed, and carry out the
    /// commands that waited for it.
    func daemonAnswered() {
        if connection == nil { _ = try? connect() }
        do { try refresh() } catch { dropConnection() }
        if !available {
            available = true
            emit(.audioServerAvailable)
        }
        retryPause = Self.minimumRetryPause
        retryCommands()
    }

    /// On `control`: the idle thread lost the daemon; say so once. A command connection opened since (the daemon
    /// came back before the idle thread's next try) is asked first, so that a daemon that answers is never called
    /// away.
    func daemonWentAway() {
        if connection != nil, (try? refresh()) != nil { return }
        dropConnection()
        daemon.playlistVersion = -1  // a daemon that comes back may reuse the number for another queue
        if available {
            available = false
            emit(.audioServerUnavailable)
        }
    }
}
