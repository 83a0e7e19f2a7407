import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// Shuffle by songs or albums and repeat one or all, in the application player (B-P3).
@Suite struct ShuffleRepeatTests {
    @Test func shuffledSongsPlayEachItemOnce() throws {
        let (fixtures, items) = try songs(albums: ["Solo"], perAlbum: 8)
        defer { withExtendedLifetime(fixtures) {} }
        let played = try playToTheEnd(items, shuffle: .songs, fixtures: fixtures)
        #expect(played.count == 8)
        #expect(Set(played.map(\.id)) == Set(items.map(\.id)))
    }

    @Test func shuffledAlbumsKeepEachAlbumTogetherInTrackOrder() throws {
        let (fixtures, items) = try songs(albums: ["North", "South", "West"], perAlbum: 3)
        defer { withExtendedLifetime(fixtures) {} }
        let played = try playToTheEnd(items, shuffle: .albums, fixtures: fixtures)
        #expect(played.count == 9)
        for start in stride(from: 0, to: 9, by: 3) {
            let group = Array(played[start..<(start + 3)])
            #expect(Set(group.map(\.album)).count == 1, "\(group.map(\.title))")
            #expect(group.map(\.trackNumber) == [1, 2, 3], "\(group.map(\.title))")
        }
    }

    @Test func repeatAllStartsOverAndRepeatOneStaysOnItsItem() throws {
        let (fixtures, items) = try songs(albums: ["Loop"], perAlbum: 2)
        defer { withExtendedLifetime(fixtures) {} }
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        let events = Locked([MusicPlayerEvent]())
        player.observe(on: DispatchQueue(label: "test")) { event, _ in events.withLock { $0.append(event) } }
        player.setQueue(MediaItemCollection(items: items))
        player.setRepeatMode(.all)
        player.play()
        _ = Fixtures.waitUntil(seconds: 10) {
            events.withLock({ $0.filter { $0 == .nowPlayingItemChanged(items[0]) }.count }) >= 2
        }
        #expect(events.withLock { $0.filter { $0 == .nowPlayingItemChanged(items[0]) }.count } >= 2)
        #expect(player.playbackState == .playing)

        player.setRepeatMode(.one)
        Thread.sleep(forTimeInterval: 0.3)  // the item written last may be reported a moment later
        let item = player.nowPlayingItem
        Thread.sleep(forTimeInterval: 1.2)  // several times the song's length
        #expect(player.nowPlayingItem == item)
        #expect(player.playbackState == .playing)
        player.stop()
    }

    // MARK: Helpers

    private func playToTheEnd(_ items: [MediaItem], shuffle: ShuffleMode, fixtures: Fixtures) throws -> [MediaItem] {
        let player = try ApplicationMusicPlayer(output: WAVFileOutput(path: fixtures.root + "/out.wav"))
        let events = Locked([MusicPlayerEvent]())
        // Every item that started, however briefly (coalesced events keep only the newest of a burst).
        player.observeEveryEvent(on: DispatchQueue(label: "test")) { event, _ in events.withLock { $0.append(event) } }
        player.setQueue(MediaItemCollection(items: items))
        player.setShuffleMode(shuffle)
        player.play()
        _ = Fixtures.waitUntil(seconds: 20) { events.withLock({ $0.contains(.playbackStateChanged(.stopped)) }) }
        return events.withLock { $0 }.compactMap { event in
            if case .nowPlayingItemChanged(let item?) = event { return item }
            return nil
        }
    }

    private func songs(albums: [String], perAlbum: Int) throws -> (Fixtures, [MediaItem]) {
        let fixtures = try Fixtures()
        for (number, album) in albums.enumerated() {
            for track in 1...perAlbum {
                try fixtures.tone(
                    "\(album)/\(track).flac", frequency: 200 + number * 150 + track * 20, seconds: 0.25,
                    tags: ["title": "\(album) \(track)", "artist": "Band", "album": album, "track": "\(track)"],
                    extraArguments: ["-ac", "2"])
            }
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        return (fixtures, try library.songs(limit: 1000))
    }
}
