import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The process talks to the audio server over one connection, shared by the music, the app sound and the audio
/// session: the server sees one client, and a device that goes away is reported once to the player and once to the
/// session, however many of the app's streams played on it.
@Suite(.serialized) struct OnePulseConnectionTests {
    @Test func musicAnAppSoundAndTheSessionAreOneClientOfTheServer() throws {
        try withMusicAndSoundOnHeadphones { scene in
            let clients = try scene.pactl("list", "clients")
            let ours = clients.components(separatedBy: "Client #").dropFirst().filter {
                $0.contains("application.process.id = \"\(getpid())\"")
            }
            #expect(ours.count == 1, "\(clients)")
            let client = try #require(ours.first?.prefix { $0.isNumber })
            let inputs = try scene.pactl("list", "sink-inputs")
            let streams = inputs.components(separatedBy: "Sink Input #").dropFirst()
            #expect(streams.filter { $0.contains("Client: \(client)\n") }.count == 2, "\(inputs)")
        }
    }

    @Test func aRemovedSinkIsReportedOnceToThePlayerAndOnceToTheSession() throws {
        try withMusicAndSoundOnHeadphones { scene in
            try scene.pactl("unload-module", scene.headphones)
            #expect(
                Fixtures.waitUntil(seconds: 5) { scene.playerEvents.withLock { $0 }.contains(.outputDeviceUnavailable) }
            )
            // Anything reported twice would have come by now.
            Thread.sleep(forTimeInterval: 1.5)
            #expect(scene.playerEvents.withLock { $0 }.filter { $0 == .outputDeviceUnavailable }.count == 1)
            let lost = AudioSession.Event.routeChanged(
                reason: .oldDeviceUnavailable, previousRoute: AudioSession.Route(outputs: ["headphones"]))
            let sessionEvents = scene.sessionEvents.withLock { $0 }
            #expect(sessionEvents.filter { $0 == lost }.count == 1, "\(sessionEvents)")
            #expect(!sessionEvents.contains { if case .interruptionBegan = $0 { true } else { false } })
        }
    }

    /// The music (the application player) and a 4 s app sound play on a second sink, "headphones", through an active
    /// audio session; `body` runs once both are heard.
    private func withMusicAndSoundOnHeadphones(_ body: (Scene) throws -> Void) throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone(
            "song.flac", frequency: 440, seconds: 8, tags: ["title": "Song"], extraArguments: ["-ac", "2"])
        let sound = try fixtures.tone("sound.flac", frequency: 1_000, seconds: 4, extraArguments: ["-ac", "2"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let loaded = try Fixtures.run(
            "/usr/bin/pactl", ["--server=\(pulse.server)", "load-module", "module-null-sink", "sink_name=headphones"])
        let session = AudioSession(server: pulse.server, events: DispatchQueue(label: "test.session"))
        let scene = Scene(pulse: pulse, headphones: loaded.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let sessionEvents = scene.sessionEvents, playerEvents = scene.playerEvents
        session.observe { event in sessionEvents.withLock { $0.append(event) } }
        try session.setActive(true)
        let player = try ApplicationMusicPlayer(output: session.makeOutput(device: "headphones", role: "music"))
        defer { player.shutDown() }
        player.observe(on: DispatchQueue(label: "test.player")) { event, _ in playerEvents.withLock { $0.append(event) }
        }
        let appSound = try AudioPlayer(contentsOf: sound, output: session.makeOutput(device: "headphones"))
        player.setQueue(MediaItemCollection(items: try library.songs()))
        player.play()
        #expect(appSound.play())
        // Both streams are at the server, on the headphones.
        let bothThere = Fixtures.waitUntil(seconds: 10) {
            let inputs = (try? scene.pactl("list", "short", "sink-inputs")) ?? ""
            return inputs.split(separator: "\n").count == 2 && player.playbackState == .playing && appSound.isPlaying
        }
        try #require(bothThere, "\((try? scene.pactl("list", "short", "sink-inputs")) ?? "")")
        Thread.sleep(forTimeInterval: 0.5)
        try body(scene)
        appSound.stop()
    }

    /// What a test sees of the server and hears from the player and the session.
    private final class Scene {
        let pulse: PulseServer
        /// The module of the "headphones" sink.
        let headphones: String
        let playerEvents = Locked([MusicPlayerEvent]())
        let sessionEvents = Locked([AudioSession.Event]())

        init(pulse: PulseServer, headphones: String) {
            self.pulse = pulse
            self.headphones = headphones
        }

        @discardableResult
        func pactl(_ arguments: String...) throws -> String {
            try Fixtures.run("/usr/bin/pactl", ["--server=\(pulse.server)"] + arguments).output
        }
    }
}
