import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The app sound (B-S1–S4), route changes (B-R1–R4) and interruptions (B-R5), on the app controller with the
/// real audio server, heard at its null sink's monitor.
@Suite(.serialized) struct ControllerAppSoundTests {
    @Test func s1_theBundledSoundIsLoadedPreparedAndReady() throws {
        let path = try #require(AppController.bundledSoundPath)
        let sound = try AudioPlayer(contentsOf: path, output: NullOutput(clocked: true))
        #expect(sound.duration > 0.5 && sound.duration < 2)
        #expect(sound.prepareToPlay())
        #expect(sound.volume == 1)
        let app = try ControllerHarness()
        #expect(app.state.isAppSoundEnabled)
        #expect(!app.logged("app sound"), "\(app.logs.withLock { $0 })")
    }

    @Test func s2_playAppSoundPlaysItAndDisablesTheButton() throws {
        let app = try ControllerHarness()
        let pulse = try #require(app.pulse)
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        app.controller.onMainActor { $0.playAppSound() }
        #expect(!app.state.isAppSoundEnabled)
        app.controller.onMainActor { $0.playAppSound() }  // pressed again while it plays: nothing
        Thread.sleep(forTimeInterval: 1.5)
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(spans.count == 1, "\(spans)")
        #expect(spans.first.map { $0.seconds > 0.5 && $0.seconds < 1 } ?? false, "\(spans)")
    }

    @Test func s3_whenTheSoundEndsTheButtonIsEnabledAgain() throws {
        let app = try ControllerHarness()
        app.controller.onMainActor { $0.playAppSound() }
        #expect(!app.state.isAppSoundEnabled)
        #expect(app.waitFor(seconds: 5) { $0.isAppSoundEnabled })
        app.controller.onMainActor { $0.playAppSound() }  // and it plays again
        #expect(!app.state.isAppSoundEnabled)
        #expect(app.waitFor(seconds: 5) { $0.isAppSoundEnabled })
    }

    @Test func s4_theAppSoundMixesWithTheMusic() throws {
        let app = try ControllerHarness(songs: 1, seconds: 4, soundSeconds: 2)
        #expect(app.session.category == .ambient)
        let recording = try #require(app.pulse).record()
        Thread.sleep(forTimeInterval: 2)
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        Thread.sleep(forTimeInterval: 0.5)
        app.controller.onMainActor { $0.playAppSound() }
        Thread.sleep(forTimeInterval: 1.5)
        #expect(app.player.playbackState == .playing)  // neither stops the other
        let sound = Sound(samples: try recording.stop())
        // The last second holds both: the music's 440 Hz and the app sound's 1 kHz.
        let frames = sound.samples.count / 2
        let lastSecond = (frames - 44_100)..<frames
        let music = sound.share(of: 440, in: lastSecond), chime = sound.share(of: 1_000, in: lastSecond)
        #expect(music > 0.25 && chime > 0.25, "440 Hz: \(music), 1 kHz: \(chime)")
    }

    @Test func r1_aRouteChangeWhileTheSoundIsSilentIsOnlyLogged() throws {
        let app = try ControllerHarness(soundSeconds: 3)
        let module = try app.pactl("load-module", "module-null-sink", "sink_name=elsewhere")
        #expect(Fixtures.waitUntil(seconds: 5) { app.logged("newDeviceAvailable") })
        try app.pactl("unload-module", module)
        // A sink nothing of ours plays on goes, while the sound plays: it plays on, no alert.
        let other = try app.pactl("load-module", "module-null-sink", "sink_name=unused")
        app.controller.onMainActor { $0.playAppSound() }
        try app.pactl("unload-module", other)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(app.state.alert == nil && !app.state.isAppSoundEnabled)
        #expect(!app.logged("oldDeviceUnavailable"))
    }

    @Test func r2_theSoundsDeviceGoingAwayPausesItAndShowsTheAlert() throws {
        try r2Scenario { app, _ in
            let alert = try #require(app.state.alert)
            #expect(alert.title == "Playback Paused" && alert.message == "Audio output was changed")
            #expect(alert.stopTitle == "Stop" && alert.resumeTitle == "Resume")
            #expect(!app.state.isAppSoundEnabled)
            #expect(app.logged("oldDeviceUnavailable"))
        }
    }

    @Test func r3_resumePlaysOnFromThePauseAndStopRewindsAndEnablesTheButton() throws {
        try r2Scenario { app, recording in
            app.controller.onMainActor { $0.alertResume() }
            #expect(app.state.alert == nil)
            #expect(app.waitFor(seconds: 8) { $0.isAppSoundEnabled })
            // Before the device went: 1 s on the headphones; after Resume: the other 2 s on the speaker.
            let spans = Sound(samples: try recording.stop()).loudSpans()
            let heard = spans.map(\.seconds).reduce(0, +)
            #expect(heard > 1.6 && heard < 2.4, "\(spans)")
        }
        try r2Scenario { app, _ in
            app.controller.onMainActor { $0.alertStop() }
            #expect(app.state.alert == nil && app.state.isAppSoundEnabled)
            app.controller.onMainActor { $0.playAppSound() }
            #expect(!app.state.isAppSoundEnabled)
        }
    }

    @Test func r4_aNewDeviceOrACategoryChangeIsOnlyLogged() throws {
        let app = try ControllerHarness(soundSeconds: 3)
        app.controller.onMainActor { $0.playAppSound() }
        app.session.setCategory(.playback)
        #expect(Fixtures.waitUntil(seconds: 5) { app.logged("categoryChange") })
        try app.pactl("load-module", "module-null-sink", "sink_name=plugged")
        #expect(Fixtures.waitUntil(seconds: 5) { app.logged("newDeviceAvailable") })
        #expect(app.state.alert == nil && !app.state.isAppSoundEnabled)
    }

    @Test func r5_aCallInterruptsTheSoundAndTheMusicWhichPlayAgainAfterIt() throws {
        let app = try ControllerHarness(songs: 1, seconds: 6, soundSeconds: 3)
        let call = app.fixtures.root + "/call.wav"
        _ = try Fixtures.run(
            "/usr/bin/ffmpeg",
            ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=600:duration=1", "-ac", "2", call])
        // On PulseAudio the server also asks the music to cork; PipeWire has no such module (the call's stream is the
        // one signal there).
        let pulse = try #require(app.pulse)
        let roleCork = try Fixtures.run(
            "/usr/bin/pactl", ["--server=\(pulse.server)", "load-module", "module-role-cork", "trigger_roles=phone"])
        #expect((roleCork.status == 0) == pulse.hasRoleCork, "\(roleCork)")
        let states = Locked([PlaybackState]())
        app.player.observe(on: DispatchQueue(label: "test.r5")) { event, _ in
            if case .playbackStateChanged(let state) = event { states.withLock { $0.append(state) } }
        }
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        app.controller.onMainActor { $0.playAppSound() }
        Thread.sleep(forTimeInterval: 0.5)
        let phone = try Fixtures.run(
            "/usr/bin/paplay", ["--server=\(pulse.server)", "--property=media.role=phone", call])
        #expect(phone.status == 0, "\(phone.errorOutput)")
        #expect(app.logged("interruption began"))
        // The server lets the streams go a moment after the call's stream has ended.
        #expect(Fixtures.waitUntil(seconds: 3) { app.logged("interruption ended") })
        #expect(states.withLock { $0 }.contains(.interrupted))
        // After the call, both play again: the music on, the app sound again.
        #expect(Fixtures.waitUntil(seconds: 3) { app.player.playbackState == .playing })
        #expect(!app.state.isAppSoundEnabled)
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 1)
        let sound = Sound(samples: try recording.stop())
        let frames = sound.samples.count / 2
        let lastHalf = (frames - 22_050)..<frames
        #expect(sound.share(of: 1_000, in: lastHalf) > 0.2, "the app sound is not heard after the call")
        #expect(sound.share(of: 440, in: lastHalf) > 0.2, "the music is not heard after the call")
        #expect(app.waitFor(seconds: 5) { $0.isAppSoundEnabled })
    }

    /// The app sound (3 s of 1 kHz) plays on a second sink, "headphones", whose module is unloaded after 1 s; the
    /// speaker's monitor is recorded throughout.
    private func r2Scenario(_ check: (ControllerHarness, PulseServer.Recording) throws -> Void) throws {
        let app = try ControllerHarness(soundSeconds: 3, soundDevice: "headphones", extraSinks: ["headphones"])
        guard let pulse = app.pulse, let module = app.sinkModules["headphones"] else { return }
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        app.controller.onMainActor { $0.playAppSound() }
        Thread.sleep(forTimeInterval: 1)
        try app.pactl("unload-module", module)
        #expect(app.waitFor(seconds: 5) { $0.alert != nil })
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!app.state.isAppSoundEnabled)
        try check(app, recording)
    }
}
