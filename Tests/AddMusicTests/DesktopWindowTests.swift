import AddMusicCore
import Foundation
import Testing

/// The desktop window, the real binary with its own session bus, on X11 (Xvfb) and again on Wayland (a private
/// weston), driven through the accessibility tree by Tests/desktop/flow.py (Debian's python3-pyatspi) on the
/// demo library and a real PulseAudio (and, for the system player, a real MPD): launch, the status caption drawn
/// whole, Add Music, two songs chosen, music heard, Show Music, one more added while the same song goes on (B-L1,
/// B-L2, B-A1–A6, B-N1); then per test the app sound's device unloaded while it plays (the alert and Resume, then
/// again and Stop, B-R2–R3), the keyboard shortcuts and the preferences (on Wayland through a weston with a seat: its
/// X11 backend in a private Xvfb, whose keys reach the focused Wayland window; the other runs use the headless
/// backend), a tag with an escape sequence (B-F2), the lyrics panel following a song's timed `.lrc` (in English and
/// in German), the window in German (B-T1), and the system player followed when another client skips (B-L2, B-N2);
/// the picker's seven pages and its search (B-A1) and the queue view's edits (B-A7) in the English, German and
/// system-player runs; in the English run, a search of more songs than the picker's list keeps rows for.
/// With
/// FLOW_SCREENSHOTS set to a folder, the English run on X11 saves the README's screenshots there.
@Suite(.serialized) struct DesktopWindowTests {
    @Test(arguments: DisplayServer.allCases)
    func theSpecFlowsShortcutsPreferencesAndTheAlertWorkInTheWindow(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display) else { return }
        // A song whose title holds an escape sequence and markup: shown as text, first in the list; with a 600×600
        // picture embedded, which the now-playing view shows large (the screenshots' song).
        let cover = try run.fixtures.picture(run.fixtures.root + "/escaped-cover.png", width: 600, height: 600)
        try run.fixtures.tone(
            "escaped.mp3", seconds: 40, tags: ["title": "00 \u{1b}[31mRed <b>bold</b>", "artist": "Escapist"],
            picture: cover)
        // A compilation of two artists with a composer, and a playlist file of it: the picker's other pages.
        for (file, artist) in [("mix/1.mp3", "Lena Berg"), ("mix/2.mp3", "Tom Ek")] {
            try run.fixtures.tone(
                file, seconds: 40,
                tags: [
                    "title": "Harbour \(artist)", "artist": artist, "album": "Summer Mix", "compilation": "1",
                    "composer": "Clara Weiss", "genre": "Pop",
                ])
        }
        try "#EXTM3U\nmix/1.mp3\nmix/2.mp3\n".write(
            toFile: run.fixtures.music + "/Evening.m3u", atomically: true, encoding: .utf8)
        run.environment["FLOW_PICKER_PAGES"] = "1"
        run.environment["FLOW_PICKER_GROUPS"] = "playlist=Evening;compilation=Summer Mix;composer=Clara Weiss"
        // Headphones as the default sink, unloaded by the driver while the app sound plays there.
        let loaded = try Fixtures.run(
            "/usr/bin/pactl",
            ["--server=\(run.pulse.server)", "load-module", "module-null-sink", "sink_name=headphones"])
        _ = try Fixtures.run("/usr/bin/pactl", ["--server=\(run.pulse.server)", "set-default-sink", "headphones"])
        run.environment["FLOW_UNLOAD_MODULE"] = loaded.output.trimmingCharacters(in: .whitespacesAndNewlines)
        run.environment["FLOW_ESCAPED"] = "00 \u{241b}[31mRed <b>bold</b>"
        run.environment["FLOW_KEYS"] = "1"
        run.environment["FLOW_QUEUE_EDIT"] = "1"
        run.seat = true
        run.environment["FLOW_RATINGS"] = "1"
        run.environment["FLOW_TAG_EDIT"] = "1"
        run.environment["FLOW_PLAYLISTS"] = "1"
        run.environment["FLOW_SLEEP"] = "1"
        run.environment["FLOW_ADDMUSIC"] = Fixtures.addmusic
        run.environment["FLOW_CONFIG"] = run.fixtures.root + "/config-home/addmusic/config"
        try run.addTimedLyrics()
        try run.addManySongs(220, artist: "Zed Band")
        let recording = try run.pulse.record(sink: "headphones")
        Thread.sleep(forTimeInterval: 2)
        try run.drive(arguments: ["--music-dir", run.fixtures.music])
        // The music reached the audio server.
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(spans.map(\.seconds).reduce(0, +) > 1, "\(spans)")
    }

    @Test(arguments: DisplayServer.allCases)
    func withGermanAsTheLanguageTheWindowIsGerman(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display) else { return }
        run.environment["LANG"] = "de_DE.UTF-8"
        run.environment["FLOW_LANGUAGE"] = "de"
        run.environment["FLOW_PICKER_PAGES"] = "1"
        run.environment["FLOW_RATINGS"] = "1"
        run.environment["FLOW_TAG_EDIT"] = "1"
        run.environment["FLOW_PLAYLISTS"] = "1"
        run.environment["FLOW_SLEEP"] = "1"
        run.environment["FLOW_ADDMUSIC"] = Fixtures.addmusic
        run.environment["FLOW_QUEUE_EDIT"] = "1"
        try run.addTimedLyrics()
        try run.drive()
    }

    @Test func withNoDisplayTheWindowCommandSaysSoInOneLine() throws {
        let fixtures = try Fixtures()
        var environment = fixtures.environment()
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let result = try Fixtures.run(Fixtures.addmusic, ["window"], environment: environment)
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("No display") && result.errorOutput.contains("addmusic play"))
        #expect(result.errorOutput.split(separator: "\n").count == 1)
    }

    /// B-O1: a word that names a file is opened in the window, not taken for an unknown command; a plain unknown word
    /// still is one.
    @Test func aFileNamedOnTheCommandLineGoesToTheWindowNotToTheCommands() throws {
        let fixtures = try Fixtures()
        let environment = fixtures.environment()  // no display
        let opened = try Fixtures.run(Fixtures.addmusic, ["some/song.mp3"], environment: environment)
        #expect(opened.status == 1 && opened.errorOutput.hasPrefix("No display"), "\(opened.errorOutput)")
        let unknown = try Fixtures.run(Fixtures.addmusic, ["frobnicate"], environment: environment)
        #expect(unknown.status == 2 && !unknown.errorOutput.hasPrefix("No display"), "\(unknown.errorOutput)")
    }
}
