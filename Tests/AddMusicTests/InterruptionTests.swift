import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// A call interrupts the music (a "phone" stream plays; on PulseAudio module-role-cork also asks the "music" stream to
/// cork, PipeWire has no such module): the application player reports `interrupted`, nothing of the song is lost
/// meanwhile, and it plays on afterwards.
@Suite(.serialized) struct InterruptionTests {
    @Test func aCallInterruptsTheMusicWhichPlaysOnWhenTheCallEnds() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone(
            "song.flac", frequency: 440, seconds: 2, tags: ["title": "Song"], extraArguments: ["-ac", "2"])
        let call = fixtures.root + "/call.wav"
        _ = try Fixtures.run(
            "/usr/bin/ffmpeg",
            ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=880:duration=1", "-ac", "2", call])
        let roleCork = try Fixtures.run(
            "/usr/bin/pactl", ["--server=\(pulse.server)", "load-module", "module-role-cork", "trigger_roles=phone"])
        #expect((roleCork.status == 0) == pulse.hasRoleCork, "\(roleCork)")
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)

        let player = try ApplicationMusicPlayer(output: PulseOutput(server: pulse.server))
        let states = Locked([PlaybackState]())
        player.observe(on: DispatchQueue(label: "test")) { event, _ in
            if case .playbackStateChanged(let state) = event { states.withLock { $0.append(state) } }
        }
        player.setQueue(MediaItemCollection(items: try library.songs()))
        player.play()
        Thread.sleep(forTimeInterval: 0.8)
        let phone = try Fixtures.run(
            "/usr/bin/paplay", ["--server=\(pulse.server)", "--property=media.role=phone", call])
        #expect(phone.status == 0, "\(phone.errorOutput)")
        #expect(states.withLock { $0 }.contains(.interrupted))
        #expect(Fixtures.waitUntil(seconds: 5) { player.playbackState == .stopped })
        #expect(states.withLock { $0 } == [.playing, .interrupted, .playing, .stopped])
        Thread.sleep(forTimeInterval: 0.3)
        let spans = Sound(samples: try recording.stop()).loudSpans()
        // The song waited during the call: 2 s of it plus 1 s of the call, not 2 s with the call on top.
        let heard = spans.map(\.seconds).reduce(0, +)
        #expect(heard > 2.8 && heard < 3.4, "heard \(heard) s in \(spans)")
    }
}
