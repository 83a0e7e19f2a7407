import AudioEngine
import FFmpegSupport
import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The app-sound player: files and bytes, loops, time, pause and stop, decode errors, several at once.
@Suite struct AudioPlayerTests {
    @Test func aSoundPlaysToItsEndOnceAndThenWithLoops() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("beep.flac", frequency: 1_000, seconds: 0.5, extraArguments: ["-ac", "2"])
        for loops in [0, 2] {
            let wav = fixtures.root + "/out-\(loops).wav"
            let finished = Locked([Bool]())
            do {
                let sound = try AudioPlayer(contentsOf: file, output: WAVFileOutput(path: wav))
                #expect(abs(sound.duration - 0.5) < 0.01)
                sound.numberOfLoops = loops
                sound.onFinish = { success in finished.withLock { $0.append(success) } }
                #expect(sound.play())
                #expect(Fixtures.waitUntil(seconds: 10) { finished.withLock { $0 } == [true] })
                #expect(!sound.isPlaying && sound.currentTime == 0)
            }
            #expect(try WAVSamples(path: wav).frames == (loops + 1) * 22_050)
        }
    }

    /// The app sound's kind of file (16-bit stereo PCM at 44.1 kHz, read without FFmpeg) plays sample for sample,
    /// from a file or from bytes; a WAV of another rate, or 24-bit, is still played (through FFmpeg), at its length.
    @Test func aPlainWAVPlaysSampleForSampleAndOtherWAVsStillPlay() throws {
        let fixtures = try Fixtures()
        let plain = try fixtures.tone("chime.wav", frequency: 880, seconds: 0.3, extraArguments: ["-ac", "2"])
        let others = [
            try fixtures.tone("rate.wav", seconds: 0.3, extraArguments: ["-ac", "2", "-ar", "48000"]),
            try fixtures.tone("wide.wav", seconds: 0.3, extraArguments: ["-ac", "2", "-c:a", "pcm_s24le"]),
        ]
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        for (index, file) in ([plain, plain] + others).enumerated() {
            let wav = fixtures.root + "/out-\(index).wav"
            let finished = Locked(false)
            do {
                let sound =
                    index == 1
                    ? try AudioPlayer(data: bytes, fileExtension: "wav", output: WAVFileOutput(path: wav))
                    : try AudioPlayer(contentsOf: file, output: WAVFileOutput(path: wav))
                #expect(abs(sound.duration - 0.3) < 0.01, "\(file): \(sound.duration) s")
                sound.onFinish = { _ in finished.withLock { $0 = true } }
                #expect(sound.play())
                #expect(Fixtures.waitUntil(seconds: 10) { finished.withLock { $0 } })
            }
            let heard = try WAVSamples(path: wav)
            #expect(abs(heard.frames - 13_230) <= 2, "\(file): \(heard.frames) frames")
            if file == plain { #expect(heard.samples == (try WAVSamples(path: plain)).samples) }
        }
    }

    @Test func bytesInMemoryPlayLikeAFile() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("beep.ogg", frequency: 1_000, seconds: 0.4, extraArguments: ["-ac", "2"])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let wav = fixtures.root + "/out.wav"
        let finished = Locked(false)
        do {
            let sound = try AudioPlayer(data: bytes, fileExtension: "ogg", output: WAVFileOutput(path: wav))
            sound.onFinish = { _ in finished.withLock { $0 = true } }
            sound.play()
            #expect(Fixtures.waitUntil(seconds: 10) { finished.withLock { $0 } })
        }
        #expect(abs(try WAVSamples(path: wav).frames - 17_640) < 2_000)
    }

    @Test func pauseHoldsTheTimeWhichIsAlsoSettable() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("long.flac", frequency: 1_000, seconds: 3, extraArguments: ["-ac", "2"])
        let sound = try AudioPlayer(contentsOf: file, output: NullOutput(clocked: true))
        #expect(sound.prepareToPlay())
        sound.play()
        Thread.sleep(forTimeInterval: 0.5)
        sound.pause()
        #expect(!sound.isPlaying)
        let paused = sound.currentTime
        #expect(paused > 0.3 && paused < 0.8, "\(paused)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(abs(sound.currentTime - paused) < 0.03)
        sound.currentTime = 2
        #expect(abs(sound.currentTime - 2) < 0.05)
        sound.play()
        #expect(sound.isPlaying)
        sound.stop()
        #expect(!sound.isPlaying)
        sound.currentTime = 0
        #expect(sound.currentTime < 0.05)
    }

    @Test func whatIsNotAudioIsAClearError() throws {
        let fixtures = try Fixtures()
        let noise = fixtures.root + "/noise.wav"
        try Data((0..<4_096).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: noise))
        #expect(throws: FFmpegError.self) { try AudioPlayer(contentsOf: noise, output: NullOutput()) }
        #expect(throws: FFmpegError.self) { try AudioPlayer(contentsOf: fixtures.root + "/missing.flac") }
        #expect(throws: FFmpegError.self) {
            try AudioPlayer(data: Array("not a sound".utf8), fileExtension: "mp3", output: NullOutput())
        }
        // The staged bytes of a failed player are not left behind.
        let staged = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        #expect(!staged.contains { $0.hasPrefix("addmusic-sound-") && $0.hasSuffix(".mp3") })
    }
}
