import AudioEngine
import Foundation
import MediaModel
import Testing

/// A pause or resume asked while the server is still making the stream is not lost: the stream, once ready, is
/// corked or playing as the last call asked (on PipeWire the server answers late often enough for the app sound to
/// have stayed corked for good).
@Suite(.serialized) struct StreamNotReadyTests {
    @Test func aResumeAskedBeforeTheStreamIsReadyPlaysItOnceReady() throws {
        guard let pulse = try PulseServer.start() else { return }
        let recording = try pulse.record()
        Thread.sleep(forTimeInterval: 2)
        let session = AudioSession(server: pulse.server, events: DispatchQueue(label: "test.session"))
        try session.setActive(true)
        // The connection is ready (the session's sinks are known), so `open` makes the stream at once.
        Thread.sleep(forTimeInterval: 0.5)
        let output = session.makeOutput(role: "music")
        output.pause()
        pulse.freeze()
        var thawed = false
        defer { if !thawed { pulse.thaw() } }
        // Made corked, as paused; the server answers nothing yet.
        try output.open(PCMFormat())
        output.resume()
        pulse.thaw()
        thawed = true
        let samples = (0..<44_100).flatMap { frame -> [Float] in
            let value = Float(0.5 * sin(2 * Double.pi * 440 * Double(frame) / 44_100))
            return [value, value]
        }
        let finished = Locked(false)
        Thread.detachNewThread {
            _ = samples.withUnsafeBufferPointer { try? output.write($0, precision: 16) }
            try? output.drain()
            finished.withLock { $0 = true }
        }
        // A hang guard, not a timing: a stream left corked never takes a second of samples.
        #expect(Fixtures.waitUntil(seconds: 10) { finished.withLock { $0 } }, "the stream stayed corked")
        Thread.sleep(forTimeInterval: 0.3)
        output.close()
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(abs(spans.map(\.seconds).reduce(0, +) - 1) < 0.1, "\(spans)")
    }
}
