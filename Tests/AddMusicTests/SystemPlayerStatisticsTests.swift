import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The system player counts what is heard while this process watches the daemon, by the same rule as the
/// application player, and the statistics live in the daemon's stickers, or in the library by URI when the daemon
/// has no sticker database; they are read back the same way (B-H7).
@Suite(.serialized) struct SystemPlayerStatisticsTests {
    @Test func playsAndSkipsOnTheDaemonGoToItsStickers() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let recorder = StatisticsRecorder(player: player, library: try fixtures.library())
        let events = recording(player, into: recorder)
        #expect(try MPDStickers(address: mpd.address).isAvailable())
        let songs = try player.database.search("Song").sorted { $0.title < $1.title }
        try #require(songs.count == 3)
        try player.replaceQueue(with: MediaItemCollection(items: songs))
        player.play()
        // Song 0 plays through: it counts once half of it (1.5 s) was heard.
        try #require(Fixtures.waitUntil(seconds: 6) { events.withLock { $0 }.contains(.playCounted(songs[0])) })
        // Song 1 is left with next after a moment: a skip.
        try #require(Fixtures.waitUntil(seconds: 6) { player.nowPlayingItem?.title == "Song 1" })
        Thread.sleep(forTimeInterval: 0.3)
        player.skipToNextItem()
        try #require(Fixtures.waitUntil(seconds: 6) { events.withLock { $0 }.contains(.skipCounted(songs[1])) })
        // Song 2 is sought to near its end: what the seek passed over is not heard, and it does not count.
        try #require(Fixtures.waitUntil(seconds: 6) { player.nowPlayingItem?.title == "Song 2" })
        Thread.sleep(forTimeInterval: 0.2)
        player.seek(to: 2.7)
        try #require(Fixtures.waitUntil(seconds: 8) { player.playbackState == .stopped })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(counted(events) == [.playCounted(songs[0]), .skipCounted(songs[1])])

        // In the daemon's own sticker database, as mpc reads it, and read back through the recorder.
        #expect(try mpd.mpc("sticker", "A/0.flac", "get", "playCount").contains("playCount=1"))
        #expect(try mpd.mpc("sticker", "A/1.flac", "get", "skipCount").contains("skipCount=1"))
        let first = try #require(try recorder.statistics(of: songs[0]))
        #expect(first.playCount == 1 && first.skipCount == 0)
        #expect(abs(try #require(first.lastPlayed).timeIntervalSinceNow) < 60)
        #expect(try recorder.statistics(of: songs[1])?.skipCount == 1)
        #expect(try recorder.statistics(of: songs[2]) == PlayStatistics())
        try recorder.setRating(4, of: songs[2])
        #expect(try mpd.mpc("sticker", "A/2.flac", "get", "rating").contains("rating=8"))
        #expect(try recorder.statistics(of: songs[2])?.rating == 4)
        let played = try MPDStickers(address: mpd.address).songs(with: "playCount")
        #expect(played.map(\.uri) == ["A/0.flac"] && played.map(\.value) == ["1"])

        // The smart playlists, from the stickers (B-H5).
        let smart = DaemonSmartPlaylists(address: mpd.address)
        #expect(try smart.isAvailable())
        func titles(_ playlist: SmartPlaylist) throws -> [String] { try smart.songs(in: playlist).map(\.title) }
        #expect(try titles(.mostPlayed) == ["Song 0"])
        #expect(try titles(.recentlyPlayed) == ["Song 0"])
        #expect(try titles(.topRated) == ["Song 2"])
        #expect(try titles(.neverPlayed) == ["Song 1", "Song 2"])
        #expect(try Set(titles(.recentlyAdded)) == ["Song 0", "Song 1", "Song 2"])
        // The same by their rules over the whole database and its stickers, as an edited one is evaluated; and
        // rules of the user's, one of them on the files' dates (B-H9).
        for playlist in SmartPlaylist.allCases where playlist != .recentlyAdded {
            #expect(try smart.songs(matching: playlist.rules).map(\.title) == titles(playlist), "\(playlist)")
        }
        let either = SmartRules(
            match: .any, rules: [try SmartRule(parsing: "rating >= 4"), try SmartRule(parsing: "play count > 0")],
            order: .title)
        #expect(try smart.songs(matching: either).map(\.title) == ["Song 0", "Song 2"])
        let recent = SmartRules(rules: [
            try SmartRule(parsing: "date added in the last 1 days"), try SmartRule(parsing: "title contains SONG 1"),
        ])
        #expect(try smart.songs(matching: recent).map(\.title) == ["Song 1"])

        // On the command line: listed beside the daemon's playlists, and played by name.
        player.stop()
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let listed = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlists", "--player", "system"], environment: environment)
        #expect(listed.output.contains("Most Played · 1 entry · smart playlist\n"), "\(listed.output)")
        #expect(listed.output.contains("Never Played · 2 entries · smart playlist\n"), "\(listed.output)")
        // Each listed by name as it was counted there.
        let mostPlayed = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlist", "Most Played", "--player", "system"], environment: environment)
        #expect(mostPlayed.status == 0 && mostPlayed.output == "1. Artist — Song 0 (0:03)\n", "\(mostPlayed)")
        let neverPlayed = try Fixtures.run(
            Fixtures.addmusic, ["library", "playlist", "Never Played", "--json", "--player", "system"],
            environment: environment)
        let records = try JSONSerialization.jsonObject(with: Data(neverPlayed.output.utf8)) as? [[String: Any]]
        #expect(records?.compactMap { $0["uri"] as? String } == ["A/1.flac", "A/2.flac"], "\(neverPlayed)")
        #expect(records?.compactMap { $0["rating"] as? Int } == [4], "\(neverPlayed)")
        // The daemon's songs with their stickers: every song's counts, the one played's date, the one rated's stars.
        let songsListed = try Fixtures.run(
            Fixtures.addmusic, ["library", "songs", "--json", "--player", "system"], environment: environment)
        let listedSongs = try JSONSerialization.jsonObject(with: Data(songsListed.output.utf8)) as? [[String: Any]]
        let byPath = Dictionary(uniqueKeysWithValues: (listedSongs ?? []).map { ($0["path"] as? String ?? "", $0) })
        #expect(byPath.keys.sorted() == ["A/0.flac", "A/1.flac", "A/2.flac"], "\(songsListed)")
        #expect(byPath.values.map { $0["playCount"] as? Int }.sorted { ($0 ?? -1) < ($1 ?? -1) } == [0, 0, 1])
        #expect(byPath["A/1.flac"]?["skipCount"] as? Int == 1 && byPath["A/2.flac"]?["rating"] as? Int == 4)
        let lastPlayed = (byPath["A/0.flac"]?["lastPlayed"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
        #expect(abs(lastPlayed?.timeIntervalSinceNow ?? 1e9) < 120, "\(songsListed)")
        let statsText = try Fixtures.run(
            Fixtures.addmusic, ["library", "search", "Song 2", "--stats", "--player", "system"],
            environment: environment)
        #expect(statsText.output == "Artist — Song 2 · Album (0:03) · ★★★★☆ · 0 plays\n", "\(statsText)")
        let play = try Fixtures.run(
            Fixtures.addmusic, ["play", "--playlist", "Top Rated", "--player", "system"], environment: environment)
        #expect(play.status == 0, "\(play.errorOutput)")
        #expect(try mpd.mpc("playlist", "-f", "%file%") == "A/2.flac\n")
        let rated = try Fixtures.run(
            Fixtures.addmusic, ["rate", "--search", "Song 1", "5", "--player", "system"], environment: environment)
        #expect(rated.output == "★★★★★ Artist — Song 1\n", "\(rated.errorOutput)")
        #expect(try mpd.mpc("sticker", "A/1.flac", "get", "rating").contains("rating=10"))
    }

    @Test func withoutAStickerDatabaseTheLibraryKeepsThemByURI() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        // The same daemon restarted without its sticker database.
        mpd.stop()
        let config = mpd.directory + "/mpd.conf"
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("sticker_file") }
            .joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
        try mpd.launch()
        #expect(try !MPDStickers(address: mpd.address).isAvailable())

        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let library = try fixtures.library()
        let recorder = StatisticsRecorder(player: player, library: library)
        let events = recording(player, into: recorder)
        let songs = try player.database.search("Song").sorted { $0.title < $1.title }
        try player.replaceQueue(with: MediaItemCollection(items: [songs[0]]))
        player.play()
        try #require(Fixtures.waitUntil(seconds: 6) { events.withLock { $0 }.contains(.playCounted(songs[0])) })
        try #require(Fixtures.waitUntil(seconds: 6) { player.playbackState == .stopped })
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try library.statistics(uri: "A/0.flac").playCount == 1)
        #expect(try recorder.statistics(of: songs[0])?.playCount == 1)
        try recorder.setRating(3, of: songs[0])
        #expect(try library.statistics(uri: "A/0.flac").rating == 3)
    }

    // MARK: Helpers

    private func daemon() throws -> (Fixtures, MPDServer)? {
        let fixtures = try Fixtures()
        for index in 0..<3 {
            try fixtures.tone(
                "A/\(index).flac", frequency: 300 + 100 * index, seconds: 3,
                tags: ["title": "Song \(index)", "artist": "Artist", "album": "Album", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return nil }
        return (fixtures, mpd)
    }

    /// Every event, kept; plays and skips recorded as the app records them (on a queue of their own).
    private func recording(_ player: SystemMusicPlayer, into recorder: StatisticsRecorder) -> Locked<
        [MusicPlayerEvent]
    > {
        let events = Locked([MusicPlayerEvent]())
        player.observe(on: DispatchQueue(label: "test.mpd.statistics")) { event, _ in
            try? recorder.record(event)
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
