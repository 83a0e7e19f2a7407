import AudioEngine
import Foundation
import MediaModel
import Testing

/// The engine plays `http` streams from a loopback server: a file served whole, one that drops or stalls (reported
/// and reconnected), ICY titles as they change, and servers that never answer, answer garbage or redirect for ever
/// (reported, and the queue goes on); no wait on the network outlives a skip.
@Suite struct StreamPlaybackTests {
    @Test func aFileServedOverHTTPPlaysWholeAndTheQueueGoesOnToTheNextFile() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 2, extraArguments: ["-ac", "2", "-ar", "44100"])
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: served)
        let heard = try play(
            [EngineTrack(streamURL: server.url("/file")), EngineTrack(path: after)], fixtures: fixtures)
        #expect(heard.events == [.started(0), .started(1), .finished(1)])
        // The MP3's encoder delay and padding are trimmed as for a file: two seconds, then half a second.
        #expect(abs(heard.frames - 88_200 - 22_050) <= 1, "\(heard.frames) frames")
    }

    @Test func aStreamThatNeverAnswersIsReportedAndTheQueueGoesOn() throws {
        let fixtures = try Fixtures()
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: after)
        let silent = EngineTrack(streamURL: "http://127.0.0.1:\(server.silentPort)/radio")
        let heard = try play([silent, EngineTrack(path: after)], streamTimeout: 1, fixtures: fixtures)
        #expect(heard.events.count == 3, "\(heard.events)")
        if case .failed(0, let message) = heard.events.first {
            #expect(message.contains("no answer within 1 s"), "\(message)")
        } else {
            Issue.record("expected the silent server to be reported: \(heard.events)")
        }
        #expect(Array(heard.events.suffix(2)) == [.started(1), .finished(1)])
    }

    @Test func aStreamThatAnswersButNeverSendsAudioIsReportedAndTheQueueGoesOn() throws {
        let fixtures = try Fixtures()
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: after)
        let tracks = [EngineTrack(streamURL: server.url("/mute")), EngineTrack(path: after)]
        let heard = try play(tracks, streamTimeout: 1, fixtures: fixtures)
        #expect(
            heard.events == [
                .failed(0, message: "open stream: the server answered but sent no audio within 1 s"),
                .started(1), .finished(1),
            ])
    }

    @Test func streamsThatAnswerGarbageOrRedirectForeverAreReportedAndTheQueueGoesOn() throws {
        let fixtures = try Fixtures()
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: after)
        let tracks = [
            EngineTrack(streamURL: server.url("/garbage")),
            EngineTrack(streamURL: "http://127.0.0.1:\(server.garbagePort)/radio"),
            EngineTrack(streamURL: server.url("/redirect")),
            EngineTrack(streamURL: server.url("/missing")),
            EngineTrack(path: after),
        ]
        let heard = try play(tracks, streamTimeout: 2, fixtures: fixtures)
        let failed = heard.events.compactMap { event -> String? in
            if case .failed(let token, let message) = event { return "\(token.value): \(message)" }
            return nil
        }
        let notAStream = "open stream: the answer is not a stream (cut short, not HTTP, or redirected too often)"
        #expect(
            failed == [
                "0: " + notAStream, "1: " + notAStream, "2: " + notAStream,
                "3: open stream: Server returned 404 Not Found",
            ],
            "\(heard.events)")
        #expect(Array(heard.events.suffix(2)) == [.started(4), .finished(4)])
        #expect(heard.frames == 22_050)
    }

    @Test func anHTTPSStreamWhoseCertificateIsNotTrustedIsRefusedAndTheQueueGoesOn() throws {
        let fixtures = try Fixtures()
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: after)
        let untrusted = EngineTrack(streamURL: "https://127.0.0.1:\(server.tlsPort)/file")
        let heard = try play([untrusted, EngineTrack(path: after)], streamTimeout: 5, fixtures: fixtures)
        let refusal =
            "open stream: the answer is not a stream (cut short, not HTTP, redirected too often, or its certificate not "
            + "trusted)"
        #expect(heard.events == [.failed(0, message: refusal), .started(1), .finished(1)])
    }

    @Test func aStreamThatDropsIsReportedAndReconnected() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 4, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        let heard = try play([EngineTrack(streamURL: server.url("/drop"))], fixtures: fixtures)
        let reconnections = heard.events.compactMap { event -> (Int, String)? in
            if case .streamReconnecting(0, let attempt, let message) = event { return (attempt, message) }
            return nil
        }
        #expect(reconnections.map(\.0) == [1], "\(heard.events)")
        #expect(reconnections.first?.1.contains("the server closed the stream after") == true, "\(reconnections)")
        #expect(heard.events.first == .started(0))
        #expect(heard.events.last?.isFinished == true)
        // The first half, then the whole from its start: more than the file, less than twice it.
        #expect(heard.frames > 176_400 && heard.frames < 2 * 176_400, "\(heard.frames) frames")
    }

    @Test func aStreamThatStaysGoneIsSkippedAfterThreeReconnectionsAndTheQueueGoesOn() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 2, extraArguments: ["-ac", "2", "-ar", "44100"])
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: served)
        let heard = try play(
            [EngineTrack(streamURL: server.url("/gone")), EngineTrack(path: after)], fixtures: fixtures)
        let attempts = heard.events.compactMap { event -> Int? in
            if case .streamReconnecting(0, let attempt, _) = event { return attempt }
            return nil
        }
        #expect(attempts == [1, 2, 3], "\(heard.events)")
        let failure = heard.events.compactMap { event -> String? in
            if case .failed(0, let message) = event { return message }
            return nil
        }
        #expect(failure == ["open stream: Server returned 404 Not Found (reconnected 3 times in vain)"], "\(failure)")
        #expect(heard.events.first == .started(0))
        #expect(Array(heard.events.suffix(2)) == [.started(1), .finished(1)])
    }

    @Test func aStreamThatStallsIsReportedAndReconnected() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 4, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        let heard = try play([EngineTrack(streamURL: server.url("/stall"))], streamTimeout: 1, fixtures: fixtures)
        let messages = heard.events.compactMap { event -> String? in
            if case .streamReconnecting(0, 1, let message) = event { return message }
            return nil
        }
        #expect(messages.count == 1, "\(heard.events)")
        #expect(messages.first?.contains("nothing received for 1 s") == true, "\(messages)")
        #expect(heard.events.last?.isFinished == true)
    }

    @Test func skippingAStreamThatNeverAnswersDoesNotWaitForTheNetwork() throws {
        let fixtures = try Fixtures()
        let after = try fixtures.tone("after.flac", seconds: 0.5, extraArguments: ["-ac", "2"])
        let server = try StreamServer(serving: after)
        let events = Locked([PlaybackEngine.Event]())
        // A bound far beyond the test's: only the skip can end the wait in time.
        let engine = try TrackList(
            output: NullOutput(), streamTimeout: 600, events: DispatchQueue(label: "test.engine")
        ) { event in events.withLock { $0.append(event) } }
        defer { engine.shutDown() }
        let silent = EngineTrack(streamURL: "http://127.0.0.1:\(server.silentPort)/radio")
        engine.play([silent, EngineTrack(path: after)])
        Thread.sleep(forTimeInterval: 0.5)
        engine.skip(to: 1)
        #expect(
            Fixtures.waitUntil(seconds: 20) { events.withLock { $0.last?.isFinished == true } },
            "\(events.withLock { $0 })")
        #expect(events.withLock { $0 } == [.started(1), .finished(1)])
    }

    @Test func icyTitlesAreReportedAsTheyChangeAndKeepTheirEscapesAsText() throws {
        let fixtures = try Fixtures()
        let served = try fixtures.tone("served.mp3", seconds: 1, extraArguments: ["-ac", "2", "-ar", "44100"])
        let server = try StreamServer(serving: served)
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(output: NullOutput(), events: DispatchQueue(label: "test.engine")) { event in
            events.withLock { $0.append(event) }
        }
        defer { engine.shutDown() }
        engine.play([EngineTrack(streamURL: server.url("/icy"))])
        let titles = {
            events.withLock {
                $0.compactMap { event -> String? in
                    if case .streamTitleChanged(0, let title) = event { return title }
                    return nil
                }
            }
        }
        #expect(Fixtures.waitUntil(seconds: 20) { titles().count >= 3 }, "\(events.withLock { $0 })")
        let seen = titles()
        // In order, each once, the escape sequence kept as the text it is (the player shows it through
        // TerminalSafeText).
        #expect(seen.first?.hasPrefix("Loop ") == true)
        #expect(seen.allSatisfy { $0.hasSuffix(" \u{1B}[2J") }, "\(seen)")
        let loops = seen.compactMap { Int($0.dropFirst(5).prefix { $0.isNumber }) }
        #expect(loops == loops.sorted() && Set(loops).count == loops.count, "\(seen)")
        #expect(events.withLock { $0.first } == .started(0))
    }

    struct Heard {
        var frames: Int
        var events: [PlaybackEngine.Event]
    }

    private func play(_ tracks: [EngineTrack], streamTimeout: Double = 10, fixtures: Fixtures) throws -> Heard {
        let path = fixtures.root + "/heard-\(UUID().uuidString).wav"
        let events = Locked([PlaybackEngine.Event]())
        let engine = try TrackList(
            output: WAVFileOutput(path: path), streamTimeout: streamTimeout, events: DispatchQueue(label: "test.engine")
        ) { event in events.withLock { $0.append(event) } }
        engine.play(tracks)
        let ended = Fixtures.waitUntil(seconds: 60) { events.withLock { $0.last?.isFinished == true } }
        engine.shutDown()
        #expect(ended, "the queue never ended: \(events.withLock { $0 })")
        return Heard(frames: try WAVSamples(path: path).frames, events: events.withLock { $0 })
    }
}
