import AddMusicCore
import AudioEngine
import Foundation
import MediaModel
import Testing

/// Songs reach the audio server in their own format (B-P5): a 24-bit 96 kHz FLAC arrives at a 96 kHz sink bit for
/// bit, songs of one format join sample-exactly in one stream (as does a narrower song after a wider one of its rate
/// and channels), a format change re-opens it, multichannel songs keep their channel map; what the server does not
/// take falls back, said once, and a reduction is dithered.
@Suite(.serialized) struct NativeFormatTests {
    @Test func a24Bit96kHzFLACIsHeardAtA96kHzSinkBitForBitAndItsPartsJoinSampleExactly() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let whole = try hiResNoise(fixtures, name: "whole.flac", seconds: 1.5)
        let parts = try split(whole, at: [0, 48_000, 144_000], fixtures: fixtures)
        let reference = try decodedS24(whole, fixtures: fixtures)
        try pactl(
            pulse, "load-module", "module-null-sink", "sink_name=hifi", "rate=96000", "format=s24le", "channels=2")
        let recording = try RawRecording(pulse: pulse, sink: "hifi", rate: 96_000, format: "s24le", channels: 2)
        Thread.sleep(forTimeInterval: 2)
        let events = try play(
            parts.map { EngineTrack(path: $0) }, on: PulseOutput(server: pulse.server, device: "hifi"))
        Thread.sleep(forTimeInterval: 0.3)
        let heard = try recording.stopS24()
        #expect(events == [.started(0), .started(1), .finished(1)])
        let mismatches = try #require(Self.mismatches(of: reference, in: heard), "the song was not heard as it is")
        #expect(mismatches == 0, "\(mismatches) of \(reference.count) samples differ")
    }

    @Test func aFormatChangeBetweenSongsReopensTheStreamAndTheNextSongStillArrivesBitForBit() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let cd = try fixtures.tone("cd.flac", frequency: 440, seconds: 0.5, extraArguments: ["-ac", "2"])
        let hiRes = try hiResNoise(fixtures, name: "hires.flac", seconds: 1)
        let reference = try decodedS24(hiRes, fixtures: fixtures)
        try pactl(
            pulse, "load-module", "module-null-sink", "sink_name=hifi", "rate=96000", "format=s24le", "channels=2")
        let recording = try RawRecording(pulse: pulse, sink: "hifi", rate: 96_000, format: "s24le", channels: 2)
        Thread.sleep(forTimeInterval: 2)
        let events = try play(
            [EngineTrack(path: cd), EngineTrack(path: hiRes)], on: PulseOutput(server: pulse.server, device: "hifi"))
        Thread.sleep(forTimeInterval: 0.3)
        let heard = try recording.stopS24()
        #expect(events == [.started(0), .started(1), .finished(1)])
        let mismatches = try #require(
            Self.mismatches(of: reference, in: heard), "the 96 kHz song was not heard as it is")
        #expect(mismatches == 0, "\(mismatches) of \(reference.count) samples differ")
        // The 44.1 kHz song played before it, resampled by the server: about half a second of sound.
        let start = try #require(Self.offset(of: reference, in: heard))
        let before = heard[..<start]
        let loud = stride(from: 0, to: before.count, by: 2).filter { abs(before[before.startIndex + $0]) > 80_000 }
        #expect(loud.count > 40_000, "\(loud.count) loud frames before the 96 kHz song")
    }

    @Test func aNarrowerSongAfterAWiderOneOfTheSameRateJoinsItsStreamSampleExactly() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let wide = try hiResNoise(fixtures, name: "wide.flac", seconds: 0.75)
        let narrow = fixtures.music + "/narrow.flac"
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i", "anoisesrc=color=white:amplitude=0.3:sample_rate=96000:duration=0.75:seed=11",
            "-ac", "2", "-sample_fmt", "s16", narrow,
        ])
        // The 16-bit song's samples as 24-bit values follow the 24-bit song's, with nothing between.
        let reference = try decodedS24(wide, fixtures: fixtures) + decodedS24(narrow, fixtures: fixtures)
        try pactl(
            pulse, "load-module", "module-null-sink", "sink_name=hifi", "rate=96000", "format=s24le", "channels=2")
        let recording = try RawRecording(pulse: pulse, sink: "hifi", rate: 96_000, format: "s24le", channels: 2)
        Thread.sleep(forTimeInterval: 2)
        let events = try play(
            [EngineTrack(path: wide), EngineTrack(path: narrow)],
            on: PulseOutput(server: pulse.server, device: "hifi"))
        Thread.sleep(forTimeInterval: 0.3)
        let heard = try recording.stopS24()
        #expect(events == [.started(0), .started(1), .finished(1)])
        let mismatches = try #require(Self.mismatches(of: reference, in: heard), "the songs were not heard as they are")
        #expect(mismatches == 0, "\(mismatches) of \(reference.count) samples differ")
    }

    @Test func a51SongKeepsItsChannelMapAtA51Sink() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        let file = fixtures.music + "/surround.flac"
        // Each channel noise of its own at a level of its own, so a channel played in another's place shows.
        let levels = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
        let expression = levels.enumerated().map { "\($0.element)*(2*random(\($0.offset))-1)" }
            .joined(separator: "|")
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=\(expression):s=48000:d=1:c=5.1(side)", "-sample_fmt", "s16", file,
        ])
        let reference = try decodedS16(file, fixtures: fixtures)
        let map = "front-left,front-right,front-center,lfe,side-left,side-right"
        try pactl(
            pulse, "load-module", "module-null-sink", "sink_name=surround", "rate=48000", "format=s16le", "channels=6",
            "channel_map=\(map)")
        let recording = try RawRecording(
            pulse: pulse, sink: "surround", rate: 48_000, format: "s16le", channels: 6, channelMap: map)
        Thread.sleep(forTimeInterval: 2)
        let events = try play([EngineTrack(path: file)], on: PulseOutput(server: pulse.server, device: "surround"))
        Thread.sleep(forTimeInterval: 0.3)
        let heard = try recording.stopS16()
        #expect(events == [.started(0), .finished(0)])
        let mismatches = try #require(
            Self.mismatches(of: reference, in: heard, channels: 6), "the six channels were not heard in place")
        #expect(mismatches == 0, "\(mismatches) of \(reference.count) samples differ")
    }

    @Test func aRateTheServerDoesNotTakeFallsBackSaidOnceAndStillPlays() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        // libpulse takes at most 384 kHz.
        let file = fixtures.music + "/fast.wav"
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=1000:duration=0.5:sample_rate=400000", "-ac", "2", file,
        ])
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        let events = try play(
            [EngineTrack(path: file), EngineTrack(path: file)], on: PulseOutput(server: pulse.server))
        Thread.sleep(forTimeInterval: 0.3)
        let heard = Sound(samples: try recording.stop())
        let wanted = PCMFormat(sampleRate: 400_000, channels: 2, sampleFormat: .s16)
        let used = PCMFormat(sampleRate: 384_000, channels: 2, sampleFormat: .s16)
        #expect(
            events == [
                .formatFallback(wanted: wanted, used: used), .started(0), .started(1), .finished(1),
            ])
        let spans = heard.loudSpans()
        #expect(spans.count == 1 && abs((spans.first?.seconds ?? 0) - 1) < 0.05, "\(spans)")
        // At its own speed: a rate declared wrong by the fallback would be 4 % off (400 against 384 kHz); PipeWire's
        // resampler, bringing 384 kHz down to the graph's 44.1 kHz, lands within about 0.6 %.
        if let span = spans.first { #expect(abs(heard.frequency(in: span) - 1000) < 10) }
    }

    @Test func aSinkThatVanishesWhileAFormatChangeReopensTheStreamPausesTheMusic() throws {
        // The sink goes just before, during and just after the re-opening at the end of the first song.
        for delay in [0.85, 1.0, 1.15] {
            guard let pulse = try PulseServer.start() else { return }
            let fixtures = try Fixtures()
            let cd = try fixtures.tone("cd.flac", frequency: 440, seconds: 1, extraArguments: ["-ac", "2"])
            let hiRes = try hiResNoise(fixtures, name: "hires.flac", seconds: 2)
            let module = try pactl(pulse, "load-module", "module-null-sink", "sink_name=headphones")
            let speaker = try pulse.record()
            Thread.sleep(forTimeInterval: 2)
            let events = Locked([PlaybackEngine.Event]())
            let engine = try TrackList(
                output: PulseOutput(server: pulse.server, device: "headphones"), events: DispatchQueue(label: "test")
            ) { event in events.withLock { $0.append(event) } }
            engine.play([EngineTrack(path: cd), EngineTrack(path: hiRes)])
            _ = Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.started(0)) } }
            Thread.sleep(forTimeInterval: delay)
            try pactl(pulse, "unload-module", module)
            _ = Fixtures.waitUntil(seconds: 5) { events.withLock { $0.contains(.deviceUnavailable) } }
            Thread.sleep(forTimeInterval: 1)
            let whilePaused = Sound(samples: try speaker.stop())
            let lost = events.withLock { $0 }
            #expect(lost.filter { $0 == .deviceUnavailable }.count == 1, "at \(delay) s: \(lost)")
            #expect(!lost.contains { if case .outputFailed = $0 { true } else { false } }, "at \(delay) s: \(lost)")
            // Nothing moved to the speaker while paused.
            #expect(whilePaused.loudSpans().isEmpty, "at \(delay) s: \(whilePaused.loudSpans())")
            // Resumed, the music plays on elsewhere to its end.
            engine.resume()
            let finished = Fixtures.waitUntil(seconds: 10) { events.withLock { $0.contains(where: \.isFinished) } }
            #expect(finished, "at \(delay) s: \(events.withLock { $0 })")
            engine.shutDown()
        }
    }

    @Test func aFormatThatChangesPartWayIsConvertedToTheOneTheSongBeganWith() throws {
        let fixtures = try Fixtures()
        let first = fixtures.root + "/first.mp3"
        let second = fixtures.root + "/second.mp3"
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1:sample_rate=44100", "-ac", "2", first])
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=660:duration=1:sample_rate=48000", "-ac", "2", second,
        ])
        let joined = fixtures.music + "/joined.mp3"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first)) + Data(contentsOf: URL(fileURLWithPath: second))
        try bytes.write(to: URL(fileURLWithPath: joined))
        let path = fixtures.root + "/heard.wav"
        let events = try play([EngineTrack(path: joined)], on: WAVFileOutput(path: path))
        let heard = try WAVSamples(path: path)
        #expect(events == [.started(0), .finished(0)])
        // One rate for the whole file, whichever the decoder opened with; both tones at their pitch in it, and both
        // seconds there (the second part's encoder delay and header frame are not trimmed part-way).
        let rate = try Self.wavRate(path)
        #expect(rate == 44_100 || rate == 48_000, "\(rate) Hz")
        let oneSecond = Int(rate)
        #expect(abs(heard.frames - 2 * oneSecond) < oneSecond / 10, "\(heard.frames) frames at \(rate) Hz")
        let left = stride(from: 0, to: heard.samples.count, by: 2).map { heard.samples[$0] }
        #expect(abs(Self.frequency(left[(oneSecond / 10)..<(oneSecond * 9 / 10)], rate: rate) - 440) < 3)
        #expect(abs(Self.frequency(left[(oneSecond * 6 / 5)..<(left.count - oneSecond / 10)], rate: rate) - 660) < 3)
    }

    @Test func aReductionTo16BitsIsDitheredNotTruncated() throws {
        let fixtures = try Fixtures()
        let file = try hiResNoise(fixtures, name: "hires.flac", seconds: 0.5)
        let reference = try decodedS24(file, fixtures: fixtures)
        let path = fixtures.root + "/heard.wav"
        // A WAV file holds 16 bits: every sample within one step of the 24-bit original, the error centred on zero.
        let events = try play([EngineTrack(path: file)], on: WAVFileOutput(path: path))
        let heard = try WAVSamples(path: path).samples
        #expect(events == [.started(0), .finished(0)])
        #expect(heard.count == reference.count)
        let errors = zip(heard, reference).map { Double($0) - Double($1) / 256 }
        #expect(errors.allSatisfy { abs($0) < 1.5 })
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(abs(mean) < 0.02, "mean error \(mean) steps")
        // Truncation would err always the same way for a sample; dither spreads it over both sides.
        let spread = errors.map { $0 > 0.5 ? 1 : $0 < -0.5 ? -1 : 0 }
        #expect(spread.contains(1) && spread.contains(-1) && spread.contains(0))
    }

    @Test func theFixedFormatPlaysA96kHzSongAs16BitStereoAt44kHz() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone(
            "tone.flac", frequency: 1000, seconds: 1, extraArguments: ["-ar", "96000", "-ac", "2"])
        let path = fixtures.root + "/heard.wav"
        let events = try play([EngineTrack(path: file)], on: WAVFileOutput(path: path), outputFormat: .fixed)
        #expect(events == [.started(0), .finished(0)])
        #expect(try Self.wavRate(path) == 44_100)
        let heard = try WAVSamples(path: path)
        #expect(abs(heard.frames - 44_100) <= 2, "\(heard.frames) frames")
        let left = stride(from: 0, to: heard.samples.count, by: 2).map { heard.samples[$0] }
        #expect(abs(Self.frequency(left[...], rate: 44_100) - 1000) < 3)
    }

    @Test func theOutputFormatPreferenceIsReadNativeByDefaultAndSavedOnlyWhenChanged() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        try Data("player = app\n".utf8).write(to: URL(fileURLWithPath: path))
        var preferences = try Preferences(configPath: path, environment: [:])
        #expect(preferences.outputFormat == .native)
        try preferences.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "player = app\n")
        preferences.outputFormat = .fixed
        try preferences.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "player = app\noutput-format = fixed\n")
        #expect(try Preferences(configPath: path, environment: [:]).outputFormat == .fixed)
        try Data("output-format = 24bit\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Preferences(configPath: path, environment: [:]).outputFormat == .native)
    }

    // MARK: Helpers

    /// White noise at half scale, 24-bit stereo at 96 kHz, as FLAC: every sample differs, so a recording lines up
    /// with it at one place only.
    private func hiResNoise(_ fixtures: Fixtures, name: String, seconds: Double) throws -> String {
        let path = fixtures.music + "/" + name
        try fixtures.ffmpeg([
            "-f", "lavfi", "-i", "anoisesrc=color=white:amplitude=0.5:sample_rate=96000:duration=\(seconds):seed=7",
            "-ac", "2", "-sample_fmt", "s32", "-bits_per_raw_sample", "24", path,
        ])
        return path
    }

    /// Cuts `file` at the frames `starts` (the last part runs to the end) into FLAC parts of the same format.
    private func split(_ file: String, at starts: [Int], fixtures: Fixtures) throws -> [String] {
        try starts.indices.dropLast().map { part in
            let path = fixtures.music + "/part\(part).flac"
            try fixtures.ffmpeg([
                "-i", file, "-af", "atrim=start_sample=\(starts[part]):end_sample=\(starts[part + 1]),asetpts=N/SR/TB",
                "-sample_fmt", "s32", "-bits_per_raw_sample", "24", path,
            ])
            return path
        }
    }

    /// The samples of `file` as FFmpeg decodes them, 24-bit values.
    private func decodedS24(_ file: String, fixtures: Fixtures) throws -> [Int32] {
        let raw = fixtures.root + "/reference-\(UUID().uuidString).raw"
        try fixtures.ffmpeg(["-i", file, "-f", "s32le", raw])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        return stride(from: 0, to: bytes.count - 3, by: 4).map {
            Int32(
                bitPattern: UInt32(bytes[$0]) | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2]) << 16
                    | UInt32(bytes[$0 + 3]) << 24) >> 8
        }
    }

    /// The samples of `file` as FFmpeg decodes them, 16-bit.
    private func decodedS16(_ file: String, fixtures: Fixtures) throws -> [Int32] {
        let raw = fixtures.root + "/reference-\(UUID().uuidString).raw"
        try fixtures.ffmpeg(["-i", file, "-f", "s16le", raw])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        return stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int32(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8))
        }
    }

    /// Plays `tracks` on `output` to the end; the events.
    private func play(
        _ tracks: [EngineTrack], on output: AudioOutput, outputFormat: OutputFormatChoice = .native
    ) throws -> [PlaybackEngine.Event] {
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(
            output: output, outputFormat: outputFormat, events: DispatchQueue(label: "test")
        ) { event in events.withLock { $0.append(event) } }
        engine.play(tracks)
        _ = Fixtures.waitUntil(seconds: 30) { events.withLock { $0.contains(where: \.isFinished) } }
        engine.shutDown()
        return events.withLock { $0 }
    }

    @discardableResult
    private func pactl(_ pulse: PulseServer, _ arguments: String...) throws -> String {
        let result = try Fixtures.run("/usr/bin/pactl", ["--server=\(pulse.server)"] + arguments)
        guard result.status == 0 else { throw FixtureError(message: "pactl \(arguments): \(result.errorOutput)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A null sink that rendered ahead loses the first milliseconds of a new stream (`paplay` loses them too):
    /// recordings are compared from this many frames in.
    static let settle = 4_800

    /// Where `reference` begins in `heard`, on a frame boundary, judged by 64 frames `settle` frames in.
    static func offset(of reference: [Int32], in heard: [Int32], channels: Int = 2) -> Int? {
        let skip = settle * channels
        guard reference.count > skip + 64 * channels else { return nil }
        let probe = Array(reference[skip..<(skip + 64 * channels)])
        guard heard.count >= probe.count else { return nil }
        return stride(from: 0, through: heard.count - probe.count, by: channels).first { start in
            heard[start] == probe[0] && Array(heard[start..<(start + probe.count)]) == probe
        }.map { $0 - skip }
    }

    /// How many samples of `reference`, from `settle` frames in to its end, differ in `heard` (a sample not
    /// recorded counts as differing); nil when it is not found.
    static func mismatches(of reference: [Int32], in heard: [Int32], channels: Int = 2) -> Int? {
        guard let start = offset(of: reference, in: heard, channels: channels) else { return nil }
        let skip = settle * channels
        let compared = heard[(start + skip)...].prefix(reference.count - skip)
        return zip(reference[skip...], compared).filter { $0 != $1 }.count + (reference.count - skip - compared.count)
    }

    /// The sample rate a WAV file's header names.
    static func wavRate(_ path: String) throws -> Double {
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(28))
        return Double(Int(header[24]) | Int(header[25]) << 8 | Int(header[26]) << 16 | Int(header[27]) << 24)
    }

    /// A tone's frequency from the rate of its upward zero crossings.
    static func frequency(_ samples: ArraySlice<Int16>, rate: Double) -> Double {
        var first: Int?
        var last = 0
        var crossings = 0
        for index in (samples.startIndex + 1)..<samples.endIndex where samples[index - 1] < 0 && samples[index] >= 0 {
            crossings += 1
            if first == nil { first = index }
            last = index
        }
        guard let first, crossings > 1 else { return 0 }
        return Double(crossings - 1) * rate / Double(last - first)
    }
}

/// A `parec` on a sink's monitor in a format of its choosing; `stop…()` ends it (by PID) and returns the samples.
final class RawRecording {
    private let process = Process()
    private let path: String

    init(pulse: PulseServer, sink: String, rate: Int, format: String, channels: Int, channelMap: String? = nil) throws {
        path = pulse.directory + "/recording-\(UUID().uuidString).raw"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = [
            "--server=\(pulse.server)", "--device=\(sink).monitor", "--raw", "--format=\(format)", "--rate=\(rate)",
            "--channels=\(channels)", "--latency-msec=\(pulse.recordingLatencyMilliseconds)",
        ]
        // Without a map, parec takes the default one for its channel count and the server remixes into it.
        if let channelMap { process.arguments?.append("--channel-map=\(channelMap)") }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    private func stop() throws -> [UInt8] {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The samples of an `s24le` recording.
    func stopS24() throws -> [Int32] {
        let bytes = try stop()
        return stride(from: 0, to: bytes.count - 2, by: 3).map {
            Int32(bitPattern: UInt32(bytes[$0]) << 8 | UInt32(bytes[$0 + 1]) << 16 | UInt32(bytes[$0 + 2]) << 24) >> 8
        }
    }

    /// The samples of an `s16le` recording.
    func stopS16() throws -> [Int32] {
        let bytes = try stop()
        return stride(from: 0, to: bytes.count - 1, by: 2).map {
            Int32(Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8))
        }
    }
}
