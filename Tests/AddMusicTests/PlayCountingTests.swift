import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The application player counts a play once half the song, or four minutes of it, was heard, by heard time (a
/// seek forward is not heard), and a skip when the song is left with next before that (B-H1, B-H2).
@Suite struct PlayCountingTests {
    @Test func aSongHeardPastHalfCountsOnePlayAsSoonAsItIsHeard() throws {
        let (fixtures, items) = try songs(seconds: [2, 2])
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: items))
        let started = Date()
        player.play()
        try #require(Fixtures.waitUntil { events.withLock { $0 }.contains(.playCounted(items[0])) })
        // Counted while the song plays on, once a second of it (half) was heard.
        #expect(Date().timeIntervalSince(started) >= 0.9)
        #expect(player.nowPlayingItem == items[0])
        try #require(Fixtures.waitUntil { player.playbackState == .stopped })
        Thread.sleep(forTimeInterval: 0.2)
        #expect(counted(events) == [.playCounted(items[0]), .playCounted(items[1])])
    }

    @Test func nextBeforeHalfCountsASkipAndNoPlay() throws {
        let (fixtures, items) = try songs(seconds: [4, 4])
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        Thread.sleep(forTimeInterval: 0.5)
        player.skipToNextItem()
        try #require(Fixtures.waitUntil { events.withLock { $0 }.contains(.skipCounted(items[0])) })
        player.stop()  // the second song left by stop: neither a play nor a skip
        Thread.sleep(forTimeInterval: 0.3)
        #expect(counted(events) == [.skipCounted(items[0])])
    }

    @Test func nextAfterThePlayCountedIsNoSkip() throws {
        let (fixtures, items) = try songs(seconds: [2, 4])
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        try #require(Fixtures.waitUntil { events.withLock { $0 }.contains(.playCounted(items[0])) })
        player.skipToNextItem()
        player.skipToPreviousItem()  // back: leaving with previous is no skip either
        player.stop()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(counted(events) == [.playCounted(items[0])])
    }

    @Test func aSeekForwardIsNotHeard() throws {
        let (fixtures, items) = try songs(seconds: [6])
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        Thread.sleep(forTimeInterval: 0.3)
        // From 0.3 s to 4.5 s by seeking: the position passes half, but only about 0.3 + 1.5 s were heard.
        player.seek(to: 4.5)
        try #require(Fixtures.waitUntil { player.playbackState == .stopped })
        Thread.sleep(forTimeInterval: 0.3)
        #expect(counted(events).isEmpty)
    }

    @Test func aSeekBackCountsThePartHeardAgain() throws {
        let (fixtures, items) = try songs(seconds: [4, 4])
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        Thread.sleep(forTimeInterval: 1.2)
        player.seek(to: 0)
        Thread.sleep(forTimeInterval: 1.2)
        // 2.4 s heard of 4 s, all of it below the position of half.
        try #require(Fixtures.waitUntil(seconds: 3) { events.withLock { $0 }.contains(.playCounted(items[0])) })
        #expect(player.currentPlaybackTime < 2)
        player.stop()
    }

    @Test func aSongRepeatedByRepeatOneCountsAPlayEachTime() throws {
        let (fixtures, items) = try songs(seconds: [2.5])
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = record(player)
        player.setRepeatMode(.one)
        player.setQueue(MediaItemCollection(items: items))
        player.play()
        // Heard past half twice: during the first pass and the second.
        let twice = Fixtures.waitUntil(seconds: 8) {
            events.withLock { $0 }.filter { $0 == .playCounted(items[0]) }.count == 2
        }
        #expect(twice, "\(counted(events))")
        player.stop()
        #expect(counted(events).allSatisfy { $0 == .playCounted(items[0]) })
    }

    @Test func fourMinutesHeardCountOnALongSongBeforeHalf() throws {
        // A ten-minute song: half is five minutes; four minutes heard count. Unclocked, it plays at decoding speed,
        // from where a restored queue starts it.
        let (fixtures, items) = try songs(seconds: [600])
        defer { withExtendedLifetime(fixtures) {} }
        for (start, counts) in [(330.0, true), (400.0, false)] {
            let player = try ApplicationMusicPlayer(output: NullOutput())
            let events = record(player)
            player.restore(SavedPlayerState(itemIDs: [items[0].id], index: 0, time: start), items: items)
            player.play()
            try #require(Fixtures.waitUntil { player.playbackState == .stopped })
            Thread.sleep(forTimeInterval: 0.2)
            #expect(counted(events) == (counts ? [.playCounted(items[0])] : []), "from \(start) s")
            player.shutDown()
        }
        #expect(PlayStatistics.playThreshold(duration: 600) == 240)
        #expect(PlayStatistics.playThreshold(duration: 100) == 50)
    }

    // MARK: Helpers

    private func songs(seconds: [Double]) throws -> (Fixtures, [MediaItem]) {
        let fixtures = try Fixtures()
        for (index, length) in seconds.enumerated() {
            // Long songs at a low rate, mono: quick to make and to decode.
            let rate = length > 60 ? ["-ar", "8000", "-ac", "1"] : ["-ac", "2"]
            try fixtures.tone(
                "\(index).flac", frequency: 300 + 100 * index, seconds: length,
                tags: ["title": "Song \(index)", "artist": "A", "album": "B", "track": "\(index + 1)"],
                extraArguments: rate)
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        return (fixtures, try library.songs())
    }

    private func record(_ player: ApplicationMusicPlayer) -> Locked<[MusicPlayerEvent]> {
        let events = Locked([MusicPlayerEvent]())
        player.observeEveryEvent(on: DispatchQueue(label: "test.events")) { event, _ in
            events.withLock { $0.append(event) }
        }
        return events
    }

    private func counted(_ events: Locked<[MusicPlayerEvent]>) -> [MusicPlayerEvent] {
        events.withLock { $0 }.filter {
            switch $0 {
            case .playCounted, .skipCounted: return true
            default: return false
            }
        }
    }
}
