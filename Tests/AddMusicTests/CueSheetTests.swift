import Foundation
import MediaLibrary
import MediaModel
import Testing

@testable import MusicPlayer

/// Cue sheets (B-L12): a `.cue` beside a single-file album, or a `CUESHEET` tag inside it, makes each track a song of
/// its own; the big file is hidden, tracks keep their ids, play from their INDEX 01 to the next and join sample-exact;
/// a sheet that lies is a problem.
@Suite struct CueSheetTests {
    /// The sheet of `threeTones`: 440 Hz for 2 s, 880 Hz for 3 s, 1320 Hz for 2 s.
    static func sheet(
        file: String = "album.flac", thirdStart: String = "00:05:00", titles: [String] = ["One", "Two", "Three"]
    )
        -> String
    {
        """
        REM GENRE Test
        REM DATE 2024
        PERFORMER "Cue Artist"
        TITLE "Cue Album"
        FILE "\(file)" WAVE
          TRACK 01 AUDIO
            TITLE "\(titles[0])"
            PERFORMER "First Performer"
            INDEX 01 00:00:00
          TRACK 02 AUDIO
            TITLE "\(titles[1])"
            INDEX 00 00:01:70
            INDEX 01 00:02:00
          TRACK 03 AUDIO
            TITLE "\(titles[2])"
            SONGWRITER "Writer"
            INDEX 01 \(thirdStart)

        """
    }

    /// Three tones one after another in one stereo FLAC, with the sheet `cue` (as bytes) beside it unless nil, or in
    /// its `CUESHEET` tag when `embedded`.
    @discardableResult
    static func threeTones(
        _ fixtures: Fixtures, folder: String = "Album", cue: [UInt8]? = Array(sheet().utf8), embedded: Bool = false
    ) throws -> String {
        let path = fixtures.music + "/\(folder)/album.flac"
        try FileManager.default.createDirectory(
            atPath: fixtures.music + "/\(folder)", withIntermediateDirectories: true)
        var arguments = [
            "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-f", "lavfi", "-i", "sine=frequency=880:duration=3",
            "-f", "lavfi", "-i", "sine=frequency=1320:duration=2", "-filter_complex", "[0][1][2]concat=n=3:v=0:a=1",
            "-ar", "44100", "-ac", "2", "-sample_fmt", "s16",
        ]
        if embedded, let cue { arguments += ["-metadata", "CUESHEET=" + String(decoding: cue, as: UTF8.self)] }
        try fixtures.ffmpeg(arguments + [path])
        if !embedded, let cue { try fixtures.file("\(folder)/album.cue", bytes: cue) }
        return path
    }

    @Test func aSheetReadsItsTracksTimesAndTagsInUTF8WithAByteOrderMarkAndInWindows1252() throws {
        let text = """
            REM GENRE "Chanson"
            REM DATE 1999
            REM REPLAYGAIN_ALBUM_GAIN -7.50 dB
            PERFORMER "Édith"
            TITLE "Café \u{20AC}"
            FILE "C:\\Rips\\album.wav" WAVE
              TRACK 01 AUDIO
                TITLE "Première"
                REM REPLAYGAIN_TRACK_GAIN -6.25 dB
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "Deuxième"
                INDEX 00 03:59:74
                INDEX 01 04:00:01

            """
        let utf8 = try CueSheet(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        let windows = try CueSheet(bytes: text.unicodeScalars.map { $0.value == 0x20AC ? 0x80 : UInt8($0.value) })
        for sheet in [utf8, windows] {
            #expect(sheet.title == "Café €" && sheet.performer == "Édith" && sheet.genre == "Chanson")
            #expect(sheet.year == 1999 && sheet.replayGain.albumGain == -7.5)
            #expect(sheet.files.map(\.name) == ["C:\\Rips\\album.wav"])
            #expect(sheet.tracks.map(\.title) == ["Première", "Deuxième"])
            #expect(sheet.tracks.map(\.number) == [1, 2])
            // INDEX 01 counts, not INDEX 00: 4 minutes and one frame.
            #expect(sheet.tracks.map(\.start) == [0, 240 * 75 + 1])
            #expect(sheet.tracks.first?.replayGain.trackGain == -6.25)
        }
    }

    @Test func aSheetThatCannotBeReadSaysWhy() {
        let header = "FILE \"a.flac\" WAVE\n  TRACK 01 AUDIO\n"
        #expect(throws: CueSheetError.badTime("00:61:00", line: 3)) {
            try CueSheet(text: header + "    INDEX 01 00:61:00\n")
        }
        #expect(throws: CueSheetError.noStart(track: 1)) { try CueSheet(text: header + "    TITLE \"x\"\n") }
        #expect(throws: CueSheetError.outOfOrder(track: 2)) {
            try CueSheet(text: header + "    INDEX 01 00:05:00\n  TRACK 02 AUDIO\n    INDEX 01 00:04:00\n")
        }
        #expect(throws: CueSheetError.noTracks) { try CueSheet(text: "TITLE \"Only a title\"\n") }
        #expect(throws: CueSheetError.trackOutsideFile(line: 1)) { try CueSheet(text: "TRACK 01 AUDIO\n") }
        #expect(throws: CueSheetError.tooLarge(CueSheet.maximumBytes + 1)) {
            try CueSheet(bytes: [UInt8](repeating: 0x20, count: CueSheet.maximumBytes + 1))
        }
    }

    @Test func aSheetOfARipOfOneFileATrackLeavesItsSongsAsTheyAre() throws {
        // EAC's default layout: the pregap of track 2 ends file 1, its INDEX 01 is in file 2.
        let text = """
            FILE "01.flac" WAVE
              TRACK 01 AUDIO
                TITLE "First"
                INDEX 01 00:00:00
              TRACK 02 AUDIO
                TITLE "Second"
                INDEX 00 00:01:00
            FILE "02.flac" WAVE
                INDEX 01 00:00:00

            """
        let sheet = try CueSheet(text: text)
        #expect(sheet.files.map(\.name) == ["01.flac", "02.flac"])
        #expect(sheet.files.map { $0.tracks.map(\.title) } == [["First"], ["Second"]])
        let fixtures = try Fixtures()
        try fixtures.tone("Rip/01.flac", seconds: 2, tags: ["title": "First"])
        try fixtures.tone("Rip/02.flac", seconds: 2, tags: ["title": "Second"])
        try fixtures.file("Rip/rip.cue", bytes: Array(text.utf8))
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 2 && summary.unreadable.isEmpty, "\(summary)")
        #expect(try library.songs().map(\.path.lastComponent.description).sorted() == ["01.flac", "02.flac"])
        #expect(try library.songs().allSatisfy { $0.segment == nil })
    }

    @Test func threeTonesInOneFLACWithACueSheetListAsThreeSongsAndTheBigFileIsHidden() throws {
        let fixtures = try Fixtures()
        let file = try Self.threeTones(fixtures)
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 3 && summary.unreadable.isEmpty, "\(summary)")
        let songs = try library.songs().sorted { ($0.trackNumber ?? 0) < ($1.trackNumber ?? 0) }
        #expect(songs.map(\.title) == ["One", "Two", "Three"])
        #expect(songs.map(\.trackNumber) == [1, 2, 3])
        #expect(songs.map(\.duration) == [2, 3, 2])
        #expect(songs.map(\.artist) == ["First Performer", "Cue Artist", "Cue Artist"])
        #expect(songs.allSatisfy { $0.album == "Cue Album" && $0.albumArtist == "Cue Artist" && $0.year == 2024 })
        #expect(songs.map(\.composer) == [nil, nil, "Writer"])
        #expect(songs.map(\.path.description) == (1...3).map { fixtures.music + "/Album/album.cue/track000\($0)" })
        #expect(
            songs.map(\.segment) == [
                SongSegment(file: LibraryPath(file), start: 0, end: 150),
                SongSegment(file: LibraryPath(file), start: 150, end: 375),
                SongSegment(file: LibraryPath(file), start: 375, end: nil),
            ])
        #expect(try library.item(atPath: LibraryPath(file)) == nil, "the big file is not a song of its own")
        // Unchanged, the next scan reads nothing.
        let again = try library.scan(roots: fixtures.roots)
        #expect(again.unchanged == 3 && again.added == 0 && again.updated == 0 && again.removed == 0, "\(again)")
    }

    @Test func cueTracksKeepTheirIdsAndStatisticsWhenTheSheetOrTheFileChanges() throws {
        let fixtures = try Fixtures()
        try Self.threeTones(fixtures)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let before = try library.songs()
        let second = try #require(before.first { $0.title == "Two" })
        try library.recordPlay(of: second.id)
        // The sheet retitled (a new size and time), then the file replaced by a new encoding of the same sound.
        try fixtures.file("Album/album.cue", bytes: Array(Self.sheet(titles: ["Un", "Deux", "Trois"]).utf8))
        let retitled = try library.scan(roots: fixtures.roots)
        #expect(retitled.updated == 3 && retitled.added == 0 && retitled.removed == 0, "\(retitled)")
        let after = try library.songs()
        #expect(Set(after.map(\.id)) == Set(before.map(\.id)))
        #expect(try library.item(id: second.id)?.title == "Deux")
        #expect(try library.statistics(of: second.id)?.playCount == 1)
        // Without its sheet, the file is one song again.
        try FileManager.default.removeItem(atPath: fixtures.music + "/Album/album.cue")
        let whole = try library.scan(roots: fixtures.roots)
        #expect(whole.added == 1 && whole.removed == 3, "\(whole)")
        #expect(try library.songs().map(\.title) == ["album"])
    }

    @Test func whileTheSheetCannotBeReadItsTracksStayWithTheirIds() throws {
        let fixtures = try Fixtures()
        try Self.threeTones(fixtures)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let before = try library.songs().map(\.id).sorted()
        // Half written: a time that is no time.
        try fixtures.file("Album/album.cue", bytes: Array(Self.sheet(thirdStart: "00:0").utf8))
        let broken = try library.scan(roots: fixtures.roots)
        #expect(broken.removed == 0 && broken.added == 0, "\(broken)")
        #expect(try library.songs().map(\.id).sorted() == before)
        #expect(try library.problems().contains { $0.path.description.hasSuffix("album.cue") })
        try fixtures.file("Album/album.cue", bytes: Array(Self.sheet().utf8))
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.songs().map(\.id).sorted() == before)
        #expect(try library.problems().isEmpty)
    }

    @Test func aSheetInTheFilesCueSheetTagMakesItsTracksSongs() throws {
        let fixtures = try Fixtures()
        let file = try Self.threeTones(fixtures, embedded: true)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs().sorted { ($0.trackNumber ?? 0) < ($1.trackNumber ?? 0) }
        #expect(songs.map(\.title) == ["One", "Two", "Three"])
        #expect(songs.map(\.path.description) == (1...3).map { file + "/track000\($0)" })
        #expect(songs.map(\.duration) == [2, 3, 2])
        let again = try library.scan(roots: fixtures.roots)
        #expect(again.unchanged == 3 && again.updated == 0, "\(again)")
    }

    @Test func aSheetThatLiesIsAProblemInLibraryProblems() throws {
        let fixtures = try Fixtures()
        // A sheet naming a file the folder does not hold: no track, a problem.
        try Self.threeTones(fixtures, folder: "Missing", cue: Array(Self.sheet(file: "gone.wav").utf8))
        // A sheet whose third track starts after the file's 7 s: the first two are songs.
        try Self.threeTones(fixtures, folder: "Long", cue: Array(Self.sheet(thirdStart: "00:09:00").utf8))
        // Windows-1252 and a FILE named for the WAV the FLAC was made from: read as meant.
        let windows = Self.sheet(file: "album.wav", titles: ["Caf\u{E9}", "Na\u{EF}ve", "\u{20AC}"]).unicodeScalars
            .map { $0.value == 0x20AC ? UInt8(0x80) : UInt8($0.value) }
        try Self.threeTones(fixtures, folder: "Windows", cue: windows)
        let environment = fixtures.environment()
        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 3, "the scan ends saying it met problems: \(scan.errorOutput)")
        let problems = try Fixtures.run(Fixtures.addmusic, ["library", "problems"], environment: environment).output
        #expect(
            problems.contains("Missing/album.cue: cue sheet names \"gone.wav\", which is not in its folder"),
            "\(problems)")
        #expect(
            problems.contains("Long/album.cue: cue sheet track 3 starts at 0:09, past the end of its file (0:07)"),
            "\(problems)")
        let library = try MusicLibrary(databasePath: fixtures.root + "/data-home/addmusic/library.sqlite")
        let titles = try library.songs().map(\.title).sorted()
        #expect(titles == ["Café", "Naïve", "One", "Two", "album", "€"].sorted(), "\(titles)")
        // Mended, the problem goes and the track comes.
        try fixtures.file("Long/album.cue", bytes: Array(Self.sheet().utf8))
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let mended = try Fixtures.run(Fixtures.addmusic, ["library", "problems"], environment: environment).output
        #expect(!mended.contains("Long/album.cue"), "\(mended)")
        #expect(try library.songs().filter { $0.path.description.contains("/Long/") }.count == 3)
    }

    @Test func consecutiveCueTracksPlayFromIndexToIndexAndJoinSampleExact() throws {
        let fixtures = try Fixtures()
        let file = try Self.threeTones(fixtures)
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let tracks = (1...3).map { fixtures.music + "/Album/album.cue/track000\($0)" }
        let heard = fixtures.root + "/heard.wav"
        let played = try Fixtures.run(
            Fixtures.addmusic, ["play"] + tracks + ["--output", "wav:" + heard], environment: environment)
        #expect(played.status == 0, "\(played.errorOutput)")
        let whole = fixtures.root + "/whole.wav"
        try fixtures.ffmpeg(["-i", file, whole])
        let samples = try WAVSamples(path: heard).samples
        #expect(samples.count == 7 * 44_100 * 2)
        #expect(samples == (try WAVSamples(path: whole)).samples, "the three tracks are the file, sample for sample")
        // The second track alone: its 3 s of 880 Hz.
        let second = fixtures.root + "/second.wav"
        _ = try Fixtures.run(
            Fixtures.addmusic, ["play", tracks[1], "--output", "wav:" + second], environment: environment)
        let alone = try WAVSamples(path: second).samples
        #expect(alone == Array(samples[(2 * 44_100 * 2)..<(5 * 44_100 * 2)]))
    }

    @Test func openingTheCueSheetOrItsFilePlaysItsTracks() throws {
        let fixtures = try Fixtures()
        let file = try Self.threeTones(fixtures)
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let whole = fixtures.root + "/whole.wav"
        try fixtures.ffmpeg(["-i", file, whole])
        for opened in [fixtures.music + "/Album/album.cue", file] {
            let heard = fixtures.root + "/heard.wav"
            let played = try Fixtures.run(
                Fixtures.addmusic, ["play", opened, "--output", "wav:" + heard], environment: environment)
            #expect(played.status == 0, "\(played.errorOutput)")
            #expect(played.output.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 3, "\(played.output)")
            #expect(try WAVSamples(path: heard).samples == (try WAVSamples(path: whole)).samples)
        }
    }

    @Test func onTheSystemPlayerTheDaemonListsTheSameTracks() throws {
        let fixtures = try Fixtures()
        try Self.threeTones(fixtures)
        guard let server = try MPDServer.start(music: fixtures.music) else { return }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let ours = try library.songs().sorted { $0.path < $1.path }
        let theirs = try MPDDatabase(address: server.address).songs().sorted { $0.path < $1.path }
        #expect(theirs.map(\.title) == ours.map(\.title))
        #expect(theirs.map(\.duration) == ours.map(\.duration))
        // The same names, relative to the music folder: a hand-off between the players finds each track.
        #expect(
            theirs.map(\.path.description)
                == ours.map { String($0.path.description.dropFirst(fixtures.music.count + 1)) })
    }
}

/// Cue tracks heard at a real null sink (PulseAudio, or PipeWire with `ADDMUSIC_AUDIO_SERVER=pipewire`).
@Suite(.serialized) struct CueSheetAtTheSinkTests {
    @Test func threeCueTracksPlayTheirOwnToneEachAndJoinWithoutAGap() throws {
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        try CueSheetTests.threeTones(fixtures)
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let recording = try pulse.record()
        #expect(recording.waitUntilListening())
        let tracks = (1...3).map { fixtures.music + "/Album/album.cue/track000\($0)" }
        let result = try Fixtures.run(Fixtures.addmusic, ["play"] + tracks, environment: environment)
        let sound = Sound(samples: try recording.stop())
        #expect(result.status == 0, "\(result.errorOutput)")
        let spans = sound.loudSpans()
        guard spans.count == 1, let span = spans.first else {
            Issue.record("one stretch of sound expected: \(spans)")
            return
        }
        #expect(abs(span.seconds - 7) < 0.05, "\(span)")
        for (from, to, frequency) in [(0.5, 1.5, 440.0), (2.5, 4.5, 880.0), (5.5, 6.5, 1_320.0)] {
            let part = Sound.Span(start: span.start + Int(from * 44_100), end: span.start + Int(to * 44_100))
            #expect(abs(sound.frequency(in: part) - frequency) < 5, "\(from)–\(to) s: \(sound.frequency(in: part)) Hz")
        }
        // No gap or step at the borders (2 s and 5 s in): nothing steeper than the highest tone's own slope.
        let frames = (span.start + 4_410)..<(span.end - 4_410)
        let peak = Double(frames.map { abs(Int(sound.samples[$0 * 2])) }.max() ?? 0)
        let largest = frames.map { abs(Int(sound.samples[$0 * 2]) - Int(sound.samples[($0 - 1) * 2])) }.max() ?? 0
        let steps = frames.map { abs(Int(sound.samples[$0 * 2]) - Int(sound.samples[($0 - 1) * 2])) }
        let at = 0.1 + Double(steps.firstIndex(of: largest) ?? 0) / 44_100
        #expect(Double(largest) <= peak * 2 * Double.pi * 1_320 / 44_100 + 4, "a step of \(largest) at \(at) s")
    }
}
