import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// A hung audio server (a Bluetooth headset switching profiles) never holds a caller: pause, play, next and seek
/// return while the server answers nothing, and once it runs again the player is where the last intent left it.
@Suite(.serialized) struct HungAudioServerTests {
    @Test func playerIntentsReturnWhileTheAudioServerIsFrozen() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone("a/1.flac", frequency: 440, seconds: 20, tags: ["title": "One", "track": "1"])
        try fixtures.tone("a/2.flac", frequency: 660, seconds: 20, tags: ["title": "Two", "track": "2"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs().sorted { ($0.trackNumber ?? 0) < ($1.trackNumber ?? 0) }
        let player = try ApplicationMusicPlayer(output: PulseOutput(server: pulse.server))
        defer { player.shutDown() }
        player.setQueue(MediaItemCollection(items: songs))
        player.play()
        #expect(
            Fixtures.waitUntil(seconds: 10) { player.playbackState == .playing && player.currentPlaybackTime > 0.3 })

        pulse.freeze()
        let frozen = Locked(true)
        let returned = Locked<Bool?>(nil)
        Thread.detachNewThread {
            player.pause()
            player.play()
            player.skipToNextItem()
            player.seek(to: 5)
            player.pause()
            returned.withLock { $0 = frozen.withLock { $0 } }
        }
        // A hang guard, not a timing: the calls must come back before the server is let go (at most 15 s later).
        let cameBack = Fixtures.waitUntil(seconds: 15) { returned.withLock { $0 } != nil }
        frozen.withLock { $0 = false }
        pulse.thaw()
        #expect(cameBack && returned.withLock { $0 } == true, "the intents waited for the frozen server")
        #expect(Fixtures.waitUntil(seconds: 10) { returned.withLock { $0 } != nil })
        #expect(player.playbackState == .paused)
        #expect(player.nowPlayingItem?.title == "Two")
        #expect(abs(player.currentPlaybackTime - 5) < 1, "\(player.currentPlaybackTime)")
    }
}

/// Joining a hung audio server holds no caller either: activating a session, opening a stream and setting its volume
/// wait only for the server's socket, not for its answer; once the server runs again the stream is made and plays.
@Suite(.serialized) struct HungAudioServerOpenTests {
    @Test func openingAndActivatingReturnWhileTheAudioServerIsFrozenAndPlayOnceItRuns() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let file = try fixtures.tone("tone.flac", frequency: 440, seconds: 1, extraArguments: ["-ac", "2"])
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        pulse.freeze()
        defer { pulse.thaw() }
        let session = AudioSession(server: pulse.server, events: DispatchQueue(label: "test.session"))
        let output = session.makeOutput(role: "music")
        let frozen = Locked(true)
        let returned = Locked<Bool?>(nil)
        let failure = Locked<String?>(nil)
        Thread.detachNewThread {
            do {
                try session.setActive(true)
                try output.open(PCMFormat())
                output.setVolume(0.8)
                output.pause()
                output.resume()
                output.flush()
                _ = output.delay
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            returned.withLock { $0 = frozen.withLock { $0 } }
        }
        // A hang guard, not a timing: the calls must come back before the server is let go (at most 15 s later).
        let cameBack = Fixtures.waitUntil(seconds: 15) { returned.withLock { $0 } != nil }
        frozen.withLock { $0 = false }
        pulse.thaw()
        #expect(cameBack && returned.withLock { $0 } == true, "the calls waited for the frozen server")
        #expect(failure.withLock { $0 } == nil, "\(failure.withLock { $0 } ?? "")")
        #expect(Fixtures.waitUntil(seconds: 10) { returned.withLock { $0 } != nil })
        #expect(session.isActive)
        // The stream is made once the server answers, and what was written meanwhile plays.
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: output, events: DispatchQueue(label: "test")) { event in
            events.withLock { $0.append(event) }
        }
        engine.play([EngineTrack(path: file)])
        #expect(Fixtures.waitUntil(seconds: 10) { events.withLock { $0 }.contains(where: \.isFinished) })
        Thread.sleep(forTimeInterval: 0.3)
        engine.shutDown()
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(abs(spans.map(\.seconds).reduce(0, +) - 1) < 0.1, "\(spans)")
    }
}

/// The terminal player under a hung audio server: its keys still answer (q ends the run) and its status line still
/// redraws, since neither waits for the player.
@Suite(.serialized) struct HungAudioServerTerminalTests {
    @Test func theTerminalPlayerQuitsOnQWhileTheAudioServerIsFrozen() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone("a/1.flac", frequency: 440, seconds: 30, tags: ["title": "One"])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        environment["XDG_STATE_HOME"] = fixtures.root + "/state"
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        // `script` gives the player a terminal: its keys and its status line.
        let run = try TerminalRun(
            "play --output pulse", environment: environment, output: fixtures.root + "/terminal.txt")
        defer {
            pulse.thaw()
            run.stop()
        }
        let terminal = { run.screen }
        #expect(Fixtures.waitUntil(seconds: 15) { terminal().contains("▶ One") })

        pulse.freeze()
        let before = terminal().count
        run.press(" ")
        // The status line keeps redrawing while the server answers nothing.
        #expect(Fixtures.waitUntil(seconds: 5) { terminal().count > before + 40 }, "the status line stopped")
        run.press("q")
        // A hang guard, not a timing: q must end the run while the server is still frozen.
        #expect(Fixtures.waitUntil(seconds: 15) { !run.process.isRunning }, "q did not end the run")
    }

    /// `addmusic sound` without a terminal plays the sound once and ends; under a frozen server it cannot end by the
    /// sound's end, so it ends with a message once the sound has had its length and 10 s more (never waiting for ever).
    @Test func theSoundCommandEndsWithAMessageWhenTheAudioServerIsFrozen() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        pulse.freeze()
        defer { pulse.thaw() }
        let result = try Fixtures.run(Fixtures.addmusic, ["sound", "--output", "pulse"], environment: environment)
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("The sound did not finish"), "\(result.errorOutput)")
    }
}
