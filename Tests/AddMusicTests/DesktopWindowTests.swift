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
/// backend), a tag with an escape sequence (B-F2),
/// the window in German (B-T1), and the system player followed when another client skips (B-L2, B-N2). With
/// FLOW_SCREENSHOTS set to a folder, the English run on X11 saves the README's screenshots there.
@Suite(.serialized) struct DesktopWindowTests {
    @Test(arguments: DisplayServer.allCases)
    func theSpecFlowsShortcutsPreferencesAndTheAlertWorkInTheWindow(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display) else { return }
        // A song whose title holds an escape sequence and markup: shown as text, first in the list.
        try run.fixtures.tone(
            "escaped.mp3", seconds: 40, tags: ["title": "00 \u{1b}[31mRed <b>bold</b>", "artist": "Escapist"])
        // Headphones as the default sink, unloaded by the driver while the app sound plays there.
        let loaded = try Fixtures.run(
            "/usr/bin/pactl",
            ["--server=\(run.pulse.server)", "load-module", "module-null-sink", "sink_name=headphones"])
        _ = try Fixtures.run("/usr/bin/pactl", ["--server=\(run.pulse.server)", "set-default-sink", "headphones"])
        run.environment["FLOW_UNLOAD_MODULE"] = loaded.output.trimmingCharacters(in: .whitespacesAndNewlines)
        run.environment["FLOW_ESCAPED"] = "00 \u{241b}[31mRed <b>bold</b>"
        run.environment["FLOW_KEYS"] = "1"
        run.seat = true
        run.environment["FLOW_CONFIG"] = run.fixtures.root + "/config-home/addmusic/config"
        let recording = try run.pulse.record(sink: "headphones")
        Thread.sleep(forTimeInterval: 2)
        try run.drive()
        // The music reached the audio server.
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(spans.map(\.seconds).reduce(0, +) > 1, "\(spans)")
    }

    @Test(arguments: DisplayServer.allCases)
    func withGermanAsTheLanguageTheWindowIsGerman(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display) else { return }
        run.environment["LANG"] = "de_DE.UTF-8"
        run.environment["FLOW_LANGUAGE"] = "de"
        try run.drive()
    }

    @Test(arguments: DisplayServer.allCases)
    func onTheSystemPlayerTheWindowPlaysOnTheDaemonAndFollowsAnotherClient(on display: DisplayServer) throws {
        try driveOnTheDaemon(on: display, language: nil)
    }

    /// B-P7 in German: the menu's "In AddMusic weiterhören" and "Im Musik-Daemon weiterhören".
    @Test func inGermanTheMenuMovesTheMusicFromTheDaemonToAddMusicAndBack() throws {
        try driveOnTheDaemon(on: .x11, language: "de")
    }

    /// The window on the system player (a daemon over the demo library, shared as the music folder), driven with
    /// FLOW_MPC and FLOW_HANDOFF: the daemon plays and follows another client, then the menu moves the music to the
    /// application player and back (B-P7); the config file then names the daemon again.
    private func driveOnTheDaemon(on display: DisplayServer, language: String?) throws {
        guard let run = try WindowRun(on: display), let server = try MPDServer.start(music: run.fixtures.music) else {
            return
        }
        try server.mpc("update", "--wait")
        run.environment["MPD_HOST"] = "127.0.0.1"
        run.environment["MPD_PORT"] = String(server.port)
        run.environment["FLOW_MPC"] = "1"
        run.environment["FLOW_HANDOFF"] = "1"
        run.seat = true  // on Wayland a compositor with a seat: the menu's popover opens only there
        if let language {
            run.environment["LANG"] = "\(language)_\(language.uppercased()).UTF-8"
            run.environment["FLOW_LANGUAGE"] = language
        }
        // The daemon's music folder, shared with this machine (it is reached over TCP, which does not tell it).
        let config = run.fixtures.root + "/config-home/addmusic/config"
        try FileManager.default.createDirectory(
            atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("mpd-music-dir = \(run.fixtures.music)\n".utf8).write(to: URL(fileURLWithPath: config))
        let steps = try run.drive(arguments: ["--player", "system"])
        #expect(steps.contains("ok: the daemon plays on, our stream gone"), "\(display): the handoff was not driven")
        let saved = (try? String(contentsOfFile: config, encoding: .utf8)) ?? ""
        #expect(try Preferences(configPath: config, environment: [:]).playerKind == .system, "\(saved)")
        #expect(saved.contains("player = system"), "\(saved)")
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
}
