import AudioEngine
import Foundation
import MediaModel
import Testing

/// A skip, a seek and a stop mid-song never click (B-P9): the music cut off fades out over 10 ms and a seek fades
/// in, so no step between two samples at the sink is larger than the tones' own steepest. Heard at a real audio
/// server's null sink.
@Suite(.serialized) struct CutWithoutClickTests {
    @Test func aSkipASeekAndAStopMidSongLeaveNoStepAtTheSink() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        // Loud tones, so a cut at any point would step far beyond their slope.
        let low = try fixtures.tone(
            "low.flac", frequency: 440, seconds: 8, extraArguments: ["-af", "volume=12dB", "-ac", "2"])
        let high = try fixtures.tone(
            "high.flac", frequency: 1_000, seconds: 8, extraArguments: ["-af", "volume=12dB", "-ac", "2"])
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let stopped = Locked(false)
        let list = try TrackList(output: PulseOutput(server: pulse.server), events: DispatchQueue(label: "test.cut")) {
            event in if event.isFinished { stopped.withLock { $0 = true } }
        }
        list.play([EngineTrack(path: low), EngineTrack(path: high)])
        func waitUntilHeard(_ index: Int, past seconds: Double) {
            _ = Fixtures.waitUntil(seconds: 10) {
                guard let position = list.position else { return false }
                return position.index == index && position.time > seconds
            }
        }
        waitUntilHeard(0, past: 1.03)
        list.skip(to: 1)
        waitUntilHeard(1, past: 1.07)
        list.seek(to: 4.01)
        waitUntilHeard(1, past: 5.11)
        list.engine.stop()
        // What the output held plays out: the monitor falls silent.
        _ = Fixtures.waitUntil(seconds: 5) { list.engine.position == nil }
        Thread.sleep(forTimeInterval: 0.4)
        list.shutDown()
        let sound = Sound(samples: try recording.stop())
        let spans = sound.loudSpans()
        #expect(!spans.isEmpty && spans.map(\.seconds).reduce(0, +) > 3, "\(spans)")
        let frames = sound.samples.count / 2
        var largest = (step: 0, frame: 0)
        var peak = 0
        // From 50 ms into the music: its very start is the song's own, not a cut's (the monitor may join a wave late).
        let first = (spans.first?.start ?? 0) + 2_205
        for frame in first..<frames {
            let step = abs(Int(sound.samples[frame * 2]) - Int(sound.samples[(frame - 1) * 2]))
            if step > largest.step { largest = (step, frame) }
            peak = max(peak, abs(Int(sound.samples[frame * 2])))
        }
        // The 1 kHz tone's steepest slope, with room for the fades' own (a 10 ms quarter sine).
        let bound = Double(peak) * 2 * Double.pi * 1_000 / 44_100 * 1.1 + 8
        #expect(
            Double(largest.step) <= bound,
            "a step of \(largest.step) at \(Double(largest.frame) / 44_100) s (bound \(Int(bound)), peak \(peak))")
    }
}
