import AudioEngine
import Foundation
import MediaModel
import Testing

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
        let whole = try fixtures.tone("whole.wav", frequency: 440, seconds: 4, extraArguments: ["-ac", "2"])
        var parts: [EngineTrack] = []
        for part in 0..<2 {
            let path = fixtures.music + "/part\(part).flac"
            try fixtures.ffmpeg([
                "-i", whole, "-af",
                "atrim=start_sample=\(part * 88_200):end_sample=\((part + 1) * 88_200),asetpts=N/SR/TB", path,
            ])
            var track = EngineTrack(path: path)
            track.crossfades = false
            parts.append(track)
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

        /// The amplitude of `frequency` in `frames` of the left channel (a single-bin discrete Fourier transform).
        private func amplitude(of frequency: Double, in frames: Range<Int>) -> Double {
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
    }
}
