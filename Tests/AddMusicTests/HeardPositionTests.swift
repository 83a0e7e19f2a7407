import AudioEngine
import Foundation
import MediaModel
import MusicPlayer
import Testing

/// The application player's snapshot tells the time heard, not the time since its last event: when the output
/// stalls (a busy machine, a server that answers late), the snapshot's position follows within half a second, so
/// that what reads it between events (the sleep timer, the window's progress) does not run ahead of the music.
@Suite(.serialized) struct HeardPositionTests {
    @Test func aStalledOutputIsNotCountedAsHeardBetweenEvents() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone("a/1.flac", frequency: 440, seconds: 20, tags: ["title": "One"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let player = try ApplicationMusicPlayer(output: PulseOutput(server: pulse.server))
        defer { player.shutDown() }
        player.setQueue(MediaItemCollection(items: try library.songs()))
        player.play()
        #expect(Fixtures.waitUntil(seconds: 10) { player.playbackState == .playing && player.currentPlaybackTime > 1 })
        // The server stops taking samples for two seconds: the stall is the test's input, not a wait for an event.
        pulse.freeze()
        Thread.sleep(forTimeInterval: 2)
        pulse.thaw()
        var gap = 0.0
        let agreed = Fixtures.waitUntil(seconds: 5) {
            gap = player.snapshot.playbackTime() - player.currentPlaybackTime
            return abs(gap) < 0.4
        }
        #expect(agreed, "the snapshot is \(gap) s ahead of what was heard")
        #expect(player.playbackState == .playing)
    }
}
