import Foundation
import MediaModel
import MusicPlayer
import Testing

/// A hung music daemon (stopped with SIGSTOP: its connections stay open and it answers nothing) never holds a caller
/// of the system player: every command returns after a hand-off to the player's queue, and once the daemon runs
/// again the commands are carried out in order, coalesced, so the player ends as the last intent left it.
@Suite(.serialized) struct HungMusicDaemonTests {
    @Test func everyCommandReturnsAtOnceWhileTheDaemonIsFrozenAndTheLastIntentWins() throws {
        let fixtures = try Fixtures()
        for index in 0..<4 {
            try fixtures.tone(
                "a/\(index).flac", frequency: 300 + 100 * index, seconds: 30,
                tags: ["title": "Song \(index)", "artist": "Artist", "track": "\(index + 1)"])
        }
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        defer { mpd.thaw() }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let events = Locked([MusicPlayerEvent]())
        player.observe(on: DispatchQueue(label: "test.hung-mpd")) { event, _ in events.withLock { $0.append(event) } }
        let songs = try player.database.search("Song").sorted { $0.title < $1.title }
        #expect(songs.count == 4)
        player.setQueue(MediaItemCollection(items: songs))
        player.play()
        player.settle()
        #expect(player.playbackState == .playing)

        mpd.freeze()
        var slowest: (name: String, seconds: Double) = ("", 0)
        func timed(_ name: String, _ command: () -> Void) {
            let started = DispatchTime.now().uptimeNanoseconds
            command()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            // Generous for a loaded machine: a command that waited for the daemon took 3 s (one read deadline).
            #expect(seconds < 0.5, "\(name) took \(seconds) s while the daemon was frozen")
            if seconds > slowest.seconds { slowest = (name, seconds) }
        }
        timed("pause") { player.pause() }  // sent: its reply never comes
        timed("play") { player.play() }
        timed("volume") { player.setVolume(0.3) }
        timed("setShuffleMode") { player.setShuffleMode(.songs) }
        timed("setShuffleMode") { player.setShuffleMode(.off) }
        timed("setRepeatMode") { player.setRepeatMode(.all) }
        timed("setReplayGain") { player.setReplayGain(ReplayGainMode(source: .track)) }
        timed("setQueue") { player.setQueue(MediaItemCollection(items: Array(songs.prefix(2)))) }
        timed("append") { player.append(MediaItemCollection(items: [songs[2]])) }
        timed("insert") { player.insert(MediaItemCollection(items: [songs[3]]), at: 0) }
        timed("removeItem") { player.removeItem(at: 1) }  // Song 3, Song 1, Song 2
        timed("skip(toItemAt:)") { player.skip(toItemAt: 1) }
        timed("skipToNextItem") { player.skipToNextItem() }
        timed("skipToPreviousItem") { player.skipToPreviousItem() }
        timed("seek") { player.seek(to: 1) }
        timed("skipToBeginning") { player.skipToBeginning() }
        timed("stop") { player.stop() }
        // The last intents: pressed while the daemon answers nothing, they end paused at the queue's start.
        for (index, press) in [player.play, player.pause, player.play, player.pause].enumerated() {
            timed("play/pause press \(index + 1)") { press() }
        }
        timed("snapshot") { _ = player.snapshot }
        timed("isConnected") { _ = player.isConnected }
        // A cover waits at most its patience (1 s), then answers nil at once while the daemon stays quiet.
        let started = DispatchTime.now().uptimeNanoseconds
        _ = player.artwork(for: songs[0])
        let artworkSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        #expect(artworkSeconds < 2, "artwork took \(artworkSeconds) s while the daemon was frozen")
        timed("artwork, quiet") { _ = player.artwork(for: songs[1]) }
        print("slowest command while frozen: \(slowest.name), \(slowest.seconds) s")

        // The pause sent first runs out its 3 s deadline: the player says the daemon does not answer and keeps it.
        #expect(
            Fixtures.waitUntil(seconds: 15) { events.withLock { $0.contains(.audioServerUnavailable) } },
            "no word that the daemon stopped answering")
        mpd.thaw()
        // The pause sent before the freeze is carried out first; the waiting commands follow, ending in the last
        // intents: the queue below, paused.
        #expect(
            Fixtures.waitUntil(seconds: 15) {
                (try? mpd.mpc("playlist")) == "Artist - Song 3\nArtist - Song 1\nArtist - Song 2\n"
                    && (try? mpd.mpc("status"))?.contains("[paused]") ?? false
                    && (try? mpd.mpc("replaygain"))?.contains("replay_gain_mode: track") ?? false
            }, "the last intents were not carried out: \((try? mpd.mpc("status")) ?? "")")
        #expect(try mpd.mpc("current") == "Artist - Song 3\n")
        let status = try mpd.mpc("status")
        #expect(status.contains("volume: 30%") && status.contains("random: off"), "\(status)")
        #expect(status.contains("repeat: on") && status.contains("single: off"), "\(status)")
        #expect(try mpd.mpc("replaygain").contains("replay_gain_mode: track"))
        #expect(Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.audioServerAvailable) } })
        // The snapshot follows: what an interface draws is the daemon's state after the last intent.
        #expect(Fixtures.waitUntil(seconds: 5) { player.snapshot.state == .paused })
        let snapshot = player.snapshot
        #expect(snapshot.nowPlayingItem?.title == "Song 3" && snapshot.queue.items.count == 3)
        #expect(snapshot.volume == 0.3 && snapshot.repeatMode == .all && snapshot.shuffleMode == .off)
        // Nothing was reported as failed: every command was carried out once the daemon answered.
        #expect(!events.withLock { $0.contains { if case .commandFailed = $0 { true } else { false } } })
    }
}

/// `addmusic play --player system` on a terminal while its daemon is frozen: its keys are taken, its status line keeps
/// redrawing, a key pressed then is carried out when the daemon runs again, and q ends the run at once.
@Suite(.serialized) struct HungMusicDaemonTerminalTests {
    @Test func theTerminalPlayerAnswersKeysAndQuitsAtOnceWhileTheDaemonIsFrozen() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("a/1.flac", seconds: 60, tags: ["title": "One", "artist": "Artist"])
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        // `script` gives the player a terminal: its keys and its status line.
        let run = try TerminalRun(
            "play --player system --search One", environment: environment, output: fixtures.root + "/terminal.txt")
        defer {
            mpd.thaw()
            run.stop()
        }
        let terminal = { run.screen }
        #expect(Fixtures.waitUntil(seconds: 15) { terminal().contains("▶ One") }, "\(terminal())")

        mpd.freeze()
        let before = terminal().count
        run.press(" ")  // pause: waits for the daemon, holding nobody
        // The status line keeps redrawing while the daemon answers nothing.
        #expect(Fixtures.waitUntil(seconds: 5) { terminal().count > before + 40 }, "the status line stopped")
        #expect(!terminal().suffix(200).contains("⏸"))
        mpd.thaw()
        // The key pressed while it was frozen is carried out once it runs again.
        #expect(Fixtures.waitUntil(seconds: 15) { terminal().suffix(200).contains("⏸ One") }, "the pause was lost")

        mpd.freeze()
        run.press(" ")  // play: sent, its reply never comes
        Thread.sleep(forTimeInterval: 0.3)
        let quit = DispatchTime.now().uptimeNanoseconds
        run.press("q")
        // q ends the run while the daemon is still frozen, without waiting out the command's 3 s deadline.
        #expect(Fixtures.waitUntil(seconds: 15) { !run.process.isRunning }, "q did not end the run")
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - quit) / 1e9
        #expect(seconds < 2, "q took \(seconds) s to end the run while the daemon was frozen")
    }
}
