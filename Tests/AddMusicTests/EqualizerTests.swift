import AddMusicCore
import Foundation
import MediaModel
import Testing

@testable import AudioEngine

/// The application player's equalizer: a band changes its own frequencies by its gain and leaves the others, a boost
/// never clips, and `play --eq` takes the presets by name. Heard through the engine into a WAV file.
@Suite struct EqualizerTests {
    @Test func aThousandHertzBandCutBy12DecibelsLowersAThousandHertzToneBy12AndLeaves100HertzAlone() throws {
        let fixtures = try Fixtures()
        var cut = Array(repeating: 0.0, count: 10)
        cut[Equalizer.frequencies.firstIndex(of: 1_000)!] = -12
        for (frequency, expected) in [(1_000, -12.0), (100, 0.0)] {
            let file = try fixtures.tone(
                "tone\(frequency).flac", frequency: frequency, seconds: 2, extraArguments: ["-ac", "2"])
            let plain = try level(of: file, through: nil, fixtures: fixtures)
            let equalized = try level(of: file, through: Equalizer(gains: cut), fixtures: fixtures)
            let change = 20 * log10(equalized / plain)
            #expect(abs(change - expected) <= 0.5, "\(frequency) Hz changed by \(change) dB")
        }
    }

    @Test func aBoostOfTheBassNeverPassesFullScale() throws {
        let fixtures = try Fixtures()
        let file = fixtures.music + "/loud.flac"
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=0.99*sin(2*PI*62*t):s=44100:d=2", "-ac", "2", file])
        let bass = try #require(Equalizer.preset(named: "bass"))
        let samples = try heard(file, through: bass, fixtures: fixtures)
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak < 32_767, "peak \(peak)")
        #expect(peak > 20_000, "peak \(peak): the boost is not taken all away")
    }

    @Test func presetsAreFoundByNameAndAFlatOneCostsNothing() {
        #expect(Equalizer.preset(named: "Small-Speakers") == Equalizer.preset(named: "small speakers"))
        #expect(Equalizer.preset(named: "nonsense") == nil)
        #expect(Equalizer.preset(named: "flat")?.isFlat == true)
        #expect(Equalizer(preamp: 40, gains: [99, .nan]).gains.prefix(2) == [12, 0])
    }

    @Test func playTakesAPresetAndRefusesAnUnknownOneNamingThePresets() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("song.flac", seconds: 1)
        let unknown = try Fixtures.run(
            Fixtures.addmusic, ["play", file, "--eq", "loudest", "--output", "null:fast"],
            environment: fixtures.environment())
        #expect(unknown.status != 0)
        #expect(unknown.errorOutput.contains("loudest") && unknown.errorOutput.contains("bass"), "\(unknown)")
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", file, "--eq", "bass", "--output", "null:fast"],
            environment: fixtures.environment())
        #expect(played.status == 0, "\(played)")
    }

    /// The root-mean-square level of the middle of `file` played through `equalizer`, away from the filters'
    /// start.
    private func level(of file: String, through equalizer: Equalizer?, fixtures: Fixtures) throws -> Double {
        let samples = try heard(file, through: equalizer, fixtures: fixtures)
        let middle = samples[(samples.count / 4)..<(samples.count * 3 / 4)]
        return (middle.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
    }

    private func heard(_ file: String, through equalizer: Equalizer?, fixtures: Fixtures) throws -> [Int16] {
        let path = fixtures.root + "/heard-\(UUID().uuidString).wav"
        let finished = Locked(false)
        let list = try TrackList(output: WAVFileOutput(path: path), events: DispatchQueue(label: "test.equalizer")) {
            event in if event.isFinished { finished.withLock { $0 = true } }
        }
        list.engine.setEqualizer(equalizer)
        list.play([EngineTrack(path: file)])
        _ = Fixtures.waitUntil(seconds: 30) { finished.withLock { $0 } }
        list.shutDown()
        return try WAVSamples(path: path).samples
    }
}

/// The equalizer's preference: read from the config file, written back as its own line, an unknown value off.
@Suite struct EqualizerPreferenceTests {
    @Test func theChoiceIsSavedAsItsOwnLineAndAnUnknownOneIsOff() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        try "music-dir = /music\nequalizer = loudest\n".write(toFile: path, atomically: true, encoding: .utf8)
        var preferences = try Preferences(configPath: path, environment: [:])
        #expect(preferences.equalizer == .off)
        preferences.equalizer = EqualizerChoice(name: "Small Speakers")
        try preferences.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("music-dir = /music") && saved.contains("equalizer = small speakers"), "\(saved)")
        let again = try Preferences(configPath: path, environment: [:])
        #expect(again.equalizer.name == "small speakers")
        #expect(again.chosenEqualizer == Equalizer.preset(named: "small speakers"))
        #expect(EqualizerChoice.off.equalizer(among: []) == nil)
    }

    @Test func theUsersOwnPresetsAreKeptALineEachAndPlayTakesThemByName() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config-home/addmusic/config"
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/config-home/addmusic", withIntermediateDirectories: true)
        try "equalizer-preset = broken line\n".write(toFile: path, atomically: true, encoding: .utf8)
        var preferences = try Preferences(configPath: path, environment: [:])
        #expect(preferences.equalizerPresets.isEmpty)
        let night = try #require(
            EqualizerPreset(
                name: "  Late night ", equalizer: Equalizer(preamp: -2.5, gains: [3, 2, 1, 0, 0, 0, -1, -2, -3, -4])))
        #expect(night.name == "Late night")
        #expect(EqualizerPreset(name: "Bass", equalizer: night.equalizer) == nil, "a built-in's name")
        #expect(EqualizerPreset(name: "a|b", equalizer: night.equalizer) == nil)
        #expect(EqualizerPreset(name: " ", equalizer: night.equalizer) == nil)
        preferences.equalizerPresets = [night]
        preferences.equalizer = EqualizerChoice(name: "late NIGHT")
        try preferences.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("equalizer-preset = Late night | -2.5 | 3 2 1 0 0 0 -1 -2 -3 -4"), "\(saved)")
        #expect(!saved.contains("broken line"), "\(saved)")
        let again = try Preferences(configPath: path, environment: [:])
        #expect(again.equalizerPresets == [night])
        #expect(again.chosenEqualizer == night.equalizer)

        let song = try fixtures.tone("song.flac", seconds: 1)
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", song, "--eq", "late night", "--output", "null:fast"],
            environment: fixtures.environment())
        #expect(played.status == 0, "\(played)")
        let unknown = try Fixtures.run(
            Fixtures.addmusic, ["play", song, "--eq", "early morning", "--output", "null:fast"],
            environment: fixtures.environment())
        #expect(unknown.status != 0 && unknown.errorOutput.contains("Late night"), "\(unknown)")
    }
}

/// The filter's vector pipeline against the plain cascade of biquads it stands for: the same samples whatever the
/// chunks a stream comes in (down to a frame, fewer than the bands in flight), for one, two or six channels.
@Suite struct EqualizerPipelineTests {
    @Test(arguments: [false, true])
    func thePipelineMatchesAPlainCascadeWhateverTheChunksAndChannels(wide: Bool) {
        let equalizer = Equalizer(preamp: -3, gains: [4, -3, 2, 0, -1, 5, 0, 2, -6, 3])
        if wide && !EqualizerPipeline.wideAvailable { return }  // a processor without AVX2 and FMA has one path
        for (channels, gains) in [
            (1, equalizer.gains), (2, equalizer.gains), (6, equalizer.gains), (2, [0, 0, 3, 0, 0, 0, 0, 0, 0, -2]),
            (2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
        ] {
            let equalizer = Equalizer(preamp: -3, gains: gains)
            let frames = 3_000
            let input = (0..<(frames * channels)).map { index -> Float in
                let frame = Double(index / channels), channel = Double(index % channels)
                return Float(0.2 * sin(frame * (0.01 + 0.07 * channel)) + 0.1 * sin(frame * 1.3))
            }
            let expected = Self.cascade(input, equalizer, channels: channels)
            let filter = EqualizerFilter(equalizer, sampleRate: 44_100, channels: channels, wide: wide)
            var output = input
            var start = 0
            var chunk = 1
            output.withUnsafeMutableBufferPointer { samples in
                while start < frames {
                    let count = min(chunk, frames - start)
                    filter.process(
                        UnsafeMutableBufferPointer(rebasing: samples[(start * channels)..<((start + count) * channels)])
                    )
                    start += count
                    chunk = chunk * 3 % 701 + 1
                }
            }
            let worst = zip(output, expected).map { abs(Double($0) - $1) }.max() ?? 0
            #expect(worst < 1e-4, "\(channels) channels, \(gains): off by \(worst)")
        }
    }

    /// Each channel through the bands one after the other in direct form I, in double precision.
    private static func cascade(_ input: [Float], _ equalizer: Equalizer, channels: Int) -> [Double] {
        let bands = zip(Equalizer.frequencies, equalizer.gains).filter { $0.1 != 0 }.map {
            EqualizerPipeline.Band.peaking(frequency: $0.0, gain: $0.1, sampleRate: 44_100)
        }
        let gain = Double(equalizer.inputGain)
        var output = input.map { Double($0) }
        for channel in 0..<channels {
            for band in bands {
                var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
                for index in stride(from: channel, to: output.count, by: channels) {
                    let x = output[index]
                    let y =
                        Double(band.b0) * x + Double(band.b1) * x1 + Double(band.b2) * x2 - Double(band.a1) * y1
                        - Double(band.a2) * y2
                    (x2, x1, y2, y1) = (x1, x, y1, y)
                    output[index] = y
                }
            }
        }
        return output.map { $0 * gain }
    }
}
