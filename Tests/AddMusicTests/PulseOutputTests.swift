import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// What the engine plays through the audio server is what reaches the server's sink, heard at its monitor.
@Suite(.serialized) struct PulseOutputTests {
    @Test func aToneIsHeardAtTheSinkWithItsFrequencyAndLength() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let file = try fixtures.tone("a440.flac", frequency: 440, seconds: 1, extraArguments: ["-ac", "2"])
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)  // an idle null sink renders ahead at first; let the monitor settle
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test")) {
            event in events.withLock { $0.append(event) }
        }
        engine.play([EngineTrack(path: file)])
        try #require(Fixtures.waitUntil { events.withLock { $0.contains(where: \.isFinished) } })
        Thread.sleep(forTimeInterval: 0.3)
        engine.shutDown()
        let heard = Sound(samples: try recording.stop())
        let tone = try #require(heard.loudSpans().first, "nothing was heard")
        #expect(abs(tone.seconds - 1) < 0.05, "heard for \(tone.seconds) s")
        #expect(abs(heard.frequency(in: tone) - 440) < 3)
    }

    @Test func pauseSilencesPromptlyAndResumeLosesNothing() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let file = try fixtures.tone("long.flac", frequency: 440, seconds: 2, extraArguments: ["-ac", "2"])
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test")) {
            event in events.withLock { $0.append(event) }
        }
        let started = Date()
        engine.play([EngineTrack(path: file)])
        Thread.sleep(forTimeInterval: 0.8)
        let pausedAt = Date().timeIntervalSince(started)
        engine.pause()
        Thread.sleep(forTimeInterval: 0.7)
        engine.resume()
        try #require(Fixtures.waitUntil { events.withLock { $0.contains(where: \.isFinished) } })
        Thread.sleep(forTimeInterval: 0.3)
        engine.shutDown()
        let heard = Sound(samples: try recording.stop())
        let spans = heard.loudSpans()
        #expect(spans.count == 2, "\(spans)")
        guard spans.count == 2 else { return }
        // The sound stops within 100 ms of the pause (measured from the start of the tone, as the call was).
        #expect(spans[0].seconds < pausedAt + 0.1, "played \(spans[0].seconds) s after a pause at \(pausedAt) s")
        #expect(Double(spans[1].start - spans[0].end) > 0.5 * 44_100)
        // Nothing lost or repeated: the two parts add up to the whole, within 50 ms.
        #expect(abs(spans[0].seconds + spans[1].seconds - 2) < 0.05, "\(spans[0].seconds) + \(spans[1].seconds)")
    }

    @Test func noAudioServerIsAClearError() throws {
        let output = PulseOutput(server: "unix:/nonexistent/addmusic-no-server")
        #expect(throws: PulseError.self) { try output.open(PCMFormat()) }
    }
}

/// A recording from the sink's monitor, 16-bit stereo at 44.1 kHz.
struct Sound {
    var samples: [Int16]

    /// The level of the left channel over the second from frame `start`, in dBFS (RMS).
    func level(fromFrame start: Int) -> Double {
        let frames = start..<(start + 44_100)
        let power = frames.reduce(0.0) { sum, frame in
            let sample = Double(samples[frame * 2]) / 32_768
            return sum + sample * sample
        }
        return 10 * log10(power / Double(frames.count))
    }

    /// A stretch of frames that is not silent.
    struct Span: CustomStringConvertible {
        var start: Int
        var end: Int
        var seconds: Double { Double(end - start) / 44_100 }
        var description: String { String(format: "%.3f–%.3f s", Double(start) / 44_100, Double(end) / 44_100) }
    }

    /// Stretches louder than -40 dBFS, judged over 5 ms windows; gaps shorter than 50 ms do not split a stretch.
    func loudSpans() -> [Span] {
        let window = 220
        var spans: [Span] = []
        let frames = samples.count / 2
        for start in stride(from: 0, to: frames - window, by: window) {
            let peak = (start..<(start + window)).map { abs(Int(samples[$0 * 2])) }.max() ?? 0
            guard peak > 328 else { continue }
            if let last = spans.last, start - last.end < 2_205 {
                spans[spans.count - 1].end = start + window
            } else {
                spans.append(Span(start: start, end: start + window))
            }
        }
        return spans
    }

    /// The frequency within `span` on the left channel, from upward zero crossings.
    func frequency(in span: Span) -> Double {
        var crossings: [Int] = []
        for frame in (span.start + 1)..<span.end where samples[(frame - 1) * 2] < 0 && samples[frame * 2] >= 0 {
            crossings.append(frame)
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * 44_100 / Double(last - first)
    }
}

/// Headphones unplugged: the sink the music plays on goes away, the music pauses by itself and says why (B-P4).
@Suite(.serialized) struct DeviceRemovalTests {
    @Test func removingTheSinkPausesTheMusicInsteadOfMovingItToTheSpeaker() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let file = try fixtures.tone("long.flac", frequency: 440, seconds: 3, extraArguments: ["-ac", "2"])
        let loaded = try Fixtures.run(
            "/usr/bin/pactl", ["--server=\(pulse.server)", "load-module", "module-null-sink", "sink_name=headphones"])
        let module = try #require(Int(loaded.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(loaded)")
        let speaker = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(
            output: PulseOutput(server: pulse.server, device: "headphones"), events: DispatchQueue(label: "test")
        ) { event in events.withLock { $0.append(event) } }
        engine.play([EngineTrack(path: file)])
        Thread.sleep(forTimeInterval: 1)
        let position = try #require(engine.position)
        _ = try Fixtures.run("/usr/bin/pactl", ["--server=\(pulse.server)", "unload-module", String(module)])
        #expect(Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.deviceUnavailable) } })
        Thread.sleep(forTimeInterval: 1)
        let paused = try #require(engine.position)
        #expect(paused.time < position.time + 0.4, "kept playing: \(position.time) → \(paused.time)")
        // Resumed, it plays on through the speaker from where it stopped.
        engine.resume()
        _ = Fixtures.waitUntil(seconds: 15) { events.withLock { $0.contains(where: \.isFinished) } }
        Thread.sleep(forTimeInterval: 0.3)
        engine.shutDown()
        let spans = Sound(samples: try speaker.stop()).loudSpans()
        // While paused nothing reached the speaker but a moment at the move; after resuming, the rest of the song.
        let heard = spans.map(\.seconds).reduce(0, +)
        #expect(heard > 3 - paused.time - 0.2 && heard < 3 - paused.time + 0.3, "heard \(heard) s in \(spans)")
    }
}

/// Adding songs while one plays: the recording at the sink has no gap and the song goes on where it was (B-A4).
@Suite(.serialized) struct AppendWhilePlayingTests {
    @Test func appendingWhilePlayingLeavesNoGapAtTheSink() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone(
            "1.flac", frequency: 440, seconds: 1.5, tags: ["title": "One", "track": "1"], extraArguments: ["-ac", "2"])
        try fixtures.tone(
            "2.flac", frequency: 660, seconds: 1, tags: ["title": "Two", "track": "2"], extraArguments: ["-ac", "2"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs()
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        let player = try ApplicationMusicPlayer(output: PulseOutput(server: pulse.server))
        let stopped = Locked(false)
        player.observe(on: DispatchQueue(label: "test")) { event, _ in
            if event == .playbackStateChanged(.stopped) { stopped.withLock { $0 = true } }
        }
        player.setQueue(MediaItemCollection(items: [songs[0]]))
        player.play()
        Thread.sleep(forTimeInterval: 0.5)
        let before = player.currentPlaybackTime
        player.append(MediaItemCollection(items: [songs[1]]))
        let after = player.currentPlaybackTime
        #expect(player.nowPlayingItem == songs[0] && after >= before && after < before + 0.1)
        _ = Fixtures.waitUntil(seconds: 10) { stopped.withLock({ $0 }) }
        Thread.sleep(forTimeInterval: 0.3)
        let heard = Sound(samples: try recording.stop())
        let spans = heard.loudSpans()
        #expect(spans.count == 1, "\(spans)")
        if let span = spans.first {
            #expect(abs(span.seconds - 2.5) < 0.1, "\(span)")
            #expect(heard.silentWindows(in: span) == 0, "silent at \(heard.silentWindowTimes(in: span))")
        }
    }

    /// Appended after the first song was decoded to its end, a song whose source answers only after half a second
    /// (a far server; a sleeping disk) is opened at once, not when the first song runs out: the sink hears no gap.
    @Test func aSongFromASlowSourceAppendedWhilePlayingFollowsWithoutAGap() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let first = try fixtures.tone("first.flac", frequency: 440, seconds: 1.5, extraArguments: ["-ac", "2"])
        let served = try fixtures.tone("served.flac", frequency: 660, seconds: 1, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: served)
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 1)
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test")) {
            event in events.withLock { $0.append(event) }
        }
        defer { engine.shutDown() }
        engine.play([EngineTrack(path: first)])
        Thread.sleep(forTimeInterval: 0.2)  // by now the ring holds all of the first song
        engine.append([EngineTrack(streamURL: server.url("/slow"))])
        _ = Fixtures.waitUntil(seconds: 15) { events.withLock { $0.contains(where: \.isFinished) } }
        Thread.sleep(forTimeInterval: 0.3)
        let heard = Sound(samples: try recording.stop())
        #expect(events.withLock { $0 } == [.started(0), .started(1), .finished(1)])
        let spans = heard.loudSpans()
        #expect(spans.count == 1, "\(spans)")
        if let span = spans.first {
            #expect(abs(span.seconds - 2.5) < 0.1, "\(span)")
            #expect(heard.silentWindows(in: span) == 0, "silent at \(heard.silentWindowTimes(in: span))")
        }
    }
}

/// The next song replaced after the decoder went into it (a shuffle or a queue edit): the song playing goes on
/// undisturbed, the replaced one is never heard, and its replacement follows without a gap.
@Suite(.serialized) struct NextSongReplacedTests {
    @Test func aNextSongReplacedAfterItWasDecodedIsNeverHeardAndTheSongPlayingGoesOnWithoutAGap() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let first = try fixtures.tone("first.flac", frequency: 440, seconds: 1.5, extraArguments: ["-ac", "2"])
        let replaced = try fixtures.tone("replaced.flac", frequency: 1320, seconds: 1, extraArguments: ["-ac", "2"])
        let instead = try fixtures.tone("instead.flac", frequency: 660, seconds: 1, extraArguments: ["-ac", "2"])
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 1)
        let events = Locked([PlaybackEngine.Event]())
        let engine = try PlaybackEngine(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test"))
        {
            event in events.withLock { $0.append(event) }
        }
        defer { engine.shutDown() }
        engine.play(EngineTrack(path: first), token: 1)
        engine.setNext(EngineTrack(path: replaced), token: 2)
        Thread.sleep(forTimeInterval: 0.3)  // by now the ring holds all of the first song and the start of the next
        engine.setNext(EngineTrack(path: instead), token: 3)
        _ = Fixtures.waitUntil(seconds: 15) { events.withLock { $0.contains(where: \.isFinished) } }
        Thread.sleep(forTimeInterval: 0.3)
        let heard = Sound(samples: try recording.stop())
        #expect(events.withLock { $0 } == [.started(1), .started(3), .finished(3)])
        let spans = heard.loudSpans()
        #expect(spans.count == 1, "\(spans)")
        if let span = spans.first {
            #expect(abs(span.seconds - 2.5) < 0.1, "\(span)")
            #expect(heard.silentWindows(in: span) == 0, "silent at \(heard.silentWindowTimes(in: span))")
            let firstPart = span.start..<(span.start + 60_000)
            let secondPart = (span.start + 70_000)..<span.end
            #expect(heard.share(of: 440, in: firstPart) > 0.9, "the song playing went on as it was")
            #expect(heard.share(of: 660, in: secondPart) > 0.9, "its replacement followed")
            #expect(heard.share(of: 1320, in: span.start..<span.end) < 0.05, "the replaced song was heard")
        }
    }
}

extension Sound {
    /// How many 5 ms windows inside `span` are silent (below -40 dBFS): a gap, however short.
    func silentWindows(in span: Span) -> Int { silentWindowTimes(in: span).count }

    /// Where each silent 5 ms window inside `span` starts, in seconds from the start of `span`.
    func silentWindowTimes(in span: Span) -> [Double] {
        stride(from: span.start, to: span.end - 220, by: 220).filter { start in
            ((start..<(start + 220)).map { abs(Int(samples[$0 * 2])) }.max() ?? 0) <= 328
        }.map { Double($0 - span.start) / 44100 }
    }
}

/// The audio server killed and started again: the player says so, stays alive, and plays on (B-F4).
@Suite(.serialized) struct AudioServerRestartTests {
    @Test func killingAndRestartingTheServerIsReportedAndPlaybackGoesOn() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let file = try fixtures.tone("long.flac", frequency: 440, seconds: 12, extraArguments: ["-ac", "2"])
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test")) {
            event in events.withLock { $0.append(event) }
        }
        defer { engine.shutDown() }
        engine.play([EngineTrack(path: file)])
        Thread.sleep(forTimeInterval: 1)
        try pulse.killServer()
        try #require(Fixtures.waitUntil { events.withLock { $0.contains(.audioServerUnavailable) } })
        Thread.sleep(forTimeInterval: 0.5)
        try pulse.restart()
        let recording = try pulse.record()
        try #require(Fixtures.waitUntil { events.withLock { $0.contains(.audioServerAvailable) } })
        Thread.sleep(forTimeInterval: 2.5)
        let heard = Sound(samples: try recording.stop())
        #expect(!heard.loudSpans().isEmpty, "nothing heard after the restart")
        // Still the same song, neither ended nor failed; (positions are not compared here: a null sink that has just
        // woken reports latencies that mean nothing for its first seconds).
        #expect(engine.position?.index == 0)
        #expect(
            events.withLock { $0 } == [.started(0), .audioServerUnavailable, .audioServerAvailable],
            "\(events.withLock { $0 })")
    }
}

/// The player's volume scales what reaches the sink.
@Suite(.serialized) struct VolumeTests {
    @Test func halfVolumeIsHalfAsLoudAtTheSink() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone(
            "tone.flac", frequency: 440, seconds: 0.6, tags: ["title": "Tone"], extraArguments: ["-ac", "2"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs()
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        let player = try ApplicationMusicPlayer(output: PulseOutput(server: pulse.server))
        for volume in [1.0, 0.5] {
            let stopped = Locked(false)
            player.observe(on: DispatchQueue(label: "test")) { event, _ in
                if event == .playbackStateChanged(.stopped) { stopped.withLock { $0 = true } }
            }
            player.setVolume(volume)
            player.setQueue(MediaItemCollection(items: songs))
            player.play()
            _ = Fixtures.waitUntil(seconds: 10) { stopped.withLock({ $0 }) }
            Thread.sleep(forTimeInterval: 0.3)
        }
        let heard = Sound(samples: try recording.stop())
        let spans = heard.loudSpans()
        #expect(spans.count == 2, "\(spans)")
        guard spans.count == 2 else { return }
        let peaks = spans.map { span in (span.start..<span.end).map { abs(Int(heard.samples[$0 * 2])) }.max() ?? 0 }
        let ratio = Double(peaks[1]) / Double(max(1, peaks[0]))
        #expect(abs(ratio - 0.5) < 0.05, "peaks \(peaks)")
        #expect(player.volume == 0.5)
    }
}

extension Sound {
    /// The strength of `frequency` (Hz) in the left channel over frames `range`, relative to the signal's whole
    /// power there (about 1 for a pure tone at that frequency, near 0 when it is absent): a Goertzel filter.
    func share(of frequency: Double, in range: Range<Int>) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / 44_100)
        var previous = 0.0, beforePrevious = 0.0, total = 0.0
        for frame in range {
            let sample = Double(samples[frame * 2]) / 32_768
            total += sample * sample
            let value = sample + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = value
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        guard total > 0 else { return 0 }
        return 2 * power / (Double(range.count) * total)
    }
}
