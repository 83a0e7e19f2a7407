import Foundation
import MediaLibrary
import MusicPlayer
import Testing

/// `addmusic play`: chooses songs from the library, plays them one after another, and keeps going without sound
/// when no audio server answers.
@Suite struct PlayCommandTests {
    @Test func playingAnAlbumIntoAWAVFileWritesEverySongInOrder() throws {
        let fixtures = try Fixtures()
        for (index, title) in ["Uno", "Dos", "Tres"].enumerated() {
            try fixtures.tone(
                "Album/\(index + 1).flac", frequency: 300 + index * 100, seconds: 0.5,
                tags: ["title": title, "artist": "Artista", "album": "Números", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        try fixtures.tone(
            "Other/x.flac", tags: ["title": "Elsewhere", "album": "Other"], extraArguments: ["-ac", "2"])
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let wav = fixtures.root + "/out.wav"
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play", "--album", "numeros", "--output", "wav:" + wav], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Uno — Artista\nDos — Artista\nTres — Artista\n")
        #expect(try WAVSamples(path: wav).frames == 3 * 22_050)
    }

    @Test func withNoAudioServerThePlayerSaysSoAndPlaysOnSilently() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("short.flac", seconds: 0.3, extraArguments: ["-ac", "2"])
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = "unix:" + fixtures.root + "/no-server-here"
        let result = try Fixtures.run(Fixtures.addmusic, ["play", file], environment: environment)
        #expect(result.status == 0)
        #expect(result.errorOutput.contains("No audio server answered"), "\(result.errorOutput)")
        #expect(result.output == "short\n")
    }

    @Test func aKilledPlayerResumesItsQueueWhereItWasLeft() throws {
        let fixtures = try Fixtures()
        for index in 0..<3 {
            try fixtures.tone(
                "\(index).flac", frequency: 300 + 100 * index, seconds: 3,
                tags: ["title": "Song \(index)", "artist": "A", "album": "B", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)

        let process = try Fixtures.start(
            Fixtures.addmusic, ["play", "--album", "B", "--output", "null"], environment: environment)
        // Killed once it has saved a place in the second song (it saves every second as it plays; on a busy machine
        // it may start late, so the kill waits for the save, not for a clock).
        let path = fixtures.root + "/.local/state/addmusic/player.json"
        let placed = Fixtures.waitUntil(seconds: 20) {
            guard let state = SavedPlayerState.load(from: path).state else { return false }
            return state.index == 1 && state.time > 0.1
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(placed, "no place in the second song was saved")

        let saved = try #require(SavedPlayerState.load(from: path).state)
        #expect(saved.itemIDs.count == 3)
        #expect(saved.index == 1)
        #expect(saved.time > 0.1 && saved.time < 3, "saved at \(saved.time) s")

        let wav = fixtures.root + "/rest.wav"
        let result = try Fixtures.run(Fixtures.addmusic, ["play", "--output", "wav:" + wav], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Song 1 — A\nSong 2 — A\n")
        let expected = (6 - saved.time) * 44_100
        let frames = Double(try WAVSamples(path: wav).frames)
        #expect(abs(frames - expected) < 0.05 * 44_100, "\(frames) frames, expected \(expected) from \(saved.time) s")
    }

    /// On a terminal, s stops and the run goes on (its keys still answer: space plays the queue again from its
    /// first song, B-P2); the music's own end ends the run.
    @Test func onATerminalAStopAskedForKeepsTheRunAndTheQueuesEndEndsIt() throws {
        let fixtures = try Fixtures()
        let one = try fixtures.tone("1.flac", seconds: 30, tags: ["title": "One"], extraArguments: ["-ac", "2"])
        let two = try fixtures.tone("2.flac", seconds: 1, tags: ["title": "Two"], extraArguments: ["-ac", "2"])
        let run = try TerminalRun(
            "play --output null \(one) \(two)", environment: fixtures.environment(),
            output: fixtures.root + "/terminal.txt")
        defer { run.stop() }
        let recent = { String(run.screen.suffix(120)) }
        try #require(Fixtures.waitUntil(seconds: 15) { recent().contains("▶ One") }, "\(recent())")
        run.press("s")
        #expect(Fixtures.waitUntil(seconds: 10) { recent().hasSuffix("■") }, "\(recent())")
        run.press(" ")
        #expect(Fixtures.waitUntil(seconds: 10) { recent().contains("▶ One") }, "the run ended at the stop")
        run.press("n")
        #expect(Fixtures.waitUntil(seconds: 10) { recent().contains("▶ Two") }, "\(recent())")
        // A hang guard, not a timing: the end of the queue ends the run.
        #expect(Fixtures.waitUntil(seconds: 20) { !run.process.isRunning }, "the run went on after the queue ended")
        #expect(run.process.terminationStatus == 0)
    }

    /// s pressed as the run starts, before the player has said that it plays, is still a stop asked for: the run
    /// goes on, and space plays again.
    @Test func onATerminalAStopPressedAtLaunchKeepsTheRun() throws {
        let fixtures = try Fixtures()
        let one = try fixtures.tone("1.flac", seconds: 30, tags: ["title": "One"], extraArguments: ["-ac", "2"])
        let run = try TerminalRun(
            "play --output null \(one)", environment: fixtures.environment(), output: fixtures.root + "/terminal.txt")
        defer { run.stop() }
        run.press("s")  // taken once the keys are read, whatever the player has told by then
        let recent = { String(run.screen.suffix(120)) }
        #expect(Fixtures.waitUntil(seconds: 15) { recent().hasSuffix("■") }, "\(recent())")
        run.press(" ")
        #expect(Fixtures.waitUntil(seconds: 10) { recent().contains("▶ One") }, "the run ended at the stop")
        run.press("q")
        #expect(Fixtures.waitUntil(seconds: 15) { !run.process.isRunning }, "q did not end the run")
    }

    /// A terminal whose output is held once the music plays (as a pseudo-terminal nobody reads, once full; here
    /// `tcflow(TCOOFF)` on the player's terminal) takes nothing the player writes: its keys still answer, and q ends
    /// the run.
    @Test func aTerminalThatTakesNoOutputStillTakesTheKeys() throws {
        let fixtures = try Fixtures()
        let one = try fixtures.tone("1.flac", seconds: 30, tags: ["title": "One"], extraArguments: ["-ac", "2"])
        let driver = """
            import os, pty, sys, termios, time
            pid, fd = pty.fork()
            if pid == 0:
                if os.fork() == 0:
                    time.sleep(1.5)
                    termios.tcflow(1, termios.TCOOFF)
                    os._exit(0)
                os.execv(sys.argv[1], [sys.argv[1], "play", "--output", "null", sys.argv[2]])
            time.sleep(3)
            os.write(fd, b" q")
            for _ in range(150):
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    print("ended", os.waitstatus_to_exitcode(status))
                    sys.exit(0)
                time.sleep(0.1)
            os.kill(pid, 9)
            print("still running")
            """
        let result = try Fixtures.run(
            "/usr/bin/python3", ["-c", driver, Fixtures.addmusic, one], environment: fixtures.environment())
        #expect(result.output == "ended 0\n", "\(result.output) \(result.errorOutput)")
    }

    @Test func theSoundCommandPlaysTheBundledSoundWithItsLoops() throws {
        let fixtures = try Fixtures()
        let wav = fixtures.root + "/sound.wav"
        let result = try Fixtures.run(
            Fixtures.addmusic, ["sound", "--loops", "1", "--output", "wav:" + wav], environment: fixtures.environment())
        #expect(result.status == 0, "\(result.errorOutput)")
        let seconds = Double(try WAVSamples(path: wav).frames) / 44_100
        #expect(seconds > 1.6 && seconds < 2.2, "\(seconds) s")
    }
}
