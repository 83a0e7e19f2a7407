import AddMusicCore
import AudioEngine
import Foundation
import MediaModel
import Testing

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
        preferences.equalizer = .smallSpeakers
        try preferences.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("music-dir = /music") && saved.contains("equalizer = small speakers"), "\(saved)")
        let again = try Preferences(configPath: path, environment: [:])
        #expect(again.equalizer == .smallSpeakers)
        #expect(again.equalizer.equalizer == Equalizer.preset(named: "small speakers"))
        #expect(EqualizerChoice.off.equalizer == nil)
    }
}
