import AddMusicCore
import AudioEngine
import Foundation
import MediaModel
import Testing

@testable import MusicPlayer

/// Crossfade (B-P9): tracks of different albums overlap for the chosen time with equal-power curves, tracks that
/// follow each other on an album still join sample-exact. Heard through the engine into a WAV file.
@Suite struct CrossfadeTests {
    @Test func twoTracksWithAThreeSecondCrossfadeOverlapForThreeSecondsBothHeardTogether() throws {
        let fixtures = try Fixtures()
        let low = try fixtures.tone("low.flac", frequency: 440, seconds: 5, extraArguments: ["-ac", "2"])
        let high = try fixtures.tone("high.flac", frequency: 1_000, seconds: 5, extraArguments: ["-ac", "2"])
        let heard = try play([EngineTrack(path: low), EngineTrack(path: high)], crossfade: 3, fixtures: fixtures)
        #expect(heard.events == [.started(0), .started(1), .finished(1)])
        #expect(heard.frames == 7 * 44_100, "\(heard.frames) frames: the sum of the two less the fade")
        // Alone before the fade, together in its middle, the second alone after it.
        let before = heard.strengths(from: 0.5, to: 1.5)
        let during = heard.strengths(from: 3.0, to: 4.0)
        let after = heard.strengths(from: 5.5, to: 6.5)
        let level = before.low
        #expect(level > 0.05 && before.high < level / 100, "\(before)")
        #expect(during.low > level / 4 && during.high > level / 4, "\(during)")
        #expect(after.low < level / 100 && abs(after.high - level) < level / 20, "\(after)")
        // Equal power: in the fade's middle each is heard at about 1/√2 of its level.
        let middle = heard.strengths(from: 3.45, to: 3.55)
        #expect(abs(middle.low / level - 0.707) < 0.05 && abs(middle.high / level - 0.707) < 0.05, "\(middle)")
        // Neither fade steps: no jump between samples beyond what the two tones make together.
        let peak = Double(heard.samples.map { abs(Int($0)) }.max() ?? 0)
        #expect(Double(heard.largestStep) <= peak * 2 * Double.pi * (440 + 1_000) / 44_100 + 8)
    }

    @Test func consecutiveSongsOfOneAlbumJoinSampleExactWithCrossfadeOn() throws {
        let fixtures = try Fixtures()
        let (whole, paths) = try albumHalves(fixtures)
        let parts = paths.map { path in
            var track = EngineTrack(path: path)
            track.crossfades = false
            return track
        }
        let heard = try play(parts, crossfade: 3, fixtures: fixtures)
        #expect(heard.events == [.started(0), .started(1), .finished(1)])
        #expect(heard.samples == (try WAVSamples(path: whole)).samples)
    }

    @Test func aTrackShorterThanTheFadeFadesWholeAndTheOneBeforeFadesOutAlone() throws {
        let fixtures = try Fixtures()
        let long = try fixtures.tone("long.flac", frequency: 440, seconds: 4, extraArguments: ["-ac", "2"])
        let short = try fixtures.tone("short.flac", frequency: 1_000, seconds: 1, extraArguments: ["-ac", "2"])
        let heard = try play([EngineTrack(path: long), EngineTrack(path: short)], crossfade: 3, fixtures: fixtures)
        #expect(heard.events == [.started(0), .started(1), .finished(1)])
        // The first track's last 3 s are all kept, faded out to silence; the short one lies in the fade's first second.
        #expect(heard.frames == 4 * 44_100, "\(heard.frames)")
        let end = heard.samples.suffix(200).map { abs(Int($0)) }.max() ?? 0
        #expect(end < 400, "the end is faded out: \(end)")
    }

    // MARK: Helpers

    private func play(_ tracks: [EngineTrack], crossfade: Double, fixtures: Fixtures) throws -> Heard {
        let path = fixtures.root + "/heard-\(UUID().uuidString).wav"
        let events = Locked([PlaybackEngine.Event]())
        let list = try TrackList(output: WAVFileOutput(path: path), events: DispatchQueue(label: "test.crossfade")) {
            event in events.withLock { $0.append(event) }
        }
        list.engine.setCrossfade(crossfade)
        list.play(tracks)
        _ = Fixtures.waitUntil(seconds: 30) { events.withLock({ $0.contains(where: \.isFinished) }) }
        list.shutDown()
        return Heard(samples: try WAVSamples(path: path).samples, events: events.withLock { $0 })
    }

    struct Heard {
        var samples: [Int16]
        var events: [PlaybackEngine.Event]
        var frames: Int { samples.count / 2 }

        /// How strongly 440 Hz and 1 kHz sound between two times on the left channel (amplitude, full scale 1).
        func strengths(from start: Double, to end: Double) -> (low: Double, high: Double) {
            let range = Int(start * 44_100)..<min(frames, Int(end * 44_100))
            return (amplitude(of: 440, in: range), amplitude(of: 1_000, in: range))
        }

        /// The largest difference between two samples in a row on the left channel.
        var largestStep: Int {
            stride(from: 2, to: samples.count, by: 2).map { abs(Int(samples[$0]) - Int(samples[$0 - 2])) }.max() ?? 0
        }

        private func amplitude(of frequency: Double, in frames: Range<Int>) -> Double {
            toneAmplitude(of: frequency, in: frames, of: samples)
        }
    }
}

/// A 4 s 440 Hz stereo tone (a WAV file) and its two halves as FLAC, tracks 1 and 2 of the album "One": cut at a
/// sample, they join back into the whole.
func albumHalves(_ fixtures: Fixtures) throws -> (whole: String, halves: [String]) {
    let whole = try fixtures.tone("whole.wav", frequency: 440, seconds: 4, extraArguments: ["-ac", "2"])
    let halves = try (0..<2).map { part in
        let path = fixtures.music + "/part\(part).flac"
        try fixtures.ffmpeg([
            "-i", whole, "-af",
            "atrim=start_sample=\(part * 88_200):end_sample=\((part + 1) * 88_200),asetpts=N/SR/TB",
            "-metadata", "album=One", "-metadata", "track=\(part + 1)", path,
        ])
        return path
    }
    return (whole, halves)
}

/// The amplitude (full scale 1) of `frequency` in `frames` of the left channel of 44.1 kHz stereo `samples`: a
/// single-bin discrete Fourier transform.
func toneAmplitude(of frequency: Double, in frames: Range<Int>, of samples: [Int16]) -> Double {
    var real = 0.0
    var imaginary = 0.0
    for frame in frames {
        let angle = 2 * Double.pi * frequency * Double(frame) / 44_100
        let value = Double(samples[frame * 2]) / 32_768
        real += value * cos(angle)
        imaginary -= value * sin(angle)
    }
    return 2 * (real * real + imaginary * imaginary).squareRoot() / Double(max(1, frames.count))
}

/// Which borders fade: every one but to the next song of the same album (or the same song again).
@Suite struct CrossfadeBorderTests {
    private func song(_ id: Int64, album: String?, track: Int?, disc: Int? = nil) -> MediaItem {
        var item = MediaItem(id: id, path: LibraryPath("/music/\(id).flac"), title: "Song \(id)")
        item.album = album
        item.albumArtist = "Clara"
        item.trackNumber = track
        item.discNumber = disc
        return item
    }

    @Test func onlyTheNextSongOfTheSameAlbumJoinsWithoutAFade() {
        let first = song(1, album: "One", track: 3)
        #expect(PlayOrder.joinsGaplessly(first, song(2, album: "One", track: 4)))
        #expect(!PlayOrder.joinsGaplessly(first, song(2, album: "One", track: 5)), "a song skipped over")
        #expect(!PlayOrder.joinsGaplessly(first, song(2, album: "One", track: 2)), "backwards (shuffled)")
        #expect(!PlayOrder.joinsGaplessly(first, song(2, album: "Two", track: 4)), "another album")
        #expect(
            PlayOrder.joinsGaplessly(song(1, album: "One", track: 9, disc: 1), song(2, album: "One", track: 1, disc: 2))
        )
        #expect(PlayOrder.joinsGaplessly(song(1, album: "One", track: nil), song(2, album: "One", track: nil)))
        #expect(!PlayOrder.joinsGaplessly(song(1, album: nil, track: 1), song(2, album: nil, track: 2)), "no album")
        #expect(PlayOrder.joinsGaplessly(first, first), "repeat one")
    }

    @Test func theCrossfadeIsSavedAsItsOwnLineClampedAndNeverChosenIsNil() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        try "music-dir = /music\n".write(toFile: path, atomically: true, encoding: .utf8)
        var preferences = try Preferences(configPath: path, environment: [:])
        #expect(preferences.crossfade == nil)
        preferences.crossfade = 5
        try preferences.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("crossfade = 5"))
        #expect(try Preferences(configPath: path, environment: [:]).crossfade == 5)
        #expect(Preferences.crossfade("40") == 12 && Preferences.crossfade("nan") == 0)
        let refused = try Fixtures.run(
            Fixtures.addmusic, ["play", "/nonexistent.flac", "--crossfade", "fast", "--output", "null:fast"],
            environment: fixtures.environment())
        #expect(refused.status != 0 && refused.errorOutput.contains("fast"), "\(refused)")
    }
}

/// Crossfade heard at a real audio server's null sink, and the music daemon's own set from the same preference.
@Suite(.serialized) struct CrossfadeAtTheSinkTests {
    /// How strongly 440 Hz and 1 kHz sound between two times into `span` (amplitude, full scale 1).
    static func strengths(of sound: Sound, in span: Sound.Span, from: Double, to: Double) -> (low: Double, high: Double)
    {
        let frames = (span.start + Int(from * 44_100))..<(span.start + Int(to * 44_100))
        return (
            toneAmplitude(of: 440, in: frames, of: sound.samples),
            toneAmplitude(of: 1_000, in: frames, of: sound.samples)
        )
    }

    /// Plays `files` with `addmusic play --crossfade SECONDS` at a null sink and returns what its monitor heard.
    private func heard(_ files: [String], crossfade: Int, fixtures: Fixtures) throws -> Sound? {
        guard let pulse = try PulseServer.start() else { return nil }
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play"] + files + ["--crossfade", String(crossfade)], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        return Sound(samples: try recording.stop())
    }

    @Test func songsOfTwoAlbumsOverlapForThreeSecondsAndTheLengthIsTheSumLessThree() throws {
        let fixtures = try Fixtures()
        let low = try fixtures.tone(
            "a/low.flac", frequency: 440, seconds: 5, tags: ["album": "A", "track": "1"], extraArguments: ["-ac", "2"])
        let high = try fixtures.tone(
            "b/high.flac", frequency: 1_000, seconds: 5, tags: ["album": "B", "track": "2"],
            extraArguments: ["-ac", "2"])
        guard let sound = try heard([low, high], crossfade: 3, fixtures: fixtures) else { return }
        let spans = sound.loudSpans()
        guard spans.count == 1, let span = spans.first else {
            Issue.record("one stretch of sound expected: \(spans)")
            return
        }
        #expect(abs(span.seconds - 7) < 0.05, "\(span)")
        func strengths(_ from: Double, _ to: Double) -> (low: Double, high: Double) {
            Self.strengths(of: sound, in: span, from: from, to: to)
        }
        let before = strengths(0.5, 1.5)
        let during = strengths(3, 4)
        let after = strengths(5.5, 6.5)
        #expect(before.high < before.low / 100, "\(before)")
        #expect(during.low > before.low / 4 && during.high > before.low / 4, "both heard in the fade: \(during)")
        #expect(after.low < after.high / 100, "\(after)")
    }

    @Test func consecutiveSongsOfOneAlbumJoinWithoutAGapWithCrossfadeOn() throws {
        let fixtures = try Fixtures()
        let (_, parts) = try albumHalves(fixtures)
        guard let sound = try heard(parts, crossfade: 3, fixtures: fixtures) else { return }
        let spans = sound.loudSpans()
        #expect(spans.count == 1 && abs((spans.first?.seconds ?? 0) - 4) < 0.05, "4 s, not 1 s less: \(spans)")
        // Sample-exact: no step between samples beyond the sine's own steepest, around the join (2 s in).
        if let span = spans.first, span.end > span.start + 3 * 44_100 {
            let frames = (span.start + 44_100)..<(span.start + 3 * 44_100)
            let steps = frames.map { abs(Int(sound.samples[$0 * 2]) - Int(sound.samples[($0 - 1) * 2])) }
            let peak = Double(frames.map { abs(Int(sound.samples[$0 * 2])) }.max() ?? 0)
            let largest = steps.max() ?? 0
            let at = 1 + Double(steps.firstIndex(of: largest) ?? 0) / 44_100
            #expect(Double(largest) <= peak * 2 * Double.pi * 440 / 44_100 + 4, "a step of \(largest) at \(at) s")
        }
    }

    @Test func aSkipWithCrossfadeOnFadesTheSongLeftIntoTheNextOverTheChosenTimeWithoutAStep() throws {
        let fixtures = try Fixtures()
        let low = try fixtures.tone("low.flac", frequency: 440, seconds: 10, extraArguments: ["-ac", "2"])
        let high = try fixtures.tone("high.flac", frequency: 1_000, seconds: 6, extraArguments: ["-ac", "2"])
        guard let sound = try skipHeard([EngineTrack(path: low), EngineTrack(path: high)], to: 1, after: 2)
        else { return }
        let spans = sound.loudSpans()
        guard spans.count == 1, let span = spans.first else {
            Issue.record("one stretch of sound expected: \(spans)")
            return
        }
        // About 2 s of the first song, then the second's 6 s, the first fading out over its first 3 s.
        #expect(span.seconds > 7.9 && span.seconds < 8.5, "\(span)")
        let skipped = Double(span.end - span.start) / 44_100 - 6
        func strengths(_ from: Double, _ to: Double) -> (low: Double, high: Double) {
            Self.strengths(of: sound, in: span, from: from, to: to)
        }
        let before = strengths(0.5, 1.5)
        let during = strengths(skipped + 1.2, skipped + 1.8)
        let after = strengths(skipped + 3.5, skipped + 5.5)
        #expect(before.high < before.low / 100, "\(before)")
        #expect(during.low > before.low / 4 && during.high > before.low / 4, "both heard in the fade: \(during)")
        #expect(after.low < after.high / 100, "the first song is gone after 3 s: \(after)")
        expectNoStep(in: sound, span, skipped: skipped)
    }

    @Test func aSkipNearTheSongsEndFadesOverWhatIsLeftOfItWithoutAStep() throws {
        // 4.03 s: the tone stops mid-wave (at a whole number of its waves it would stop at zero, step or not). The
        // song after it joins it without a fade (as one album's do), so the skip at 2.8 s is not inside a fade.
        let fixtures = try Fixtures()
        let low = try fixtures.tone("low.flac", frequency: 440, seconds: 4.03, extraArguments: ["-ac", "2"])
        let joined = try fixtures.tone("joined.flac", frequency: 440, seconds: 2, extraArguments: ["-ac", "2"])
        let high = try fixtures.tone("high.flac", frequency: 1_000, seconds: 6, extraArguments: ["-ac", "2"])
        var gapless = EngineTrack(path: joined)
        gapless.crossfades = false
        guard let sound = try skipHeard([EngineTrack(path: low), gapless, EngineTrack(path: high)], to: 2, after: 2.8)
        else { return }
        let spans = sound.loudSpans()
        guard spans.count == 1, let span = spans.first else {
            Issue.record("one stretch of sound expected: \(spans)")
            return
        }
        let skipped = Double(span.end - span.start) / 44_100 - 6
        #expect(skipped > 2.6 && skipped < 3.5, "\(span)")
        let during = Self.strengths(of: sound, in: span, from: skipped + 0.2, to: skipped + 0.6)
        #expect(during.low > 0.01 && during.high > 0.01, "both heard in the fade: \(during)")
        // The fade lasts the 1.2 s left of the first song: it has faded out by its own end, with no step there
        // (a fade planned for 3 s would stop it at four fifths of its level).
        expectNoStep(in: sound, span, skipped: skipped)
    }

    /// Plays `tracks` with a 3 s crossfade at a null sink and, once `after` seconds of the first are heard, skips
    /// to track `index`; what the sink's monitor heard (nil without an audio server).
    private func skipHeard(_ tracks: [EngineTrack], to index: Int, after: Double) throws -> Sound? {
        guard let pulse = try PulseServer.start() else { return nil }
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let finished = Locked(false)
        let list = try TrackList(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test.skip")) {
            event in if event.isFinished { finished.withLock { $0 = true } }
        }
        list.engine.setCrossfade(3)
        list.play(tracks)
        _ = Fixtures.waitUntil(seconds: 10) { (list.position?.time ?? 0) > after && list.position?.index == 0 }
        list.skip(to: index)
        _ = Fixtures.waitUntil(seconds: 30) { finished.withLock { $0 } }
        Thread.sleep(forTimeInterval: 0.3)
        list.shutDown()
        return Sound(samples: try recording.stop())
    }

    /// No click at the skip or anywhere in `span`: no step between samples beyond what the two tones make together.
    private func expectNoStep(in sound: Sound, _ span: Sound.Span, skipped: Double) {
        let frames = (span.start + 2_205)..<(span.end - 2_205)
        let peak = Double(frames.map { abs(Int(sound.samples[$0 * 2])) }.max() ?? 0)
        let steps = frames.map { abs(Int(sound.samples[$0 * 2]) - Int(sound.samples[($0 - 1) * 2])) }
        let largest = steps.max() ?? 0
        let at = 0.05 + Double(steps.firstIndex(of: largest) ?? 0) / 44_100
        #expect(
            Double(largest) <= peak * 2 * Double.pi * (440 + 1_000) / 44_100 + 8,
            "a step of \(largest) at \(at) s (the skip at \(skipped) s)")
    }

    @Test func onTheSystemPlayerTheDaemonsCrossfadeIsSet() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("song.flac")
        guard let server = try MPDServer.start(music: fixtures.music) else { return }
        let player = SystemMusicPlayer(address: server.address)
        defer { player.shutDown() }
        for seconds in [3, 0] {
            player.setCrossfade(Double(seconds))
            player.settle()
            let crossfade = try server.mpc("crossfade")
            #expect(crossfade.contains("crossfade: \(seconds)"), "\(crossfade)")
        }
    }
}
