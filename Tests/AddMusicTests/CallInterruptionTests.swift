import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// A call, as each server signals it: PulseAudio with module-role-cork sends a cork request and shows the call's
/// stream; PipeWire (no such module) and PulseAudio without it only show the stream. Either way the player and the
/// session hear of the call's beginning once and of its end once, when the last call's stream has left.
@Suite(.serialized) struct CallInterruptionTests {
    @Test(arguments: [true, false])
    func aCallIsToldOnceWhicheverSignalsTheServerSends(roleCork: Bool) throws {
        guard let pulse = try PulseServer.start() else { return }
        if roleCork {
            let loaded = try Fixtures.run(
                "/usr/bin/pactl",
                ["--server=\(pulse.server)", "load-module", "module-role-cork", "trigger_roles=phone"])
            // PipeWire has no module-role-cork: there the call's stream is the only signal (the other case).
            #expect((loaded.status == 0) == pulse.hasRoleCork, "\(loaded)")
            guard pulse.hasRoleCork else { return }
        }
        try withMusicPlaying(on: pulse) { scene in
            let call = try scene.call(seconds: 1, role: "phone")
            call.waitUntilExit()
            #expect(Fixtures.waitUntil(seconds: 5) { scene.player.playbackState == .playing })
            // Anything told twice would have come by now.
            Thread.sleep(forTimeInterval: 1)
            #expect(
                scene.sessionEvents.withLock { $0 } == [.interruptionBegan, .interruptionEnded(shouldResume: true)],
                "\(scene.sessionEvents.withLock { $0 })")
            #expect(
                scene.states.withLock { $0 } == [.playing, .interrupted, .playing], "\(scene.states.withLock { $0 })")
        }
    }

    @Test func overlappingCallsInterruptOnceAndTheLastToLeaveEndsIt() throws {
        guard let pulse = try PulseServer.start() else { return }
        try withMusicPlaying(on: pulse) { scene in
            // PipeWire's own name for the role, and PulseAudio's; the second call ends first.
            let long = try scene.call(seconds: 2.5, role: "Communication")
            Thread.sleep(forTimeInterval: 0.5)
            let short = try scene.call(seconds: 0.5, role: "phone")
            #expect(Fixtures.waitUntil(seconds: 5) { scene.player.playbackState == .interrupted })
            short.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.5)
            #expect(scene.player.playbackState == .interrupted, "the first call to end ended the interruption")
            #expect(scene.sessionEvents.withLock { $0 } == [.interruptionBegan])
            long.waitUntilExit()
            #expect(Fixtures.waitUntil(seconds: 5) { scene.player.playbackState == .playing })
            Thread.sleep(forTimeInterval: 1)
            #expect(
                scene.sessionEvents.withLock { $0 } == [.interruptionBegan, .interruptionEnded(shouldResume: true)],
                "\(scene.sessionEvents.withLock { $0 })")
        }
    }

    /// The audio server killed during a call and started again: the call's program went with it, and the new server
    /// cannot tell whether the call is over. The music stays paused, silent at the sink, until the user plays it;
    /// the session hears the interruption end without a resume; the player tells the server's loss and return.
    @Test func aServerThatRestartsDuringACallLeavesTheMusicPausedUntilPlayed() throws {
        guard let pulse = try PulseServer.start() else { return }
        try withMusicPlaying(on: pulse) { scene in
            let call = try scene.call(seconds: 30, role: "phone")
            try #require(Fixtures.waitUntil(seconds: 5) { scene.player.playbackState == .interrupted })
            try pulse.killServer()
            call.waitUntilExit()  // a client of the server killed
            try pulse.restart()
            #expect(Fixtures.waitUntil(seconds: 10) { scene.player.playbackState == .paused })
            let recording = try pulse.record()
            Thread.sleep(forTimeInterval: 2)
            let silent = Sound(samples: try recording.stop())
            #expect(silent.loudSpans().isEmpty, "the music played on after the restart: \(silent.loudSpans())")
            #expect(
                scene.sessionEvents.withLock { $0 } == [.interruptionBegan, .interruptionEnded(shouldResume: false)],
                "\(scene.sessionEvents.withLock { $0 })")
            #expect(
                scene.states.withLock { $0 } == [.playing, .interrupted, .paused], "\(scene.states.withLock { $0 })")
            // Played again by the user: heard.
            let heard = try pulse.record()
            scene.player.play()
            #expect(Fixtures.waitUntil(seconds: 5) { scene.player.playbackState == .playing })
            Thread.sleep(forTimeInterval: 1.5)
            let spans = Sound(samples: try heard.stop()).loudSpans()
            #expect(!spans.isEmpty, "nothing heard after play")
        }
    }

    /// A 20 s song plays through an active session's "music" stream; `body` runs once it is heard.
    private func withMusicPlaying(on pulse: PulseServer, _ body: (Scene) throws -> Void) throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "song.flac", frequency: 440, seconds: 20, tags: ["title": "Song"], extraArguments: ["-ac", "2"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let session = AudioSession(server: pulse.server, events: DispatchQueue(label: "test.session"))
        try session.setActive(true)
        let player = try ApplicationMusicPlayer(output: session.makeOutput(role: "music"))
        defer { player.shutDown() }
        let scene = Scene(pulse: pulse, fixtures: fixtures, player: player)
        let sessionEvents = scene.sessionEvents, states = scene.states
        session.observe { event in
            if case .routeChanged = event { return }
            sessionEvents.withLock { $0.append(event) }
        }
        player.observe(on: DispatchQueue(label: "test.player")) { event, _ in
            if case .playbackStateChanged(let state) = event { states.withLock { $0.append(state) } }
        }
        player.setQueue(MediaItemCollection(items: try library.songs()))
        player.play()
        try #require(
            Fixtures.waitUntil(seconds: 10) { player.playbackState == .playing && player.currentPlaybackTime > 0.3 })
        try body(scene)
    }

    private final class Scene {
        let pulse: PulseServer
        let fixtures: Fixtures
        let player: ApplicationMusicPlayer
        let sessionEvents = Locked([AudioSession.Event]())
        let states = Locked([PlaybackState]())

        init(pulse: PulseServer, fixtures: Fixtures, player: ApplicationMusicPlayer) {
            self.pulse = pulse
            self.fixtures = fixtures
            self.player = player
        }

        /// Starts a call: `paplay` of a tone `seconds` long with stream role `role`; it returns at once.
        func call(seconds: Double, role: String) throws -> Process {
            let path = fixtures.root + "/call-\(UUID().uuidString).wav"
            _ = try Fixtures.run(
                "/usr/bin/ffmpeg",
                ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=880:duration=\(seconds)", "-ac", "2", path])
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/paplay")
            process.arguments = ["--server=\(pulse.server)", "--property=media.role=\(role)", path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
    }
}
