import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import Testing

/// The lyrics panel's timing (docs/BEHAVIOUR.md, "The lyrics panel"): on real songs made by ffmpeg and scanned, the
/// line sung at a time is the last timed line of the song's `.lrc` that has started; plain lyrics have none; and the
/// app controller hands the window the playing song's lyrics and its large artwork, read off the main thread.
@Suite(.serialized) struct LyricsTimingTests {
    /// A song's `.lrc`: a header, a line with two stamps, lines out of order, a line with hundredths and one in
    /// `mm:ss:xx` form.
    static let lrc = """
        [ti:Timing]
        [ar:Tester]
        [00:04.50]third
        [00:01.00][00:09.00]first and last
        [00:02.25]second
        [00:06:75]fourth
        """

    @Test func theLineSungIsTheLastTimedLineOfARealSongsLrcThatHasStarted() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.tone("Timed.flac", seconds: 2, tags: ["title": "Timed"])
        try Self.lrc.write(toFile: (song as NSString).deletingPathExtension + ".lrc", atomically: true, encoding: .utf8)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let lines = try #require(try library.item(atPath: LibraryPath(song))).lyricsLines
        #expect(lines.map(\.text) == ["first and last", "second", "third", "fourth", "first and last"])
        #expect(LyricsTiming.isTimed(lines))
        let expected: [(Double, String?)] = [
            (0, nil), (0.99, nil), (1, "first and last"), (2.2, "first and last"), (2.25, "second"),
            (4.49, "second"), (4.5, "third"), (6.7, "third"), (6.75, "fourth"), (8.999, "fourth"),
            (9, "first and last"), (600, "first and last"),
        ]
        for (seconds, text) in expected {
            let index = LyricsTiming.currentLine(in: lines, at: seconds)
            #expect(index.map { lines[$0].text } == text, "at \(seconds) s")
        }
        // The same line twice is two places in the song: the last one sung is the later one.
        #expect(LyricsTiming.currentLine(in: lines, at: 9.5) == 4)
        #expect(LyricsTiming.currentLine(in: lines, at: .nan) == nil)
    }

    @Test func plainLyricsHaveNoLineSung() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Plain.mp3", seconds: 1, tags: ["title": "Plain", "lyrics": "one line\nanother line"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let lines = try #require(try library.songs().first).lyricsLines
        #expect(lines.map(\.text) == ["one line", "another line"])
        #expect(!LyricsTiming.isTimed(lines))
        #expect(LyricsTiming.currentLine(in: lines, at: 0) == nil)
        #expect(LyricsTiming.currentLine(in: lines, at: 30) == nil)
        #expect(LyricsTiming.currentLine(in: [], at: 1) == nil)
    }

    @Test func theControllerGivesThePlayingSongsLyricsAndItsFullPictureAtTheSideAsked() throws {
        let fixtures = try Fixtures()
        let cover = try fixtures.picture(fixtures.root + "/cover.png", width: 900, height: 600)
        let first = try fixtures.tone(
            "0.flac", seconds: 30, tags: ["title": "Song 0", "artist": "Artist", "album": "Album", "track": "1"],
            picture: cover)
        try fixtures.tone("1.flac", seconds: 30, tags: ["title": "Song 1", "artist": "Artist", "track": "2"])
        try Self.lrc.write(
            toFile: (first as NSString).deletingPathExtension + ".lrc", atomically: true, encoding: .utf8)
        let app = try ControllerHarness(heard: false, fixtures: fixtures)
        let items = app.items.sorted { $0.title < $1.title }
        app.controller.onMainActor { $0.setLargeArtworkSide(400) }
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.pickerDone(with: items) }
        #expect(
            app.waitFor { $0.lyrics?.map(\.text) == ["first and last", "second", "third", "fourth", "first and last"] })
        #expect(app.waitFor { $0.largeArtwork != nil })
        #expect(
            app.waitFor { $0.nowPlaying == .init(title: "Song 0", artist: "Artist", album: "Album", canRate: true) })
        // Made from the full 900×600 picture, not the 256-pixel thumbnail: 400 pixels on its long side.
        #expect(try Self.size(of: #require(app.state.largeArtwork), in: fixtures) == "400x266")
        // Asked for a larger side (a screen with twice the scale), it is read again at that side.
        app.controller.onMainActor { $0.setLargeArtworkSide(800) }
        #expect(app.waitFor { $0.largeArtwork.map { (try? Self.size(of: $0, in: fixtures)) == "800x532" } ?? false })
        // The next song has no lyrics and no picture: no lines (the panel's "No lyrics"), and no large artwork.
        app.controller.onMainActor { $0.skipToNext() }
        #expect(app.waitFor { $0.nowPlaying?.title == "Song 1" && $0.lyrics == [] })
        #expect(app.state.largeArtwork == nil && app.state.nowPlaying?.album == nil)
    }

    /// "WIDTHxHEIGHT" of a JPEG, as ffprobe reads it.
    static func size(of jpeg: [UInt8], in fixtures: Fixtures) throws -> String {
        let path = fixtures.root + "/large-\(UUID().uuidString).jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        let result = try Fixtures.run(
            "/usr/bin/ffprobe",
            ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0:s=x", path])
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
