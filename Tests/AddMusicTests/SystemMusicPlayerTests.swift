import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The system player against a real MPD (a private daemon on a loopback port, null output): its changes and other
/// clients' changes, artwork, and the daemon going away and coming back (B-L4, B-A4, B-P1–P3, B-N1, B-F4).
@Suite(.serialized) struct SystemMusicPlayerTests {
    @Test func anotherClientsChangesArriveAsEvents() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let events = record(player)
        try mpd.mpc("add", "/")
        try mpd.mpc("play")
        #expect(Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.playbackStateChanged(.playing)) } })
        #expect(events.withLock { $0.contains(.queueChanged) })
        #expect(player.nowPlayingItem?.title == "Song 0" && player.nowPlayingItem?.artist == "Artist")
        try mpd.mpc("next")
        #expect(Fixtures.waitUntil(seconds: 5) { player.nowPlayingItem?.title == "Song 1" })
        let second = player.nowPlayingItem
        #expect(Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.nowPlayingItemChanged(second)) } })
        try mpd.mpc("pause")
        #expect(Fixtures.waitUntil(seconds: 5) { events.withLock { $0.last } == .playbackStateChanged(.paused) })
        #expect(player.queue.count == 4)
    }

    /// B-P2: a stop made by another client is a full stop here too: the next play starts the queue from its first
    /// song, not the one that was stopped.
    @Test func afterAnotherClientsStopPlayStartsAtTheFirstSong() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let events = record(player)
        try mpd.mpc("add", "/")
        try mpd.mpc("play", "3")
        #expect(Fixtures.waitUntil(seconds: 5) { player.nowPlayingItem?.title == "Song 2" })
        events.withLock { $0.removeAll() }
        try mpd.mpc("stop")
        #expect(Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.playbackStateChanged(.stopped)) } })
        player.play()
        #expect(player.playbackState == .playing)
        #expect(try mpd.mpc("status").contains("[playing] #1/4"))
    }

    @Test func aQueueTheDaemonRefusesIsReportedWithTheDaemonsOwnMessage() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let events = record(player)
        let missing = MediaItem(id: 1, path: LibraryPath("no/such/song.flac"), title: "Nowhere")
        player.setQueue(MediaItemCollection(items: [missing]))
        let failure = Fixtures.waitUntil(seconds: 5) {
            events.withLock { $0.contains { if case .commandFailed = $0 { true } else { false } } }
        }
        #expect(failure)
        let messages = events.withLock { $0 }.compactMap { event -> String? in
            if case .commandFailed(let message) = event { message } else { nil }
        }
        #expect(messages.contains { $0.contains("No such") || $0.contains("not found") }, "\(messages)")
    }

    @Test func theAppsChangesShowInMpcStatus() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let songs = try player.database.search("Song")
        #expect(songs.count == 4)
        #expect(try player.database.albums() == ["Album 0", "Album 1"])
        #expect(try player.database.artists() == ["Artist"])
        #expect(try player.database.songs(album: "Album 1").map(\.title) == ["Song 2", "Song 3"])
        #expect(try player.database.songs(artist: "Artist").count == 4)
        player.setQueue(MediaItemCollection(items: Array(songs.prefix(2))))
        player.play()
        #expect(player.playbackState == .playing)
        #expect(try mpd.mpc("status").contains("[playing] #1/2"))
        // Commands return at once; `settle()` waits for them before another client looks.
        player.pause()
        player.settle()
        #expect(try mpd.mpc("status").contains("[paused]"))
        player.setRepeatMode(.one)
        player.setShuffleMode(.songs)
        player.setVolume(0.5)
        player.settle()
        let status = try mpd.mpc("status")
        #expect(status.contains("repeat: on") && status.contains("single: on") && status.contains("random: on"))
        #expect(status.contains("volume: 50%"), "\(status)")
        #expect(player.repeatMode == .one && player.shuffleMode == .songs)
        player.skip(toItemAt: 1)
        player.seek(to: 1)
        player.settle()
        #expect(try mpd.mpc("current") == "Artist - Song 1\n")
        // Stop is a full stop: the next play starts the queue from its first item (B-P2).
        player.stop()
        player.play()
        #expect(player.nowPlayingItem == songs[0])
        player.removeItem(at: 0)
        player.insert(MediaItemCollection(items: [songs[3]]), at: 0)
        player.settle()
        #expect(try mpd.mpc("playlist") == "Artist - Song 3\nArtist - Song 1\n")
    }

    @Test func songsOfTheLocalLibraryPlayThroughTheSharedMusicFolder() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let local = try library.songs().filter { $0.title == "Song 2" || $0.title == "Song 3" }
        #expect(local.count == 2 && local.allSatisfy { $0.path.description.hasPrefix("/") })
        let player = SystemMusicPlayer(address: mpd.address, musicDirectory: LibraryPath(fixtures.music))
        defer { player.shutDown() }
        player.setQueue(MediaItemCollection(items: local))
        player.settle()
        #expect(try mpd.mpc("playlist") == "Artist - Song 2\nArtist - Song 3\n")
    }

    @Test func addmusicPlayHandsAnAlbumToTheDaemon() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play", "--player", "system", "--album", "album 1"], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Song 2 — Artist\n")
        #expect(try mpd.mpc("playlist") == "Artist - Song 2\nArtist - Song 3\n")
        #expect(try mpd.mpc("status").contains("[playing]"))
        environment["MPD_PORT"] = "1"
        let away = try Fixtures.run(Fixtures.addmusic, ["play", "--player", "system"], environment: environment)
        #expect(away.status == 2 && away.errorOutput.contains("No music daemon answers at 127.0.0.1:1"))
    }

    @Test func appendKeepsTheSongItsTimeAndItsState() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let songs = try player.database.search("Song")
        player.setQueue(MediaItemCollection(items: [songs[0]]))
        player.play()
        player.seek(to: 1)
        player.append(MediaItemCollection(items: Array(songs.dropFirst())))
        #expect(player.queue.count == 4)
        #expect(player.nowPlayingItem == songs[0] && player.playbackState == .playing)
        #expect(player.currentPlaybackTime >= 1 && player.currentPlaybackTime < 1.5)
    }

    @Test func artworkComesEmbeddedOrFromTheCoverFileOrNotAtAll() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let songs = try player.database.search("Song")
        func artwork(_ title: String) -> [UInt8]? { songs.first { $0.title == title }.flatMap(player.artwork(for:)) }
        #expect(artwork("Song 0").map { $0.starts(with: [0xFF, 0xD8]) } == true)  // embedded
        #expect(artwork("Song 2").map { $0.starts(with: [0xFF, 0xD8]) } == true)  // cover.png beside it
        #expect(artwork("Song 3") == nil)
    }

    @Test func theDaemonGoingAwayIsReportedAndItsStateComesBack() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let events = record(player)
        let songs = try player.database.search("Song")
        player.setQueue(MediaItemCollection(items: songs))
        player.play()
        mpd.stop()
        // The commands on their way as it stops may meet it answering once more: the last word is what counts.
        func lastWord() -> MusicPlayerEvent? {
            events.withLock { $0.last { $0 == .audioServerAvailable || $0 == .audioServerUnavailable } }
        }
        #expect(Fixtures.waitUntil(seconds: 5) { lastWord() == .audioServerUnavailable && !player.isConnected })
        player.pause()  // a command while it is away: no crash, no hang; it waits for the daemon
        try mpd.launch()
        #expect(Fixtures.waitUntil(seconds: 10) { lastWord() == .audioServerAvailable && player.isConnected })
        #expect(player.queue == songs)  // the daemon's own saved state, read afresh
        try mpd.mpc("play", "3")
        #expect(Fixtures.waitUntil(seconds: 5) { player.nowPlayingItem == songs[2] })
    }

    @Test func theControllerFollowsTheSameRulesOnTheSystemPlayer() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        // B-L4: the daemon already plays when the app starts.
        try mpd.mpc("add", "/")
        try mpd.mpc("play", "1")
        try mpd.mpc("pause")
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let app = try AppController.started(onSystem: player, fixtures: fixtures)
        var state = app.settledState
        #expect(state.text == "Now Playing: Song 0 by Artist")
        #expect(state.isPlayPauseEnabled && state.playPauseControl == .play)
        #expect(state.musicButtonTitle == "Show Music")
        guard case .thumbnail = state.artwork else {
            Issue.record("no artwork from the daemon: \(state.artwork)")
            return
        }
        // B-P1, B-P2: the control plays and pauses the daemon; its face follows the daemon's state.
        app.onMainActor { $0.togglePlayPause() }
        #expect(Fixtures.waitUntil { app.stateNow.playPauseControl == .pause })
        #expect(try mpd.mpc("status").contains("[playing]"))
        // Another client's change reaches the screen.
        try mpd.mpc("next")
        #expect(Fixtures.waitUntil { app.stateNow.text == "Now Playing: Song 1 by Artist" })
        // B-A4: more songs while it plays; the same song goes on.
        let songs = try player.database.search("Song 3")
        app.onMainActor { $0.tapMusicButton() }
        app.onMainActor { $0.addMoreFromQueue() }
        app.onMainActor { $0.pickerDone(with: songs) }
        app.settle()  // the intents are carried out in order before this read
        #expect(player.queue.count == 5 && player.nowPlayingItem?.title == "Song 1")
        #expect(player.playbackState == .playing)
        // B-N2 and B-P2: the queue ends; the line invites to play again, and play starts from the first song.
        try mpd.mpc("play", "5")
        try mpd.mpc("seek", "-1")  // near the end of the last song
        #expect(Fixtures.waitUntil(seconds: 10) { app.stateNow.text.hasPrefix("The music has ended") })
        state = app.settledState
        #expect(state.playPauseControl == .play && state.isPlayPauseEnabled)
        app.onMainActor { $0.togglePlayPause() }
        app.settle()
        #expect(player.nowPlayingItem?.title == "Song 0")
    }

    // MARK: Helpers

    /// Four songs of 3 s: Song 0 (FLAC, picture embedded), Song 1 (FLAC), Song 2 (MP3, cover.png beside it),
    /// Song 3 (Ogg Vorbis, no artwork); a daemon over them.
    private func daemon() throws -> (Fixtures, MPDServer)? {
        let fixtures = try Fixtures()
        let picture = try fixtures.picture(fixtures.root + "/cover.png")
        func tags(_ index: Int) -> [String: String] {
            ["title": "Song \(index)", "artist": "Artist", "album": "Album \(index / 2)", "track": "\(index + 1)"]
        }
        try fixtures.tone("A/0.flac", seconds: 3, tags: tags(0), picture: picture, extraArguments: ["-ac", "2"])
        try fixtures.tone("A/1.flac", seconds: 3, tags: tags(1), extraArguments: ["-ac", "2"])
        try fixtures.tone("B/2.mp3", seconds: 3, tags: tags(2), extraArguments: ["-ac", "2"])
        try FileManager.default.copyItem(atPath: picture, toPath: fixtures.music + "/B/cover.png")
        try fixtures.tone("C/3.ogg", seconds: 3, tags: tags(3), extraArguments: ["-ac", "2"])
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return nil }
        return (fixtures, mpd)
    }

    private func record(_ player: SystemMusicPlayer) -> Locked<[MusicPlayerEvent]> {
        let events = Locked([MusicPlayerEvent]())
        player.observe(on: DispatchQueue(label: "test.mpd")) { event, _ in events.withLock { $0.append(event) } }
        return events
    }
}
