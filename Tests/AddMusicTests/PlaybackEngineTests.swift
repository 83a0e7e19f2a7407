import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The engine plays what it decodes, joins tracks without gaps, lands seeks where asked, and skips what it
/// cannot play (B-F1). Heard here through a WAV-file output; the audio server's turn comes with its output.
@Suite struct PlaybackEngineTests {
    @Test func aToneIsPlayedWithItsFrequencyAndLength() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("a440.flac", frequency: 440, seconds: 2, extraArguments: ["-ac", "2"])
        let heard = try play([EngineTrack(path: file)], fixtures: fixtures)
        #expect(heard.events == [.started(0), .finished(0)])
        #expect(heard.frames == 88_200)
        #expect(abs(heard.frequency(channel: 0) - 440) < 2)
        #expect(abs(heard.frequency(channel: 1) - 440) < 2)
    }

    @Test func threeFLACPartsOfOneSinePlayBackAsTheWholeSampleForSample() throws {
        let fixtures = try Fixtures()
        let whole = try fixtures.tone("whole.wav", frequency: 440, seconds: 3, extraArguments: ["-ac", "2"])
        let parts = try split(whole, into: "flac", fixtures: fixtures)
        let heard = try play(parts.map { EngineTrack(path: $0) }, fixtures: fixtures)
        #expect(heard.events == [.started(0), .started(1), .started(2), .finished(2)])
        let original = try WAVSamples(path: whole)
        #expect(heard.frames == original.frames)
        #expect(heard.samples == original.samples)  // lossless: not one sample lost, added or changed
    }

    /// The decoder writes into the ring's slots; a block bigger than a slot (FLAC's largest, 65,535 frames, four
    /// times a slot's room in stereo) goes through its overflow and still arrives whole, in order, across the slots.
    @Test func blocksBiggerThanARingSlotArriveSampleForSample() throws {
        let fixtures = try Fixtures()
        let whole = fixtures.music + "/noise.wav"
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.5:sample_rate=44100:duration=4:seed=3", "-ac", "2",
            whole,
        ])
        let big = fixtures.music + "/big-blocks.flac"
        try fixtures.ffmpeg(["-i", whole, "-frame_size", "65535", big])
        let small = fixtures.music + "/small-blocks.flac"
        try fixtures.ffmpeg(["-i", whole, "-frame_size", "1152", small])
        let heard = try play([EngineTrack(path: small), EngineTrack(path: big)], fixtures: fixtures)
        #expect(heard.events == [.started(0), .started(1), .finished(1)])
        let original = try WAVSamples(path: whole)
        #expect(heard.frames == 2 * original.frames)
        #expect(heard.samples == original.samples + original.samples)
    }

    @Test func threeMP3PartsOfOneSineJoinWithoutAGapOrAClick() throws {
        let fixtures = try Fixtures()
        let whole = try fixtures.tone("whole.wav", frequency: 440, seconds: 3, extraArguments: ["-ac", "2"])
        let parts = try split(whole, into: "mp3", fixtures: fixtures)
        let heard = try play(parts.map { EngineTrack(path: $0) }, fixtures: fixtures)
        // The encoder's delay and padding are trimmed: the length is the original's.
        #expect(abs(heard.frames - 132_300) <= 1, "\(heard.frames) frames")
        // No step at the joins larger than a 440 Hz sine's steepest slope allows (plus coding noise).
        let amplitude = Double(heard.samples.map { abs(Int($0)) }.max() ?? 0)
        let steepest = amplitude * 2 * Double.pi * 440 / 44_100
        for join in [44_100, 88_200] {
            for frame in (join - 64)..<(join + 64) {
                let step = abs(Int(heard.samples[frame * 2]) - Int(heard.samples[(frame - 1) * 2]))
                #expect(Double(step) < steepest * 1.5 + 300, "step \(step) at frame \(frame)")
            }
        }
    }

    @Test func playingFromATimeStartsThereToTheSample() throws {
        let fixtures = try Fixtures()
        // 440 Hz for the first second, 880 Hz for the second.
        let file = fixtures.music + "/two-tones.flac"
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i",
            "aevalsrc=0.5*sin(2*PI*if(lt(t\\,1)\\,440\\,880)*t)|0.5*sin(2*PI*if(lt(t\\,1)\\,440\\,880)*t):s=44100:d=2",
            file,
        ])
        let heard = try play([EngineTrack(path: file)], at: 1.25, fixtures: fixtures)
        #expect(abs(heard.frames - 33_075) <= 1, "\(heard.frames) frames")
        #expect(abs(heard.frequency(channel: 0) - 880) < 3)
    }

    @Test func aMissingOrBrokenFileIsSkippedWithAnEventThatNamesIt() throws {
        let fixtures = try Fixtures()
        let good = try fixtures.tone("good.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let broken = try fixtures.file("broken.mp3", bytes: Array("not audio".utf8))
        let tracks = [
            EngineTrack(path: fixtures.music + "/gone.flac"), EngineTrack(path: broken), EngineTrack(path: good),
        ]
        let heard = try play(tracks, fixtures: fixtures)
        #expect(heard.events.count == 4, "\(heard.events)")
        if case .failed(0, let message) = heard.events.first {
            #expect(message.contains("No such file"))
        } else {
            Issue.record("expected the missing file to be reported: \(heard.events)")
        }
        if case .failed(1, _) = heard.events[1] {} else { Issue.record("expected the broken file to be reported") }
        #expect(Array(heard.events.suffix(2)) == [.started(2), .finished(2)])
        #expect(heard.frames == 22_050)
    }

    @Test func pauseHoldsThePositionAndResumePlaysOn() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("long.flac", seconds: 5, extraArguments: ["-ac", "2"])
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: NullOutput(clocked: true), events: DispatchQueue(label: "test.engine")) {
            event in events.withLock { $0.append(event) }
        }
        defer { engine.shutDown() }
        engine.play([EngineTrack(path: file)])
        Thread.sleep(forTimeInterval: 0.6)
        engine.pause()
        Thread.sleep(forTimeInterval: 0.3)
        let paused = try #require(engine.position)
        Thread.sleep(forTimeInterval: 0.5)
        let stillPaused = try #require(engine.position)
        #expect(abs(stillPaused.time - paused.time) < 0.02, "\(paused.time) → \(stillPaused.time)")
        #expect(paused.time > 0.2)
        engine.resume()
        Thread.sleep(forTimeInterval: 0.6)
        let resumed = try #require(engine.position)
        #expect(resumed.time > stillPaused.time + 0.3, "\(stillPaused.time) → \(resumed.time)")
    }

    // MARK: Helpers

    /// What reached the WAV output, and the events on the way.
    struct Heard {
        var samples: [Int16]
        var events: [PlaybackEngine.Event]
        var frames: Int { samples.count / 2 }

        /// The tone's frequency on `channel`, from the rate of upward zero crossings.
        func frequency(channel: Int) -> Double {
            var crossings = 0
            var first: Int?
            var last = 0
            for frame in 1..<frames where samples[(frame - 1) * 2 + channel] < 0 && samples[frame * 2 + channel] >= 0 {
                crossings += 1
                if first == nil { first = frame }
                last = frame
            }
            guard let first, crossings > 1 else { return 0 }
            return Double(crossings - 1) * 44_100 / Double(last - first)
        }
    }

    private func play(_ tracks: [EngineTrack], at time: Double = 0, fixtures: Fixtures) throws -> Heard {
        let path = fixtures.root + "/heard-\(UUID().uuidString).wav"
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: WAVFileOutput(path: path), events: DispatchQueue(label: "test.engine")) {
            event in events.withLock { $0.append(event) }
        }
        engine.play(tracks, from: 0, at: time)
        _ = Fixtures.waitUntil(seconds: 30) { events.withLock({ $0.contains(where: \.isFinished) }) }
        engine.shutDown()
        return Heard(samples: try WAVSamples(path: path).samples, events: events.withLock { $0 })
    }

    /// Cuts a WAV into three parts at whole seconds (by sample count) and encodes each as `format`.
    private func split(_ whole: String, into format: String, fixtures: Fixtures) throws -> [String] {
        try (0..<3).map { part in
            let path = fixtures.music + "/part\(part).\(format)"
            try fixtures.ffmpeg([
                "-i", whole, "-af",
                "atrim=start_sample=\(part * 44_100):end_sample=\((part + 1) * 44_100),asetpts=N/SR/TB", path,
            ])
            return path
        }
    }
}

/// The samples of a 16-bit PCM WAV file (its "data" chunk).
struct WAVSamples {
    var samples: [Int16]
    var frames: Int { samples.count / 2 }

    init(path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(
                    bytes[offset + 7]) << 24
            if id == "data" {
                let end = min(bytes.count, offset + 8 + size)
                samples = stride(from: offset + 8, to: end - 1, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
                return
            }
            offset += 8 + size + (size & 1)
        }
        throw FixtureError(message: "no data chunk in \(path)")
    }
}

/// Songs appended after the decoder has reached the end of the queue still play.
@Suite struct EngineAppendTests {
    @Test func itemsAppendedAfterTheLastOneWasDecodedStillPlay() throws {
        let fixtures = try Fixtures()
        let first = try fixtures.tone("first.flac", seconds: 1, extraArguments: ["-ac", "2"])
        let second = try fixtures.tone("second.flac", frequency: 660, seconds: 0.5, extraArguments: ["-ac", "2"])
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: NullOutput(clocked: true), events: DispatchQueue(label: "test")) {
            event in events.withLock { $0.append(event) }
        }
        defer { engine.shutDown() }
        engine.play([EngineTrack(path: first)])
        Thread.sleep(forTimeInterval: 0.4)  // one second decodes into the ring long before it is played
        engine.append([EngineTrack(path: second)])
        _ = Fixtures.waitUntil(seconds: 10) { events.withLock({ $0.contains(where: \.isFinished) }) }
        #expect(events.withLock { $0 } == [.started(0), .started(1), .finished(1)])
    }
}
