import AudioEngine
import Dispatch
import Foundation
import MediaModel

/// What the player tells, on the control queue: the play statistics of the song playing, the state saved to disk, and
/// the events with their snapshots.
extension ApplicationMusicPlayer {
    /// Counts the play of the song playing if it was heard enough by now (twice a second while playing).
    func checkTally() {
        guard state == .playing, let pass = tally?.pass, let position = engine.position, position.token.value == pass
        else { return }
        if tally?.countsNow(heardUpTo: position.time) == true, let item = tally?.item { emit(.playCounted(item)) }
    }

    /// The song playing is left where it is heard now: its play counts if it was heard enough, else leaving it
    /// with next (`skipped`) counts a skip (B-H1, B-H2).
    func leaveTally(skipped: Bool) {
        guard let tally else { return }
        let position = loaded ? engine.position.flatMap { $0.token.value == tally.pass ? $0.time : nil } : nil
        settleTally(heardUpTo: position ?? (loaded ? nil : resumeTime), skipped: skipped)
    }

    /// Ends the pass through the song playing, heard up to `position` (nil: no further than checked last).
    func settleTally(heardUpTo position: Double?, skipped: Bool = false) {
        guard var ending = tally else { return }
        tally = nil
        if let position, ending.countsNow(heardUpTo: position) {
            emit(.playCounted(ending.item))
        } else if skipped && !ending.counted {
            emit(.skipCounted(ending.item))
        }
    }

    func setIndex(_ newIndex: Int?) {
        guard newIndex != index else { return }
        index = newIndex
        streamTitle = nil
        emit(.nowPlayingItemChanged(newIndex.map { items[$0] }))
        save()
    }

    func setState(_ newState: PlaybackState) {
        guard newState != state else { return }
        state = newState
        emit(.playbackStateChanged(newState))
        save()
    }

    /// Writes the queue, item and time to the state file (atomically), when there is one. A failure is told once
    /// (`stateNotSaved`), until a save succeeds again.
    func save() {
        guard let statePath else { return }
        do {
            try SavedPlayerState(itemIDs: items.map(\.id), index: index, time: playbackTime()).save(to: statePath)
            saveFailed = false
        } catch {
            guard !saveFailed else { return }
            saveFailed = true
            emit(.stateNotSaved(path: statePath, error: "\(error)", diskFull: DiskFull.isDiskFull(error)))
        }
    }

    /// Takes the snapshot afresh and makes it what `snapshot` answers.
    @discardableResult
    func publish(position: Double? = nil) -> PlayerSnapshot {
        var now = PlayerSnapshot()
        now.state = state
        now.queue = queueNow
        now.nowPlayingIndex = index
        now.setPosition(position ?? playbackTime())
        now.shuffleMode = shuffle
        now.repeatMode = order.repeatMode
        now.volume = currentVolume
        now.streamTitle = streamTitle
        published.withLock { $0 = now }
        return now
    }

    /// Sends `event` with a snapshot taken now (its position `position` when given: a seek not heard yet).
    func emit(_ event: MusicPlayerEvent, position: Double? = nil) {
        feed.send(event, snapshot: publish(position: position))
    }
}
