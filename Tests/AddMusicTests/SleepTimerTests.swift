import AddMusicCore
import Foundation
import Testing

/// The sleep timer (B-P11): `addmusic play --sleep`, heard at a real null sink (PulseAudio, or PipeWire with
/// `ADDMUSIC_AUDIO_SERVER=pipewire`), and on a private MPD.
@Suite(.serialized) struct SleepTimerTests {
    @Test func aSleepTimeIsMinutesATimeTheEndOfTheSongOrOfTheQueue() {
        #expect(SleepPlan(text: "30") == .after(seconds: 1_800))
        #expect(SleepPlan(text: "30m") == .after(seconds: 1_800))
        #expect(SleepPlan(text: "1h30m") == .after(seconds: 5_400))
        #expect(SleepPlan(text: "90s") == .after(seconds: 90))
        #expect(SleepPlan(text: "Song") == .endOfSong)
        #expect(SleepPlan(text: "queue") == .endOfQueue)
        for wrong in ["", "0", "-5", "30x", "m", "2d", "25h", "nan", "1e9", "5m3"] {
            #expect(SleepPlan(text: wrong) == nil, "\(wrong)")
        }
    }

    /// The loudest sample of the left channel between two times after `start`.
    private func peak(_ sound: Sound, from start: Int, _ from: Double, _ to: Double) -> Int {
        let end = min(sound.samples.count / 2, start + Int(to * 44_100))
        let frames = min(start + Int(from * 44_100), end)..<end
        return frames.map { abs(Int(sound.samples[$0 * 2])) }.max() ?? 0
    }

    @Test func theMusicFadesOutOverItsLastSecondsAndPausesWhenTheTimeIsUp() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let song = try fixtures.tone("long.flac", frequency: 440, seconds: 12, extraArguments: ["-ac", "2"])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let played = try Fixtures.run(Fixtures.addmusic, ["play", song, "--sleep", "4s"], environment: environment)
        let sound = Sound(samples: try recording.stopOnceQuiet())
        #expect(played.status == 0, "\(played.errorOutput)")
        #expect(played.output.contains("Sleep timer"), "\(played.output)")
        let spans = sound.loudSpans()
        guard spans.count == 1, let span = spans.first else {
            Issue.record("one stretch of sound expected: \(spans)")
            return
        }
        // 4 s, not the song's 12; its last 2 s fade (the fade is half a short timer).
        #expect(span.seconds > 3.3 && span.seconds < 4.4, "\(span)")
        let full = peak(sound, from: span.start, 0.5, 1.5)
        let fading = peak(sound, from: span.start, 3.2, 3.4)
        #expect(full > 1_000 && fading < full / 2, "full \(full), fading \(fading)")
        // The position is kept: the saved state says the song, a few seconds in.
        let state = try String(contentsOfFile: fixtures.root + "/.local/state/addmusic/player.json", encoding: .utf8)
        let time = (try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])?["time"] as? Double
        #expect(time.map { $0 > 3 && $0 < 4.5 } == true, "\(state)")
    }

    @Test func atTheEndOfTheSongTheNextOneIsNotHeard() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let first = try fixtures.tone(
            "a/first.flac", frequency: 440, seconds: 4, tags: ["album": "A"], extraArguments: ["-ac", "2"])
        let second = try fixtures.tone(
            "b/second.flac", frequency: 1_000, seconds: 4, tags: ["album": "B"], extraArguments: ["-ac", "2"])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", first, second, "--sleep", "song"], environment: environment)
        let sound = Sound(samples: try recording.stopOnceQuiet())
        #expect(played.status == 0, "\(played.errorOutput)")
        let spans = sound.loudSpans()
        #expect(spans.count == 1 && abs((spans.first?.seconds ?? 0) - 4) < 0.4, "\(spans)")
        if let span = spans.first {
            let frames = span.start..<span.end
            #expect(toneAmplitude(of: 1_000, in: frames, of: sound.samples) < 0.01, "the second song is not heard")
            #expect(peak(sound, from: span.start, 3.5, 3.7) < peak(sound, from: span.start, 0.5, 1.5) / 2)
        }
    }

    @Test func atTheEndOfTheQueueItsLastSongFadesAndNothingFollows() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let first = try fixtures.tone(
            "a/first.flac", frequency: 440, seconds: 3, tags: ["album": "A"], extraArguments: ["-ac", "2"])
        let second = try fixtures.tone(
            "b/second.flac", frequency: 1_000, seconds: 3, tags: ["album": "B"], extraArguments: ["-ac", "2"])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", first, second, "--sleep", "queue"], environment: environment)
        let sound = Sound(samples: try recording.stopOnceQuiet())
        #expect(played.status == 0, "\(played.errorOutput)")
        // (Whether the timer or the queue's own end is noticed first, the music ends there: no message is expected.)
        let spans = sound.loudSpans()
        // Both songs heard, 6 s in all; the last 3 s (half the queue's time) fade. As in the timer's own test, the span
        // may end up to 0.7 s early: the fade's last part is under loudSpans' threshold, and when the timer's look
        // comes before the queue's end it pauses the song's last moments (on PipeWire the position heard, reckoned
        // from the latency its pulse layer reports, can be a few tenths ahead).
        #expect(spans.count == 1 && (5.3...6.4).contains(spans.first?.seconds ?? 0), "\(spans)")
        if let span = spans.first {
            let second = (span.start + 3 * 44_100 + 22_050)..<(span.start + 4 * 44_100)
            #expect(toneAmplitude(of: 1_000, in: second, of: sound.samples) > 0.05, "the second song is heard")
            #expect(peak(sound, from: span.start, 5.5, 5.7) < peak(sound, from: span.start, 0.5, 1.5) / 2)
        }
    }

    /// With repeat on, the end of the queue is still its end: the timer does not let it go round again (the time
    /// left rises from nothing to the whole queue between two of its looks).
    @Test func withRepeatOnTheEndOfTheQueueEndsTheMusicRatherThanGoingRound() throws {
        let app = try ControllerHarness(songs: 2, seconds: 1.5, heard: false)
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        #expect(app.waitFor { $0.playPauseControl == .pause && $0.nowPlayingIndex == 0 })
        app.controller.onMainActor { $0.cycleRepeat() }
        #expect(app.waitFor { $0.repeatMode == .all })
        let before = app.states.withLock { $0.count }
        app.controller.onMainActor { $0.startSleep(.endOfQueue) }
        #expect(app.waitFor { $0.sleep != nil })
        #expect(app.waitFor(seconds: 15) { $0.sleep == nil && $0.playPauseControl == .play })
        app.controller.settle()
        #expect(app.player.playbackState == .paused)
        // The songs played after the timer was set, each once at most: 0, 1 (and the first again at most as the
        // end passed), never 1 once more.
        var indexes: [Int] = []
        for state in app.states.withLock({ Array($0[before...]) }) {
            if let index = state.nowPlayingIndex, indexes.last != index { indexes.append(index) }
        }
        #expect(indexes == [0, 1] || indexes == [0, 1, 0], "\(indexes)")
    }

    @Test func onTheMusicDaemonTheSongPausesAndItsVolumeComesBack() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("daemon.flac", seconds: 20, extraArguments: ["-ac", "2"])
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        try mpd.mpc("add", "daemon.flac")
        try mpd.mpc("volume", "80")
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        let started = Date()
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", "--player", "system", "--sleep", "3s"], environment: environment)
        #expect(played.status == 0, "\(played.errorOutput)")
        #expect(Date().timeIntervalSince(started) > 2.5, "the command stays until the timer ends")
        let status = try mpd.mpc("status")
        #expect(status.contains("[paused]") && status.contains("volume: 80%"), "\(status)")
    }
}
