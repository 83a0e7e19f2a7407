import Dispatch
import Foundation
import MediaModel

/// The daemon's state read on the control queue, published for `snapshot` and told as events.
extension SystemMusicPlayer {
    /// Reads status (and the queue when its version moved) and sends the events for what changed.
    func refresh() throws {
        let status = MPDStatus(try withConnection { try $0.run("status") })
        var next = daemon
        next.state = status.state
        next.songID = status.songID
        next.songPosition = status.songPosition
        next.elapsed = status.elapsed ?? 0
        next.readAt = Date()
        next.readAtUptime = DispatchTime.now().uptimeNanoseconds
        next.random = status.random
        next.repeats = status.repeats
        next.single = status.single
        next.volume = status.volume ?? -1
        let version = status.playlistVersion ?? -1
        if version != daemon.playlistVersion {
            next.queue = try readQueue(length: status.playlistLength)
            next.playlistVersion = version
        }
        let previous = daemon
        daemon = next
        // Stopped by the daemon (its queue ended) or another client: a full stop, so the next play starts the queue
        // from its first item (B-P2), as a stop asked here.
        if next.state == .stopped && previous.state != .stopped { stoppedFully = true }
        let counted = followTally(from: previous, to: next)
        if next.playlistVersion != previous.playlistVersion { queueNow = queueNow.replaced(by: next.queue) }
        publish()
        for event in counted { emit(event) }  // the song left counts (a play or a skip) before the next is announced
        if next.playlistVersion != previous.playlistVersion { emit(.queueChanged) }
        let item = Self.nowPlaying(in: next)
        if item != Self.nowPlaying(in: previous) || next.songID != previous.songID && item != nil {
            emit(.nowPlayingItemChanged(item))
        }
        if next.state != previous.state { emit(.playbackStateChanged(next.state)) }
        if (next.random, next.repeats, next.single, next.volume)
            != (previous.random, previous.repeats, previous.single, previous.volume)
        {
            emit(.settingsChanged)
        }
        if next.songID == previous.songID, next.songID != nil, Self.hasJumped(from: previous, to: next) {
            emit(.positionChanged)
        }
    }

    /// Whether the elapsed time of `next` is not where playing on from `previous` would have brought it.
    static func hasJumped(from previous: DaemonState, to next: DaemonState) -> Bool {
        let ran = previous.state == .playing ? next.readAt.timeIntervalSince(previous.readAt) : 0
        return abs(next.elapsed - (previous.elapsed + ran)) > 1
    }

    /// On `control`: makes the daemon's state as last read what `snapshot` answers.
    func publish() {
        var now = PlayerSnapshot()
        now.state = daemon.state
        now.queue = queueNow
        now.nowPlayingIndex = Self.nowPlaying(in: daemon) == nil ? nil : daemon.songPosition
        now.position = daemon.songPosition == nil ? 0 : daemon.elapsed
        now.positionReadAt = daemon.readAtUptime
        now.shuffleMode = daemon.random ? .songs : .off
        now.repeatMode = daemon.repeats ? (daemon.single ? .one : .all) : .none
        now.volume = daemon.volume < 0 ? 1 : Double(daemon.volume) / 100
        published.withLock { $0 = now }
    }

    /// On `control`: sends `event` with the snapshot now.
    func emit(_ event: MusicPlayerEvent) { feed.send(event, snapshot: published.withLock { $0 }) }

    /// The songs read from the queue at once; a queue is read in windows of this many (a whole long queue in one
    /// reply could pass the daemon's own `max_output_buffer_size`, 8 MiB by default, and it would close the
    /// connection).
    static let queueWindow = 2048
    /// The longest queue read: 200,000 songs (the daemon's default `max_playlist_length` is 16,384), some 50 MB as
    /// media items.
    static let maximumQueue = 200_000

    /// On `control`: the daemon's queue, window by window, up to `length` songs (when the status said) or the
    /// first short window.
    func readQueue(length: Int?) throws -> [MediaItem] {
        guard let length else {
            return MPDSong.items(from: try withConnection { try $0.run("playlistinfo") }, limit: Self.maximumQueue)
        }
        var items: [MediaItem] = []
        while items.count < min(length, Self.maximumQueue) {
            let range = "\(items.count):\(items.count + Self.queueWindow)"
            // A window is read into at most the songs it asked for, whatever the daemon sends.
            let window = MPDSong.items(
                from: try withConnection { try $0.run("playlistinfo", [range]) }, limit: Self.queueWindow)
            items += window
            if window.count < Self.queueWindow { break }
        }
        return items
    }

    /// The item playing or paused: the daemon's current song, unless it is stopped.
    static func nowPlaying(in daemon: DaemonState) -> MediaItem? {
        guard daemon.state != .stopped, let position = daemon.songPosition,
            daemon.queue.indices.contains(position)
        else { return nil }
        return daemon.queue[position]
    }
}
