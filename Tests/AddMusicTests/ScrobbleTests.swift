import Foundation
import MediaModel
import Testing

@testable import AddMusicCore

/// Scrobbling to ListenBrainz (B-H11), against `scripts/scrobble-server`: a full play is submitted once with its
/// fields, a song under 30 s never; listens wait on disk while the server is down and are delivered once when it
/// answers; a kill while sending loses none and doubles none; the token is checked, kept only in a file only the user
/// can read, and never printed.
@Suite struct ScrobbleTests {
    private let mbid = "1b022e01-4da6-387b-8658-8678046e4cef"

    private func songs(_ fixtures: Fixtures) throws -> (long: String, short: String) {
        let long = try fixtures.tone(
            "long.flac", seconds: 40,
            tags: [
                "artist": "Ärtist", "title": "Long Song", "album": "Album", "track": "3",
                "MUSICBRAINZ_TRACKID": mbid,
            ])
        let short = try fixtures.tone("short.flac", seconds: 20, tags: ["artist": "Ärtist", "title": "Short Song"])
        return (long, short)
    }

    private func login(
        _ server: ScrobbleServer, _ environment: [String: String], token: String = ScrobbleServer.token
    )
        throws -> (status: Int32, output: String, errorOutput: String)
    {
        try Fixtures.run(
            Fixtures.addmusic, ["scrobble", "login", "listenbrainz", "--server", server.url, "--token", token],
            environment: environment)
    }

    @Test func aFullPlayIsSubmittedOnceWithItsFieldsAndASongUnderThirtySecondsNever() throws {
        let fixtures = try Fixtures()
        let (long, short) = try songs(fixtures)
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        let environment = fixtures.environment()
        let connected = try login(server, environment)
        #expect(connected.status == 0 && connected.output.contains("as tester"), "\(connected)")
        // The token is in a file only the user can read, not in the config, and never printed.
        let tokenFile = fixtures.root + "/config-home/addmusic/secrets/listenbrainz-token"
        let attributes = try FileManager.default.attributesOfItem(atPath: tokenFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let config = try String(contentsOfFile: fixtures.root + "/config-home/addmusic/config", encoding: .utf8)
        #expect(config.contains("listenbrainz-server = \(server.url)") && !config.contains(ScrobbleServer.token))
        #expect(!connected.output.contains(ScrobbleServer.token))

        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", long, short, "--output", "null:fast"], environment: environment)
        #expect(played.status == 0, "\(played.errorOutput)")
        let stored = server.stored()
        #expect(stored.count == 1, "\(server.requests())")
        let listen = try #require(stored.first)
        let metadata = try #require(listen["track_metadata"] as? [String: Any])
        let info = try #require(metadata["additional_info"] as? [String: Any])
        #expect(metadata["artist_name"] as? String == "Ärtist" && metadata["track_name"] as? String == "Long Song")
        #expect(metadata["release_name"] as? String == "Album")
        #expect(info["duration_ms"] as? Int == 40_000 && info["tracknumber"] as? Int == 3)
        #expect(info["recording_mbid"] as? String == mbid && info["submission_client"] as? String == "AddMusic")
        let heard = try #require(listen["listened_at"] as? Int)
        #expect(abs(Double(heard) - Date().timeIntervalSince1970) < 120)
        // Every request the server got was one it accepts (no 400s).
        #expect(server.requests().allSatisfy { $0["status"] as? Int == 200 }, "\(server.requests())")
        let status = try Fixtures.run(Fixtures.addmusic, ["scrobble", "status"], environment: environment)
        #expect(status.output.contains("ListenBrainz: connected (\(server.url)), 0 listens waiting"), "\(status)")
        #expect(status.output.contains("Last.fm: not connected"), "\(status)")
    }

    /// Connects ListenBrainz, stops its server and plays a long song: its listen waits. The server's port.
    private func listenWhileTheServerIsDown(_ fixtures: Fixtures, _ environment: [String: String]) throws -> Int {
        let (long, _) = try songs(fixtures)
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        #expect(try login(server, environment).status == 0)
        server.stop()
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", long, "--output", "null:fast"], environment: environment)
        #expect(played.status == 0, "\(played.errorOutput)")
        return server.port
    }

    @Test func listensWaitWhileTheServerIsDownAndAreDeliveredOnceWhenItAnswers() throws {
        let fixtures = try Fixtures()
        let environment = fixtures.environment()
        let port = try listenWhileTheServerIsDown(fixtures, environment)
        let waiting = try Fixtures.run(Fixtures.addmusic, ["scrobble", "status"], environment: environment)
        #expect(waiting.output.contains("1 listens waiting"), "\(waiting)")
        let failed = try Fixtures.run(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(failed.status == 3 && failed.output.contains("0 listens delivered, 1 waiting"), "\(failed)")
        let server = try ScrobbleServer(log: fixtures.root + "/server.log", port: port)
        let sent = try Fixtures.run(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(sent.status == 0 && sent.output.contains("1 listens delivered, 0 waiting"), "\(sent)")
        let again = try Fixtures.run(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(again.output.contains("0 listens delivered, 0 waiting"), "\(again)")
        #expect(server.stored().count == 1)
    }

    @Test func aKillWhileSendingLosesNoneAndDoublesNone() throws {
        let fixtures = try Fixtures()
        let environment = fixtures.environment()
        let port = try listenWhileTheServerIsDown(fixtures, environment)
        // The server takes the listen and its answer never comes back; the sender is killed meanwhile.
        var server = try ScrobbleServer(log: fixtures.root + "/server.log", port: port, hang: true)
        let sending = try Fixtures.start(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(Fixtures.waitUntil(seconds: 20) { server.stored().count == 1 })
        kill(sending.processIdentifier, SIGKILL)
        sending.waitUntilExit()
        server.stop()
        let waiting = try Fixtures.run(Fixtures.addmusic, ["scrobble", "status"], environment: environment)
        #expect(waiting.output.contains("1 listens waiting"), "none lost: \(waiting)")
        server = try ScrobbleServer(log: fixtures.root + "/server.log", port: port)
        let sent = try Fixtures.run(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(sent.status == 0 && sent.output.contains("1 listens delivered, 0 waiting"), "\(sent)")
        // Sent twice, kept once: the server deduplicates by time and song, as ListenBrainz does.
        #expect(server.stored().count == 1)
        #expect(server.requests().filter { $0["listen_type"] as? String == "single" }.count == 2)
    }

    @Test func theMusicDaemonsPlaysAreSubmittedByScrobbleWatch() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "daemon.flac", seconds: 30, tags: ["artist": "Daemon Artist", "title": "Daemon Song"],
            extraArguments: ["-ac", "2"])
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        #expect(try login(server, environment).status == 0)
        let watching = try Fixtures.start(Fixtures.addmusic, ["scrobble", "watch"], environment: environment)
        defer {
            kill(watching.processIdentifier, SIGKILL)
            watching.waitUntilExit()
        }
        // Playing now is told when the song starts; the listen once half of it (15 s) was heard.
        try mpd.mpc("add", "daemon.flac")
        try mpd.mpc("play")
        #expect(
            Fixtures.waitUntil(seconds: 15) {
                server.requests().contains { $0["listen_type"] as? String == "playing_now" }
            })
        #expect(Fixtures.waitUntil(seconds: 40) { server.stored().count == 1 }, "\(server.requests())")
        let metadata = server.stored().first?["track_metadata"] as? [String: Any]
        #expect(metadata?["track_name"] as? String == "Daemon Song")
        #expect(metadata?["artist_name"] as? String == "Daemon Artist")
    }

    @Test func aListenTheServerRefusesIsDroppedAloneAndTheOthersOfItsBatchAreDelivered() throws {
        let fixtures = try Fixtures()
        let server = try ScrobbleServer(log: fixtures.root + "/server.log", refuse: "Bad Song")
        let environment = fixtures.environment()
        #expect(try login(server, environment).status == 0)
        let queue = ListenQueue(service: "listenbrainz", dataHome: fixtures.root + "/data-home")
        for (minute, title) in ["Good One", "Bad Song", "Good Two"].enumerated() {
            let song = MediaItem(id: 9, path: LibraryPath("/m/s.flac"), title: title, artist: "Band", duration: 200)
            try queue.add(
                #require(Listen(song, startedAt: Date(timeIntervalSince1970: 1_700_000_000 + 60 * Double(minute)))))
        }
        let sent = try Fixtures.run(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(sent.status == 0 && sent.output.contains("2 listens delivered, 0 waiting"), "\(sent)")
        #expect(sent.errorOutput.contains("refused by listenbrainz and dropped"), "\(sent.errorOutput)")
        let kept = server.stored().compactMap { ($0["track_metadata"] as? [String: Any])?["track_name"] as? String }
        #expect(kept == ["Good One", "Good Two"])
    }

    @Test func aWrongTokenIsRefusedAndNothingIsKept() throws {
        let fixtures = try Fixtures()
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        let environment = fixtures.environment()
        let refused = try login(server, environment, token: "wrong")
        #expect(refused.status != 0 && refused.errorOutput.contains("ListenBrainz did not accept"), "\(refused)")
        #expect(
            !FileManager.default.fileExists(atPath: fixtures.root + "/config-home/addmusic/secrets/listenbrainz-token"))
        let none = try Fixtures.run(Fixtures.addmusic, ["scrobble", "status"], environment: environment)
        #expect(none.output.contains("not connected"))
        let other = try Fixtures.run(Fixtures.addmusic, ["scrobble", "login", "spotify"], environment: environment)
        #expect(other.status != 0 && other.errorOutput.contains("listenbrainz or lastfm"))
        let keyless = try Fixtures.run(Fixtures.addmusic, ["scrobble", "login", "lastfm"], environment: environment)
        #expect(keyless.status != 0 && keyless.errorOutput.contains("--api-key"))
    }

    /// Connects Last.fm through the desktop authentication, the test allowing AddMusic on the page it prints.
    private func loginLastFM(_ server: ScrobbleServer, _ environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Fixtures.addmusic)
        process.arguments = [
            "scrobble", "login", "lastfm", "--api-key", ScrobbleServer.lastFMKey, "--api-secret",
            ScrobbleServer.lastFMSecret, "--server", server.url + "/2.0/",
        ]
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var printed = ""
        while !printed.contains("/api/auth/?") || !printed.hasSuffix("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let page = try #require(printed.split(separator: "\n").first { $0.hasPrefix("http") }.map(String.init))
        // The user allows AddMusic in the browser, then presses Enter.
        #expect(try Fixtures.run("/usr/bin/curl", ["-sf", page]).status == 0)
        input.fileHandleForWriting.write(Data("\n".utf8))
        printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(printed)")
        return printed
    }

    @Test func lastFMIsConnectedByTheDesktopAuthenticationAndScrobblesSignedInBatchesOfFifty() throws {
        let fixtures = try Fixtures()
        let (long, short) = try songs(fixtures)
        let server = try ScrobbleServer(log: fixtures.root + "/server.log")
        let environment = fixtures.environment()
        let printed = try loginLastFM(server, environment)
        #expect(printed.contains("Connected to Last.fm") && printed.contains("as tester"), "\(printed)")
        #expect(!printed.contains(ScrobbleServer.lastFMSecret) && !printed.contains("lastfm-session-1"))
        let secrets = fixtures.root + "/config-home/addmusic/secrets/lastfm"
        #expect((try FileManager.default.attributesOfItem(atPath: secrets)[.posixPermissions] as? Int) == 0o600)
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play", long, short, "--output", "null:fast"], environment: environment)
        #expect(played.status == 0, "\(played.errorOutput)")
        let stored = server.stored()
        #expect(stored.count == 1, "\(server.requests())")
        let metadata = stored.first?["track_metadata"] as? [String: Any]
        let info = metadata?["additional_info"] as? [String: Any]
        #expect(metadata?["artist_name"] as? String == "Ärtist" && metadata?["track_name"] as? String == "Long Song")
        #expect(info?["album"] as? String == "Album" && info?["duration"] as? String == "40")
        #expect(info?["trackNumber"] as? String == "3" && info?["mbid"] as? String == mbid)
        // Every call was signed right and taken (no error 13), playing now included.
        let calls = server.requests().filter { $0["api"] as? String == "lastfm" }
        #expect(calls.allSatisfy { $0["status"] as? Int == 200 }, "\(calls)")
        #expect(calls.contains { $0["method"] as? String == "track.updateNowPlaying" })

        // Sixty listens waiting go in two batches, of 50 and 10.
        server.stop()
        let queue = ListenQueue(service: "lastfm", dataHome: fixtures.root + "/data-home")
        let song = MediaItem(id: 9, path: LibraryPath("/m/s.flac"), title: "Tune", artist: "Band", duration: 200)
        for minute in 0..<60 {
            try queue.add(
                #require(Listen(song, startedAt: Date(timeIntervalSince1970: 1_700_000_000 + 60 * Double(minute)))))
        }
        let again = try ScrobbleServer(log: fixtures.root + "/server.log", port: server.port)
        let sent = try Fixtures.run(Fixtures.addmusic, ["scrobble", "send"], environment: environment)
        #expect(sent.status == 0 && sent.output.contains("60 listens delivered, 0 waiting"), "\(sent)")
        let batches = again.requests().filter { $0["method"] as? String == "track.scrobble" }.suffix(2)
            .map { ($0["stored"] as? [Any])?.count ?? 0 }
        #expect(batches == [50, 10])
        #expect(again.stored().count == 61)
    }

    @Test func lastFMsSignatureIsTheMD5OfTheRFCsTestVectorsAndOfTheSortedParameters() {
        #expect(MD5.hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        let alphabet = "12345678901234567890123456789012345678901234567890123456789012345678901234567890"
        #expect(MD5.hex(Array(alphabet.utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
        let account = LastFM(apiKey: "k", apiSecret: "s")
        #expect(
            account.signature(of: ["method": "auth.getToken", "api_key": "k", "format": "json"])
                == MD5.hex(Array("api_keykmethodauth.getTokens".utf8)))
    }

    @Test func aListenIsASongOfThirtySecondsOrMoreWithAnArtist() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let song = MediaItem(id: 1, path: LibraryPath("/m/a.flac"), title: "T", artist: "A", duration: 30)
        #expect(Listen(song, startedAt: start)?.listenedAt == 1_700_000_000)
        var short = song
        short.duration = 29.9
        #expect(Listen(short, startedAt: start) == nil)
        var anonymous = song
        anonymous.artist = nil
        #expect(Listen(anonymous, startedAt: start) == nil)
        var stream = song
        stream.path = LibraryPath("https://radio.example/stream")
        #expect(Listen(stream, startedAt: start) == nil)
        var tagged = song
        tagged.musicBrainzIDs = MusicBrainzIDs(track: "not-a-uuid", album: mbid.uppercased(), artist: nil)
        let listen = Listen(tagged, startedAt: start)
        #expect(listen?.recordingMBID == nil && listen?.releaseMBID == mbid)
    }
}
