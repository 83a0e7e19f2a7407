import Foundation
// Threads: owns one thread ("addmusic.sound") that writes the samples to the output, which paces it. Control calls
// come from any thread and hold the condition's lock briefly; the finished callback goes out on the queue given.
import MediaModel

/// Plays one block of decoded samples through an output, from any frame, with loops: the engine of `AudioPlayer`.
final class SoundPlayback: @unchecked Sendable {  // every mutable property behind `condition`
    private let output: AudioOutput
    private let samples: [Float]
    private let format: PCMFormat
    private let condition = NSCondition()
    private let onFinished: @Sendable (Bool) -> Void
    private var frame = 0
    private var playing = false
    private var loopsLeft = 0
    private var generation = 0
    private var closing = false
    /// Set while a seek empties the output, so the writer does not start on the new position before that.
    private var moving = false
    private let done = DispatchGroup()

    /// Frames written to the output per call: about 23 ms, so a seek or a stop is heard at once.
    private static let block = 1024

    /// Playback of `samples` (interleaved, in `format`) through `output`, which is open and paused; `onFinished`
    /// is called (on the writing thread) when the last loop has been heard, true when all went well.
    init(output: AudioOutput, samples: [Float], format: PCMFormat, onFinished: @escaping @Sendable (Bool) -> Void) {
        self.output = output
        self.samples = samples
        self.format = format
        self.onFinished = onFinished
        done.enter()
        let thread = Thread { [self] in
            run()
            done.leave()
        }
        thread.name = "addmusic.sound"
        thread.start()
    }

    var frameCount: Int { samples.count / format.channels }

    /// Plays from the current frame (from the start when at the end), repeating `loops` more times (negative:
    /// until stopped) when it starts afresh rather than after a pause.
    func play(loops: Int, afresh: Bool) {
        condition.withLock {
            if frame >= frameCount { frame = 0 }
            if afresh { loopsLeft = loops }
            playing = true
            condition.broadcast()
        }
        output.resume()
    }

    /// Holds where it is; `play` goes on from there.
    func pause() {
        condition.withLock { playing = false }
        output.pause()
    }

    /// Stops and drops what the output holds; the frame stays where it was heard.
    func stop() {
        let heard = currentTime
        condition.withLock {
            playing = false
            generation += 1
            frame = min(frameCount, Int(clamping: heard * Double(format.sampleRate)))
        }
        output.pause()
        output.flush()
    }

    var isPlaying: Bool { condition.withLock { playing } }

    /// Seconds heard into the sound.
    var currentTime: Double {
        let written = condition.withLock { frame }
        return max(0, Double(written) / Double(format.sampleRate) - output.delay)
    }

    /// Moves to `seconds` into the sound; what the output holds is dropped.
    func seek(to seconds: Double) {
        condition.withLock {
            generation += 1
            frame = min(frameCount, max(0, Int(clamping: seconds * Double(format.sampleRate))))
            moving = true
        }
        output.flush()
        condition.withLock {
            moving = false
            condition.broadcast()
        }
    }

    func setVolume(_ volume: Double) { output.setVolume(volume) }

    /// Ends the thread and closes the output.
    func close() {
        condition.withLock {
            closing = true
            playing = false
            generation += 1
            condition.broadcast()
        }
        output.flush()
        output.resume()
        done.wait()
        output.close()
    }

    private func run() {
        condition.lock()
        while true {
            while (!playing || moving) && !closing { condition.wait() }
            if closing { break }
            let start = frame, run = generation
            let end = min(frameCount, start + Self.block)
            condition.unlock()
            var failed = false
            if start < end {
                do {
                    _ = try samples.withUnsafeBufferPointer { all in
                        try output.write(
                            UnsafeBufferPointer(rebasing: all[(start * format.channels)..<(end * format.channels)]),
                            precision: format.sampleFormat.bits)
                    }
                } catch {
                    failed = true
                }
            }
            condition.lock()
            guard run == generation else { continue }
            frame = end
            guard frame >= frameCount || failed else { continue }
            if !failed && loopsLeft != 0 {
                if loopsLeft > 0 { loopsLeft -= 1 }
                frame = 0
                continue
            }
            condition.unlock()
            if !failed { try? output.drain() }
            condition.lock()
            guard run == generation else { continue }
            playing = false
            frame = 0
            condition.unlock()
            output.pause()
            onFinished(!failed)
            condition.lock()
        }
        condition.unlock()
    }
}
