import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The application player: queue, play/pause/stop, skips, append while playing, the end of the queue (B-L3,
/// B-P1–P3, B-N2, B-A4, B-F1).
@Suite struct ApplicationMusicPlayerTests {
    @Test func launchesStoppedWithShuffleAndRepeatOff() throws {
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        #expect(player.playbackState == .stopped)
        #expect(player.shuffleMode == .off && player.repeatMode == .none)
        #expect(player.nowPlayingItem == nil && player.queue.isEmpty)
    }

    @Test func playPauseSkipAndStopFollowTheRules() throws {
        let (fixtures, items) = try songs(count: 3, seconds: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        #expect(player.playbackState == .playing)
        #expect(player.nowPlayingItem == items[0])
        Thread.sleep(forTimeInterval: 0.5)
        player.pause()
        #expect(player.playbackState == .paused)
        // Events are coalesced when the observer lags; waiting shows each one.
        try #require(Fixtures.waitUntil { events.withLock { $0.last } == .playbackStateChanged(.paused) })
        let pausedAt = player.currentPlaybackTime
        #expect(pausedAt > 0.2)
        player.play()
        #expect(player.playbackState == .playing)
        player.skipToNextItem()
        #expect(player.nowPlayingItem == items[1])
        player.skipToPreviousItem()
        #expect(player.nowPlayingItem == items[0])
        player.skip(toItemAt: 2)
        #expect(player.nowPlayingItem == items[2])
        try #require(Fixtures.waitUntil { events.withLock { $0.last } == .nowPlayingItemChanged(items[2]) })
        // Stop resets the queue: the next play starts at the first item (B-P2).
        player.stop()
        #expect(player.playbackState == .stopped && player.nowPlayingItem == nil)
        player.play()
        #expect(player.nowPlayingItem == items[0])
        player.stop()
        try #require(Fixtures.waitUntil { events.withLock { $0.last } == .playbackStateChanged(.stopped) })
        let seen = events.withLock { $0 }
        #expect(seen.first == .queueChanged)
        #expect(seen.contains(.nowPlayingItemChanged(items[2])))
        #expect(seen.filter { $0 == .playbackStateChanged(.paused) }.count == 1)
    }

    @Test func theEndOfTheQueueStopsAndTheNextPlayStartsAtTheFirstItem() throws {
        let (fixtures, items) = try songs(count: 2, seconds: 0.3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: WAVFileOutput(path: fixtures.root + "/out.wav"))
        // Every event: coalesced, the second song's start could give way to the end of the queue under load.
        let events = record(player, every: true)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        try #require(Fixtures.waitUntil { events.withLock { $0.contains(.playbackStateChanged(.stopped)) } })
        #expect(player.playbackState == .stopped)
        #expect(player.nowPlayingItem == nil)
        // Both songs played to their ends: each counted a play (B-H1) as the next began.
        #expect(
            events.withLock { $0 } == [
                .queueChanged, .nowPlayingItemChanged(items[0]), .playbackStateChanged(.playing),
                .playCounted(items[0]), .nowPlayingItemChanged(items[1]), .playCounted(items[1]),
                .nowPlayingItemChanged(nil), .playbackStateChanged(.stopped),
            ])
    }

    @Test func appendWhilePlayingKeepsTheItemAndItsTime() throws {
        let (fixtures, items) = try songs(count: 3, seconds: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        player.setQueue(MediaItemCollection(items: [items[0]]))
        player.play()
        Thread.sleep(forTimeInterval: 0.6)
        let before = player.currentPlaybackTime
        player.append(MediaItemCollection(items: Array(items[1...])))
        let after = player.currentPlaybackTime
        #expect(player.queue == items)
        #expect(player.nowPlayingItem == items[0])
        #expect(player.playbackState == .playing)
        #expect(after >= before && after < before + 0.2, "\(before) → \(after)")
        player.skipToNextItem()
        #expect(player.nowPlayingItem == items[1])
    }

    @Test func thePlaybackTimeIsSettableWithin50Milliseconds() throws {
        let (fixtures, items) = try songs(count: 1, seconds: 4)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        Thread.sleep(forTimeInterval: 0.3)
        player.seek(to: 2.5)
        #expect(abs(player.currentPlaybackTime - 2.5) < 0.05, "\(player.currentPlaybackTime)")
        player.pause()
        player.seek(to: 1)
        #expect(abs(player.currentPlaybackTime - 1) < 0.05, "\(player.currentPlaybackTime)")
        #expect(player.playbackState == .paused)
    }

    @Test func aVanishedFileIsSkippedWithAnEventNamingIt() throws {
        let (fixtures, items) = try songs(count: 2, seconds: 0.3)
        defer { withExtendedLifetime(fixtures) {} }
        try FileManager.default.removeItem(atPath: items[0].path.description)
        let player = try ApplicationMusicPlayer(output: WAVFileOutput(path: fixtures.root + "/out.wav"))
        // Every event: coalesced, the second song's start could give way to the end of the queue under load.
        let events = record(player, every: true)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        try #require(Fixtures.waitUntil { events.withLock { $0.contains(.playbackStateChanged(.stopped)) } })
        let skipped = events.withLock { $0 }.compactMap { event -> MediaItem? in
            if case .itemSkipped(let item, _) = event { return item }
            return nil
        }
        #expect(skipped == [items[0]], "\(events.withLock { $0 })")
        #expect(events.withLock { $0.contains(.nowPlayingItemChanged(items[1])) })
    }

    @Test func insertAndRemoveChangeWhatFollowsWhileTheItemPlaysOn() throws {
        let (fixtures, items) = try songs(count: 3, seconds: 1)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: [items[0], items[1]]))
        player.play()
        // By now the decoder has read ahead into the second song: the change must still be the one heard.
        Thread.sleep(forTimeInterval: 0.3)
        player.insert(MediaItemCollection(items: [items[2]]), at: 1)
        player.removeItem(at: 2)
        #expect(player.queue == [items[0], items[2]])
        #expect(player.nowPlayingItem == items[0] && player.playbackState == .playing)
        #expect(player.currentPlaybackTime > 0.1)
        try #require(Fixtures.waitUntil(seconds: 10) { player.playbackState == .stopped })
        // The events are delivered on their queue: the last one may arrive just after the state reads stopped.
        _ = Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.nowPlayingItemChanged(nil)) } }
        let played = events.withLock { $0 }.compactMap { event -> MediaItem?? in
            if case .nowPlayingItemChanged(let item) = event { return item }
            return nil
        }
        #expect(played == [items[0], items[2], nil])
    }

    @Test func removingThePlayingItemPlaysTheNextAndTheLastOneStops() throws {
        let (fixtures, items) = try songs(count: 3, seconds: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        player.removeItem(at: 0)
        #expect(player.nowPlayingItem == items[1] && player.playbackState == .playing)
        player.skip(toItemAt: 1)
        player.removeItem(at: 1)
        #expect(player.queue == [items[1]])
        #expect(player.nowPlayingItem == nil && player.playbackState == .stopped)
        player.play()
        #expect(player.nowPlayingItem == items[1])
    }

    @Test func eventsCarryThePlayersSnapshotSoObserversNeverAskBack() throws {
        let (fixtures, items) = try songs(count: 2, seconds: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let received = Locked([(MusicPlayerEvent, PlayerSnapshot)]())
        player.observeEveryEvent(on: DispatchQueue(label: "test.snapshots")) { event, snapshot in
            received.withLock { $0.append((event, snapshot)) }
        }
        let before = player.snapshot.queue.version
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        try #require(
            Fixtures.waitUntil { received.withLock { $0.contains { $0.0 == .playbackStateChanged(.playing) } } })
        let all = received.withLock { $0 }
        let queued = try #require(all.first { $0.0 == .queueChanged }?.1)
        #expect(queued.queue.items == items && queued.queue.version > before)
        let started = try #require(all.first { $0.0 == .nowPlayingItemChanged(items[0]) }?.1)
        #expect(started.nowPlayingIndex == 0 && started.nowPlayingItem == items[0])
        #expect(all.last { $0.0 == .playbackStateChanged(.playing) }?.1.state == .playing)
        // The newest snapshot answers at once, and its position moves on while playing.
        player.seek(to: 1)
        player.skip(toItemAt: 1)
        try #require(Fixtures.waitUntil { player.snapshot.nowPlayingIndex == 1 })
        let now = player.snapshot
        #expect(now.playbackTime(at: now.positionReadAt + 500_000_000) - now.position == 0.5)
        // A queue edit is a new version; the items are the player's own, not a copy kept in step elsewhere.
        player.removeItem(at: 0)
        try #require(Fixtures.waitUntil { player.snapshot.queue.items == [items[1]] })
        #expect(player.snapshot.queue.version > queued.queue.version && player.snapshot.nowPlayingIndex == 0)
    }

    /// The queue view redraws when the version it drew changes: after the music moved to another player (B-P7), that
    /// player's queue must not carry a version the first one's had.
    @Test func theQueuesOfTwoPlayersNeverShareAVersion() throws {
        let (fixtures, items) = try songs(count: 2, seconds: 1)
        defer { withExtendedLifetime(fixtures) {} }
        let first = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        first.setQueue(MediaItemCollection(items: items))
        try #require(Fixtures.waitUntil { first.snapshot.queue.items == items })
        let second = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        second.setQueue(MediaItemCollection(items: items))
        try #require(Fixtures.waitUntil { second.snapshot.queue.items == items })
        #expect(second.snapshot.queue.version > first.snapshot.queue.version)
    }

    /// A queue put in place and played as one change (MPRIS's ActivatePlaylist) never passes through a stop, which
    /// the terminal player would take for the end of the music.
    @Test func aQueueReplacedAndPlayedAsOneChangeNeverStops() throws {
        let (fixtures, items) = try songs(count: 3, seconds: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        player.setQueue(MediaItemCollection(items: [items[0]]))
        player.play()
        try #require(Fixtures.waitUntil { player.snapshot.state == .playing })
        let events = record(player, every: true)
        player.setQueueAndPlay(MediaItemCollection(items: Array(items[1...])))
        try #require(Fixtures.waitUntil { player.snapshot.nowPlayingItem == items[1] })
        player.settle()
        #expect(player.snapshot.state == .playing && player.snapshot.queue.items == Array(items[1...]))
        #expect(!events.withLock { $0 }.contains(.playbackStateChanged(.stopped)), "\(events.withLock { $0 })")
        // The song of the new queue is told, though it stands at the index the old one did.
        #expect(events.withLock { $0 }.contains(.nowPlayingItemChanged(items[1])), "\(events.withLock { $0 })")
        // An empty queue stops it.
        player.setQueueAndPlay(MediaItemCollection(items: []))
        try #require(Fixtures.waitUntil { player.snapshot.state == .stopped })
        #expect(player.snapshot.nowPlayingItem == nil)
    }

    @Test func eventsOfABurstAreCoalescedInOrder() throws {
        let (fixtures, items) = try songs(count: 3, seconds: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let observer = DispatchQueue(label: "test.burst")
        let events = Locked([MusicPlayerEvent]())
        player.observe(on: observer) { event, _ in events.withLock { $0.append(event) } }
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        try #require(Fixtures.waitUntil { events.withLock { $0.count } == 3 })
        events.withLock { $0 = [] }
        observer.suspend()
        player.skip(toItemAt: 1)
        player.skip(toItemAt: 2)
        player.pause()
        player.play()
        player.append(MediaItemCollection(items: [items[0]]))
        player.settle()  // the burst is carried out, on the player's queue, while the observer is held
        observer.resume()
        try #require(Fixtures.waitUntil { events.withLock { $0.count } >= 3 })
        Thread.sleep(forTimeInterval: 0.2)
        #expect(
            events.withLock { $0 } == [
                .nowPlayingItemChanged(items[2]), .playbackStateChanged(.playing), .queueChanged,
            ])
    }

    // MARK: Helpers

    private func songs(count: Int, seconds: Double) throws -> (Fixtures, [MediaItem]) {
        let fixtures = try Fixtures()
        for index in 0..<count {
            try fixtures.tone(
                "\(index).flac", frequency: 300 + 100 * index, seconds: seconds,
                tags: ["title": "Song \(index)", "artist": "A", "album": "B", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        return (fixtures, try library.songs())
    }

    /// The player's events as delivered (coalesced), or every one of them (`every`).
    private func record(_ player: ApplicationMusicPlayer, every: Bool = false) -> Locked<[MusicPlayerEvent]> {
        let events = Locked([MusicPlayerEvent]())
        let queue = DispatchQueue(label: "test.events")
        let handler: @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void = { event, _ in
            events.withLock { $0.append(event) }
        }
        if every { player.observeEveryEvent(on: queue, handler) } else { player.observe(on: queue, handler) }
        return events
    }
}

/// The queue, the item and the position come back, paused, at the next launch (B-F3).
@Suite struct SavedPlayerStateTests {
    @Test func aRestartBringsBackTheQueueItemAndPositionPaused() throws {
        let fixtures = try Fixtures()
        for index in 0..<3 {
            try fixtures.tone(
                "\(index).flac", frequency: 300 + 100 * index, seconds: 4,
                tags: ["title": "Song \(index)", "track": "\(index + 1)"], extraArguments: ["-ac", "2"])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let items = try library.songs()
        let statePath = fixtures.root + "/state/player.json"

        var first: ApplicationMusicPlayer? = try ApplicationMusicPlayer(
            output: NullOutput(clocked: true), statePath: statePath)
        first?.setQueue(MediaItemCollection(items: items))
        first?.play()
        first?.skip(toItemAt: 1)
        Thread.sleep(forTimeInterval: 2.3)
        // Gone without a word, as in a kill: what is on disk is at most a second old.
        let saved = try #require(SavedPlayerState.load(from: statePath).state)
        let heard = first?.currentPlaybackTime ?? 0
        first = nil
        #expect(saved.itemIDs == items.map(\.id))
        #expect(saved.index == 1)
        #expect(saved.time > heard - 1.1 && saved.time <= heard, "saved \(saved.time), heard \(heard)")

        let second = try ApplicationMusicPlayer(output: NullOutput(clocked: true), statePath: statePath)
        second.restore(saved, items: try library.items(ids: saved.itemIDs))
        #expect(second.playbackState == .paused)
        #expect(second.nowPlayingItem == items[1])
        #expect(abs(second.currentPlaybackTime - saved.time) < 0.01)
        second.play()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(second.nowPlayingItem == items[1])
        #expect(second.currentPlaybackTime >= saved.time - 0.05, "\(second.currentPlaybackTime) vs \(saved.time)")
    }
}
