import AudioEngine
import Foundation
import MediaModel
import MusicPlayer
import Testing

/// A stream in the application player and in `addmusic play`: an Icecast station whose title changes, a URL given on
/// the command line, and a playlist's `http` entries.
@Suite struct StreamPlayerTests {
    @Test func anHTTPStreamPlaysAndItsICYTitlesBecomeTheNowPlayingText() throws {
        guard let icecast = try IcecastServer.start() else { return }
        let fixtures = try Fixtures()
        let source = try fixtures.tone("station.wav", seconds: 120, extraArguments: ["-ac", "2", "-ar", "44100"])
        try icecast.feed(source, to: "station")
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true), streamTimeout: 5)
        defer { player.shutDown() }
        let titles = Locked([String]())
        player.observeEveryEvent(on: DispatchQueue(label: "test.events")) { event, _ in
            if case .streamTitleChanged(let title) = event { titles.withLock { $0.append(title) } }
        }
        let station = MediaItem.stream(url: icecast.url("station"))
        player.setQueue(MediaItemCollection(items: [station]))
        player.play()
        #expect(Fixtures.waitUntil { player.snapshot.playbackTime() > 0.5 })
        #expect(player.nowPlayingItem == station)

        try icecast.setTitle("Artista - Uno", of: "station")
        #expect(Fixtures.waitUntil { player.snapshot.streamTitle == "Artista - Uno" }, "\(titles.withLock { $0 })")
        // A title is untrusted text: it arrives as sent, escape and all, for the interface to show as text.
        try icecast.setTitle("Artista - \u{1B}[31mDos", of: "station")
        #expect(Fixtures.waitUntil { player.snapshot.streamTitle == "Artista - \u{1B}[31mDos" })
        #expect(titles.withLock { $0.suffix(2) } == ["Artista - Uno", "Artista - \u{1B}[31mDos"])
        #expect(player.snapshot.state == .playing)
        #expect(player.snapshot.nowPlayingItem == station)
        // A live stream does not seek: it plays on where it is.
        player.seek(to: 100)
        #expect(player.currentPlaybackTime < 60)
        #expect(player.snapshot.streamTitle == "Artista - \u{1B}[31mDos")
    }

    @Test func theWindowsNowPlayingLineFollowsTheStreamsTitleShownAsText() throws {
        let app = try ControllerHarness(songs: 1, heard: false)
        let served = try app.fixtures.tone("served.mp3", seconds: 1, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        app.controller.onMainActor { $0.pickerDone(with: [MediaItem.stream(url: server.url("/icy"))]) }
        // The title goes round as the server loops its file: "Loop N" and an escape sequence, shown as text.
        #expect(
            app.waitFor(seconds: 20) { $0.text.hasPrefix("Now Playing: Loop ") && $0.text.hasSuffix(" \u{241B}[2J") },
            "\(app.state.text)")
        #expect(!app.state.text.contains("\u{1B}"))
    }

    @Test func aDroppedStreamIsToldInTheWindowAndByThePlayCommand() throws {
        let app = try ControllerHarness(songs: 1, heard: false)
        let served = try app.fixtures.tone("served.mp3", seconds: 2, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        let drop = server.url("/drop")
        app.controller.onMainActor { $0.pickerDone(with: [MediaItem.stream(url: drop)]) }
        let told = "The stream \(drop) dropped (stream dropped: the server closed the stream after "
        #expect(app.waitFor(seconds: 20) { ($0.message?.text ?? "").hasPrefix(told) }, "\(app.state)")
        #expect(app.state.message?.text.hasSuffix(" bytes); reconnecting.") == true)

        // The terminal player's line, with the attempt; the stream then plays to its end.
        let again = try StreamServer(serving: served)
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play", again.url("/drop"), "--output", "null:fast"],
            environment: app.fixtures.environment())
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == again.url("/drop") + "\n")
        #expect(
            result.errorOutput.contains(
                "The stream \(again.url("/drop")) dropped (stream dropped: the server closed the stream after "),
            "\(result.errorOutput)")
        #expect(result.errorOutput.contains(" bytes); reconnecting, attempt 1 of 3."), "\(result.errorOutput)")
    }

    @Test func playingAURLPrintsEachStreamTitleWithItsEscapesShownAsText() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 1, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.addmusic)
        process.arguments = ["play", server.url("/icy"), "--output", "null"]
        process.environment = fixtures.environment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let printed = Locked(Data())
        let reader = output.fileHandleForReading
        reader.readabilityHandler = { handle in
            let data = handle.availableData
            printed.withLock { $0 += data }
        }
        defer { reader.readabilityHandler = nil }
        let text = { String(decoding: printed.withLock { $0 }, as: UTF8.self) }
        #expect(Fixtures.waitUntil { text().contains("On the stream: Loop 2 ") }, "\(text())")
        let lines = text().split(separator: "\n").map(String.init)
        #expect(lines.first == server.url("/icy"))
        // ESC is shown as ␛, never sent to the terminal.
        #expect(lines.contains("On the stream: Loop 1 \u{241B}[2J"), "\(lines)")
        #expect(!text().contains("\u{1B}"))
    }

    @Test func onATerminalTheStatusLineShowsTheStreamsTitleAsText() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 1, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        let url = server.url("/icy")
        let run = try TerminalRun(
            "play \(url) --output null", environment: fixtures.environment(), output: fixtures.root + "/screen")
        defer { run.stop() }
        // "Loop N ␛[2J — URL" and the elapsed time: the title first, its escape shown, never sent.
        #expect(
            Fixtures.waitUntil { run.screen.contains("Loop 1 \u{241B}[2J — \(url)") }, "\(run.screen.suffix(400))")
        #expect(!run.screen.contains("\u{1B}[2J"))
        run.press("q")
        #expect(Fixtures.waitUntil(seconds: 10) { !run.process.isRunning })
    }

    @Test func aPlaylistsHTTPEntriesPlayAsStreamsInOrder() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 1, extraArguments: ["-ac", "2", "-ar", "44100"])
        let song = try fixtures.tone("song.flac", seconds: 0.5, tags: ["title": "Song"], extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: served)
        let folder = fixtures.root + "/data-home/addmusic/playlists"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let playlist = [
            "#EXTM3U", "#EXTINF:-1,Loopback Radio", server.url("/file"), song, "#EXTINF:-1,Nowhere",
            "http://127.0.0.1:\(server.garbagePort)/radio", "rtsp://127.0.0.1/elsewhere", "",
        ].joined(separator: "\n")
        try playlist.write(toFile: folder + "/Radio.m3u8", atomically: true, encoding: .utf8)
        let result = try Fixtures.run(
            Fixtures.addmusic, ["play", "--playlist", "Radio", "--output", "null:fast"],
            environment: fixtures.environment())
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Loopback Radio\nSong\n", "\(result.output)")
        // The garbage server is skipped with what went wrong; a URL of another kind is left out, saying why.
        #expect(
            result.errorOutput.contains("Skipped http://127.0.0.1:\(server.garbagePort)/radio"), "\(result.errorOutput)"
        )
        #expect(result.errorOutput.contains("Left out rtsp://127.0.0.1/elsewhere: only http and https streams play."))
    }
}
