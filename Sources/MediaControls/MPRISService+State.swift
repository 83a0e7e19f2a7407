import CMPRISBus
import Foundation
import MediaModel
import MusicPlayer

/// The player's state read on the service's queue and published on the bus when it changed.
extension MPRISService {
    func refresh() {
        guard !closed.withLock({ $0 }) else { return }
        let snapshot = player.snapshot
        publishTracks(snapshot)
        checkActivePlaylist(snapshot)
        let state = readState(snapshot)
        if state != published {
            publish(state)
            published = state
        }
        // A jump of the position that playing does not explain is a seek made elsewhere: Seeked.
        let now = DispatchTime.now()
        let time = snapshot.playbackTime(at: now.uptimeNanoseconds)
        let playing = state.status == "Playing"
        if let last = lastPosition {
            // A snapshot older than the position noted (our own seek, not carried out yet) tells nothing new.
            guard snapshot.positionReadAt >= last.at.uptimeNanoseconds else { return }
            if last.itemID == state.itemID, state.itemID != nil {
                let elapsed = Double(now.uptimeNanoseconds - last.at.uptimeNanoseconds) / 1e9
                let expected = last.seconds + (last.playing ? elapsed : 0)
                if abs(time - expected) > 1.5 { addmusic_mpris_seeked(bus.pointer, Self.microseconds(time)) }
            }
        }
        lastPosition = (time, now, state.itemID, playing)
    }

    func readState(_ snapshot: PlayerSnapshot) -> MPRISPublishedState {
        let item = snapshot.nowPlayingItem
        let queued = snapshot.queue.items
        let index = snapshot.nowPlayingIndex
        let repeatMode = snapshot.repeatMode
        var state = MPRISPublishedState()
        switch snapshot.state {
        case .playing: state.status = "Playing"
        case .stopped: state.status = "Stopped"
        default: state.status = "Paused"
        }
        state.loop = repeatMode == .one ? "Track" : repeatMode == .all ? "Playlist" : "None"
        state.shuffle = snapshot.shuffleMode != .off
        state.volume = snapshot.volume
        state.canPlay = !queued.isEmpty
        state.canPause = item != nil
        state.canSeek = item.map { $0.duration > 0 } ?? false
        state.canGoPrevious = item != nil
        state.canGoNext =
            index.map { $0 + 1 < queued.count || repeatMode == .all || snapshot.shuffleMode != .off }
            ?? false
        if let item {
            state.itemID = item.id
            state.trackID = trackList.currentID ?? Self.trackID(item)
            state.length = Self.microseconds(item.duration)
            state.title = item.title
            state.artist = item.artist
            state.album = item.album
            state.albumArtist = item.albumArtist
            state.genre = item.genre
            state.trackNumber = Int32(clamping: item.trackNumber ?? 0)
            state.discNumber = Int32(clamping: item.discNumber ?? 0)
            let path = item.audioFile.description
            state.url = path.hasPrefix("/") ? URL(fileURLWithPath: path).absoluteString : nil
            state.artURL = covers.url(for: item, library: library, player: player)
            if let statistics = statistics(of: item) {
                state.userRating = statistics.rating.map { Double($0) / 5 }
                state.useCount = Int32(clamping: statistics.playCount)
            }
        }
        return state
    }

    func publish(_ state: MPRISPublishedState) {
        let copies = CStringCopies()
        let c = copies.c
        var fields = addmusic_mpris_state()
        fields.playback_status = c(state.status)
        fields.loop_status = c(state.loop)
        fields.shuffle = state.shuffle ? 1 : 0
        fields.volume = state.volume
        fields.can_go_next = state.canGoNext ? 1 : 0
        fields.can_go_previous = state.canGoPrevious ? 1 : 0
        fields.can_play = state.canPlay ? 1 : 0
        fields.can_pause = state.canPause ? 1 : 0
        fields.can_seek = state.canSeek ? 1 : 0
        fields.track_id = c(state.trackID)
        fields.length_us = state.length
        fields.art_url = c(state.artURL)
        fields.title = c(state.title)
        fields.artist = c(state.artist)
        fields.album = c(state.album)
        fields.album_artist = c(state.albumArtist)
        fields.genre = c(state.genre)
        fields.url = c(state.url)
        fields.track_number = state.trackNumber
        fields.disc_number = state.discNumber
        fields.user_rating = state.userRating ?? -1
        fields.use_count = state.useCount ?? -1
        withExtendedLifetime(copies) { addmusic_mpris_update(bus.pointer, &fields) }
    }

    /// The statistics of `item` last read, on the service's queue. They are read on a queue of their own (they may
    /// wait on the disk or the daemon), when the song changes and then every `statisticsAge` seconds; the state is
    /// published again when they come.
    func statistics(of item: MediaItem) -> PlayStatistics? {
        let player = self.player
        let now = DispatchTime.now().uptimeNanoseconds
        let current = readStatistics.map { $0.itemID == item.id && $0.player === player } ?? false
        let stale = readStatistics.map { now - $0.at > Self.statisticsAge } ?? true
        if let library, !statisticsPending, !current || stale {
            statisticsPending = true
            statisticsQueue.async { [weak self, queue] in
                let statistics = try? library.statistics(of: item, playedBy: player)
                queue.async { [weak self] in
                    guard let self else { return }
                    self.statisticsPending = false
                    self.readStatistics = (item.id, player, statistics, DispatchTime.now().uptimeNanoseconds)
                    self.refresh()
                }
            }
        }
        return current ? readStatistics?.statistics : nil
    }

    /// The D-Bus object path naming `item` (ids may be negative: their bit pattern is used).
    static func trackID(_ item: MediaItem) -> String {
        "/org/addmusic/AddMusic/Track/\(UInt64(bitPattern: item.id))"
    }

    static func microseconds(_ seconds: Double) -> Int64 {
        Int64(clamping: MediaTime.position(seconds) * 1e6, rounding: .toNearestOrAwayFromZero)
    }
}
