import Dispatch
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// A player that answers until `hang()`, then never again (a daemon that stops answering mid-session): every call
/// after that waits until `release()`. It stands in for a player only to prove what its callers do while one hangs.
final class HangingPlayer: SettledPlayerReads, @unchecked Sendable {  // `hanging` behind `condition`
    private let condition = NSCondition()
    private var hanging = false

    /// From now on every call waits.
    func hang() { condition.withLock { hanging = true } }

    /// Lets every waiting call, and every later one, go on.
    func release() {
        condition.withLock {
            hanging = false
            condition.broadcast()
        }
    }

    private func waitWhileHanging() {
        condition.withLock {
            while hanging { condition.wait() }
        }
    }

    /// Never waits, as the protocol asks.
    var snapshot: PlayerSnapshot { PlayerSnapshot() }

    var playbackState: PlaybackState {
        waitWhileHanging()
        return .paused
    }
    var nowPlayingItem: MediaItem? {
        waitWhileHanging()
        return nil
    }
    var queue: [MediaItem] {
        waitWhileHanging()
        return []
    }
    var currentPlaybackTime: Double {
        waitWhileHanging()
        return 0
    }
    var volume: Double {
        waitWhileHanging()
        return 1
    }
    func setVolume(_ level: Double) { waitWhileHanging() }
    var shuffleMode: ShuffleMode {
        waitWhileHanging()
        return .off
    }
    var repeatMode: RepeatMode {
        waitWhileHanging()
        return .none
    }
    func seek(to seconds: Double) { waitWhileHanging() }
    func setQueue(_ collection: MediaItemCollection) { waitWhileHanging() }
    func setQueueAndPlay(_ collection: MediaItemCollection) { waitWhileHanging() }
    func append(_ collection: MediaItemCollection) { waitWhileHanging() }
    func insert(_ collection: MediaItemCollection, at index: Int) { waitWhileHanging() }
    func removeItem(at index: Int) { waitWhileHanging() }
    func moveItem(from: Int, to: Int) { waitWhileHanging() }
    func clearQueue() { waitWhileHanging() }
    func play() { waitWhileHanging() }
    func pause() { waitWhileHanging() }
    func stop() { waitWhileHanging() }
    func skipToNextItem() { waitWhileHanging() }
    func skipToPreviousItem() { waitWhileHanging() }
    func skipToBeginning() { waitWhileHanging() }
    func skip(toItemAt index: Int) { waitWhileHanging() }
    func setShuffleMode(_ mode: ShuffleMode) { waitWhileHanging() }
    func setRepeatMode(_ mode: RepeatMode) { waitWhileHanging() }
    func observe(on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void) {}
    func observeEveryEvent(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {}
    func setReplayGain(_ mode: ReplayGainMode?) { waitWhileHanging() }
    func setCrossfade(_ seconds: Double) { waitWhileHanging() }
}
