import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// B-P7: the music moves between the application player (heard at a private PulseAudio's sink) and a real music
/// daemon: the same song at the same time, playing, the first player stopped, the songs the other cannot reach
/// named, and the choice saved for the next launch.
@Suite(.serialized) struct PlayerHandoffTests {
    @Test func theMusicMovesToTheDaemonAtTheSameSongAndTimeAndOurSinkGoesSilent() throws {
        guard let setup = try HandoffSetup() else { return }
        let songs = try setup.library.songs()
        let outside = try #require(songs.first { $0.title == "Outside" })
        let inside = songs.filter { $0.title.hasPrefix("Song") }.sorted { $0.title < $1.title }
        try #require(inside.count == 3)
        let application = try ApplicationMusicPlayer(output: setup.session.makeOutput(role: "music"))
        let controller = try setup.controller(on: application, kind: .application)
        let recording = try setup.pulse.record()
        Thread.sleep(forTimeInterval: 2)  // an idle null sink renders ahead at first; let the monitor settle
        application.setQueue(MediaItemCollection(items: [inside[0], outside, inside[1], inside[2]]))
        application.skip(toItemAt: 2)
        application.seek(to: 4)
        application.play()
        try #require(
            Fixtures.waitUntil { application.snapshot.state == .playing && application.currentPlaybackTime > 5 })
        let heardBefore = HandoffSetup.loudest(try recording.stop())
        #expect(heardBefore > 1000, "the application player was not heard: \(heardBefore)")

        let versionBefore = controller.stateNow.queue.version
        let taken = DispatchTime.now().uptimeNanoseconds
        let position = application.snapshot.playbackTime(at: taken)
        controller.onMainActor { $0.handOff() }
        try #require(Fixtures.waitUntil { controller.playerKind == .system })
        try #require(Fixtures.waitUntil { (try? setup.mpd.mpc("status"))?.contains("[playing]") == true })
        // The daemon's queue is a newer version than any the application player had, so the queue view redraws it.
        try #require(Fixtures.waitUntil { controller.stateNow.queue.items.count == 3 })
        #expect(controller.stateNow.queue.version > versionBefore)
        let daemon = SystemMusicPlayer(address: setup.mpd.address)
        defer { daemon.shutDown() }
        let elapsed = daemon.currentPlaybackTime
        let expected = position + Double(DispatchTime.now().uptimeNanoseconds - taken) / 1e9
        #expect(daemon.nowPlayingItem?.title == "Song 1")
        #expect(abs(elapsed - expected) < 0.5, "the daemon is at \(elapsed) s, the music was at \(expected) s")
        // The song outside the daemon's folder (a local file, which MPD refuses over TCP) is left out and named.
        #expect(try setup.mpd.mpc("playlist") == "Artist - Song 0\nArtist - Song 1\nArtist - Song 2\n")
        #expect(setup.waitForMessage { $0.contains("without the songs it cannot reach") && $0.contains("Outside") })

        // The application player stopped: nothing more reaches our sink.
        try #require(Fixtures.waitUntil { application.playbackState == .stopped })
        let after = try setup.pulse.record()
        Thread.sleep(forTimeInterval: 1.5)
        let heardAfter = HandoffSetup.loudest(try after.stop())
        #expect(heardAfter < 100, "the sink still hears \(heardAfter)")
        #expect(try setup.savedKind() == .system)
        #expect(controller.stateNow.handOffTitle == "Continue in AddMusic" && controller.stateNow.isHandOffEnabled)
    }

    @Test func theMusicMovesFromTheDaemonToOurSinkAtTheSameTimeAndTheDaemonStops() throws {
        guard let setup = try HandoffSetup() else { return }
        try setup.mpd.mpc("add", "A/0.flac")
        try setup.mpd.mpc("add", "A/1.flac")
        try setup.mpd.mpc("add", "A/2.flac")
        try FileManager.default.removeItem(atPath: setup.fixtures.music + "/A/2.flac")  // the daemon's, not here
        try setup.mpd.mpc("play", "2")
        try setup.mpd.mpc("seek", "0:04")
        let system = SystemMusicPlayer(address: setup.mpd.address, musicDirectory: LibraryPath(setup.fixtures.music))
        let controller = try setup.controller(on: system, kind: .system)
        try #require(Fixtures.waitUntil { system.snapshot.state == .playing && system.snapshot.playbackTime() > 4 })
        let recording = try setup.pulse.record()
        Thread.sleep(forTimeInterval: 2)  // an idle null sink renders ahead at first; let the monitor settle

        let taken = DispatchTime.now().uptimeNanoseconds
        let position = system.snapshot.playbackTime(at: taken)
        controller.onMainActor { $0.handOff() }
        try #require(Fixtures.waitUntil { controller.playerKind == .application })
        let application = try #require(setup.made.withLock { $0 })
        try #require(Fixtures.waitUntil { application.playbackState == .playing })
        let time = application.currentPlaybackTime
        let expected = position + Double(DispatchTime.now().uptimeNanoseconds - taken) / 1e9
        #expect(application.nowPlayingItem?.title == "Song 1")
        #expect(abs(time - expected) < 0.5, "the application player is at \(time) s, the music was at \(expected) s")
        #expect(application.queue.map(\.title) == ["Song 0", "Song 1"])
        #expect(setup.waitForMessage { $0.contains("not found on this computer") && $0.contains("Song 2") })
        // The daemon stopped, and the music reaches our sink.
        #expect(Fixtures.waitUntil { (try? setup.mpd.mpc("status"))?.contains("[playing]") == false })
        Thread.sleep(forTimeInterval: 1)
        let heard = HandoffSetup.loudest(try recording.stop())
        #expect(heard > 1000, "the sink heard nothing: \(heard)")
        #expect(try setup.savedKind() == .application)
        #expect(controller.stateNow.handOffTitle == "Continue on the music daemon")
    }

    @Test func pausedMusicWhoseSongTheDaemonCannotReachWaitsPausedAtTheNextSong() throws {
        guard let setup = try HandoffSetup() else { return }
        let songs = try setup.library.songs()
        let outside = try #require(songs.first { $0.title == "Outside" })
        let inside = songs.filter { $0.title.hasPrefix("Song") }.sorted { $0.title < $1.title }
        let application = try ApplicationMusicPlayer(output: setup.session.makeOutput(role: "music"))
        let controller = try setup.controller(on: application, kind: .application)
        application.setQueue(MediaItemCollection(items: [inside[0], outside, inside[1]]))
        application.skip(toItemAt: 1)
        application.seek(to: 3)
        application.play()
        try #require(Fixtures.waitUntil { application.snapshot.state == .playing })
        application.pause()
        try #require(Fixtures.waitUntil { application.snapshot.state == .paused })
        controller.onMainActor { $0.handOff() }
        try #require(Fixtures.waitUntil { controller.playerKind == .system })
        try #require(Fixtures.waitUntil { (try? setup.mpd.mpc("status"))?.contains("[paused]") == true })
        let daemon = SystemMusicPlayer(address: setup.mpd.address)
        defer { daemon.shutDown() }
        // The song playing was left out: the music waits at the start of the next one the daemon has.
        #expect(daemon.nowPlayingItem?.title == "Song 1")
        #expect(daemon.currentPlaybackTime < 0.5)
        #expect(try setup.mpd.mpc("playlist") == "Artist - Song 0\nArtist - Song 1\n")
        #expect(setup.waitForMessage { $0.contains("Outside") })
        #expect(Fixtures.waitUntil { application.playbackState == .stopped })
    }

    @Test func whileAFrozenDaemonIsAskedTheControllerAnswersAndTheMusicStaysWhereItIs() throws {
        guard let setup = try HandoffSetup() else { return }
        let application = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        defer { application.shutDown() }
        let controller = try setup.controller(on: application, kind: .application)
        let songs = try setup.library.songs().filter { $0.title.hasPrefix("Song") }
        controller.onMainActor { $0.pickerDone(with: songs) }
        try #require(Fixtures.waitUntil { controller.stateNow.playPauseControl == .pause })
        setup.mpd.freeze()
        defer { setup.mpd.thaw() }
        controller.onMainActor { $0.handOff() }
        // The other player is made and asked off the main thread: intents meanwhile reach the player playing.
        let answered = Locked(false)
        Thread.detachNewThread {
            controller.onMainActor { $0.togglePlayPause() }
            controller.settle()
            answered.withLock { $0 = true }
        }
        // A hang guard, not a timing: the daemon stays frozen for 15 s at most.
        #expect(Fixtures.waitUntil(seconds: 15) { answered.withLock { $0 } }, "the controller waited for the daemon")
        #expect(Fixtures.waitUntil { application.snapshot.state == .paused })
        #expect(setup.waitForMessage { $0.contains("could not move to the other player") })
        #expect(controller.playerKind == .application && controller.stateNow.isHandOffEnabled)
        #expect(application.queue.count == 3)
        #expect(try setup.savedKind() == .application)
    }
}

/// Songs in a music folder shared with a private daemon (three of 20 s, and one outside it), a private PulseAudio,
/// the library over both folders, and controllers that can move the music between the players.
final class HandoffSetup {
    let fixtures: Fixtures
    let pulse: PulseServer
    let mpd: MPDServer
    let library: MusicLibrary
    let session: AudioSession
    /// The player the controller made when the music moved.
    let made = Locked<(any SettledPlayerReads)?>(nil)
    let messages = Locked([String]())

    init?() throws {
        fixtures = try Fixtures()
        for index in 0..<3 {
            try fixtures.tone(
                "A/\(index).flac", seconds: 20,
                tags: ["title": "Song \(index)", "artist": "Artist", "album": "Album", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        try fixtures.tone(
            "../Elsewhere/outside.flac", seconds: 20, tags: ["title": "Outside", "artist": "Artist"],
            extraArguments: ["-ac", "2"])
        guard let pulse = try PulseServer.start(), let mpd = try MPDServer.start(music: fixtures.music) else {
            return nil
        }
        self.pulse = pulse
        self.mpd = mpd
        library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots + [LibraryPath(fixtures.root + "/Elsewhere")])
        session = AudioSession(server: pulse.server, events: DispatchQueue(label: "test.session"))
    }

    deinit {
        made.withLock { $0 }?.shutDown()
        withExtendedLifetime(fixtures) {}
    }

    /// A started controller on `player`, which makes the other player on the daemon (its music folder shared) or
    /// on the audio server.
    func controller(on player: any SettledPlayerReads, kind: Preferences.PlayerKind) throws -> AppController {
        var environment = fixtures.environment()
        environment["NO_COLOR"] = "1"
        let address = mpd.address
        let folder = LibraryPath(fixtures.music)
        let session = self.session
        let made = self.made
        let controller = AppController(
            player: player, playerKind: kind, session: session, library: library,
            preferences: try Preferences(configPath: configPath, environment: environment),
            text: Localizer(bundle: Localizer.resourceBundle, environment: environment),
            soundOutput: NullOutput(clocked: true)
        ) { preferences in
            let player: any SettledPlayerReads =
                switch preferences.playerKind {
                case .system: SystemMusicPlayer(address: address, musicDirectory: folder)
                case .application: try ApplicationMusicPlayer(output: session.makeOutput(role: "music"))
                }
            made.withLock { $0 = player }
            return player
        }
        let messages = self.messages
        controller.onMainActor {
            $0.observe(on: DispatchQueue(label: "test.states")) { state in
                if let message = state.message {
                    messages.withLock { if $0.last != message.text { $0.append(message.text) } }
                }
            }
        }
        controller.onMainActor { $0.start() }
        controller.settle()
        return controller
    }

    var configPath: String { fixtures.root + "/config" }

    /// The player kind the config file names now.
    func savedKind() throws -> Preferences.PlayerKind {
        try Preferences(configPath: configPath, environment: [:]).playerKind
    }

    /// Waits until a passing message satisfies `condition`.
    func waitForMessage(_ condition: @escaping (String) -> Bool) -> Bool {
        Fixtures.waitUntil(seconds: 20) { messages.withLock { $0.contains(where: condition) } }
    }

    /// The loudest sample of a recording.
    static func loudest(_ samples: [Int16]) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }
}
