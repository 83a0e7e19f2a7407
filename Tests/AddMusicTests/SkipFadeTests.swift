import Foundation
import Testing

@testable import AudioEngine

/// A skip with crossfade on, on the decoder thread's side: the track left is read on from the frame the output
/// left it at, sample for sample as it would have played, and only as far as the new track has been mixed into it;
/// what is mixed may go out at once, since the output holds no more than a tenth of a second after a skip.
@Suite struct SkipFadeTests {
    private let format = PCMFormat.fixed
    private var rate: Int { format.sampleRate }
    private var channels: Int { format.channels }

    @Test func theTrackLeftGoesOnSampleForSampleFromWhereTheOutputLeftIt() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("left.flac", frequency: 440, seconds: 10, extraArguments: ["-ac", "2"])
        let skippedAt = 2 * rate + 123
        let tail = CrossfadeTail()
        #expect(
            try tail.startSkipped(
                1, generation: 1, format: format, at: skippedAt, reader: reader(file, skippedAt),
                frames: 3 * rate))
        #expect(tail.startFrame == skippedAt && tail.frames == PlaybackEngine.chunkFrames, "one chunk read at first")
        tail.readSkippedRest()
        #expect(tail.frames == 3 * rate)
        var held = [Float](repeating: 0, count: tail.frames * channels)
        held.withUnsafeMutableBufferPointer { tail.take($0.count, into: $0.baseAddress!) }
        let straight = try decoded(file, frames: skippedAt + 3 * rate).suffix(3 * rate * channels)
        #expect(held == Array(straight), "the samples held are those the track plays there")
    }

    @Test func whatIsMixedGoesOutAtOnceAndTheTrackLeftIsReadOnlyAsFarAsTheMixing() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("left.flac", frequency: 440, seconds: 10, extraArguments: ["-ac", "2"])
        let tail = CrossfadeTail()
        let fade = 3 * rate
        #expect(
            try tail.startSkipped(
                1, generation: 1, format: format, at: rate, reader: reader(file, rate),
                frames: fade))
        tail.beginFade(into: 2)
        #expect(tail.fadeFrames == fade && tail.isHolding(2, generation: 1))
        let chunk = PlaybackEngine.chunkFrames
        let silence = [Float](repeating: 0, count: chunk * channels)
        var sent = 0
        var given = 0
        while given < fade + 2 * chunk {
            silence.withUnsafeBufferPointer { tail.add($0, at: given) }
            given += chunk
            #expect(tail.startFrame + tail.frames == given, "the track left is not read ahead of the mixing")
            let due = tail.due(keeping: fade)
            if given <= fade {
                #expect(due == chunk * channels, "a mixed chunk goes out at once (\(given))")
            }
            var out = [Float](repeating: 0, count: due)
            out.withUnsafeMutableBufferPointer { tail.take(due, into: $0.baseAddress!) }
            sent += due / channels
        }
        // What follows the fade is held back for the next border, with the rest of the chunk the fade ended in.
        #expect(sent > fade - chunk && sent <= fade, "\(sent) of the fade's \(fade) frames went out")
    }

    @Test func aTrackLeftThatEndsBeforeTheFadeWouldEndsTheFadeWithIt() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("short.flac", frequency: 440, seconds: 2.5, extraArguments: ["-ac", "2"])
        let tail = CrossfadeTail()
        #expect(
            try tail.startSkipped(
                1, generation: 1, format: format, at: 2 * rate, reader: reader(file, 2 * rate),
                frames: 3 * rate))
        tail.beginFade(into: 2)
        let rest = [Float](repeating: 0, count: rate * channels)
        rest.withUnsafeBufferPointer { tail.add($0, at: 0) }
        #expect(tail.fadeFrames == rate / 2, "the fade lasts what was left of the track: \(tail.fadeFrames)")
        #expect(tail.frames == rate, "the new track's second after its first half second mixed")
    }

    /// A reader of `file` from `frame`, as a skip there opens it.
    private func reader(_ file: String, _ frame: Int) throws -> SkippedTrackReader {
        let decoder = try AudioDecoder(path: Array(file.utf8), fileExtension: "flac", format: format)
        let preroll = min(frame, rate / 20)
        try decoder.seek(to: Double(frame - preroll) / Double(rate))
        return SkippedTrackReader(decoder, gain: 1, filter: nil, preroll: preroll)
    }

    /// The first `frames` frames of `file`, decoded straight through.
    private func decoded(_ file: String, frames: Int) throws -> [Float] {
        let decoder = try AudioDecoder(path: Array(file.utf8), fileExtension: "flac", format: format)
        let samples = PendingSamples(capacity: 0)
        while samples.count < frames * channels, try decoder.decode(into: samples) {}
        return Array(samples.samples.prefix(frames * channels))
    }
}
