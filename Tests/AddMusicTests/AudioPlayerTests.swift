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
