import Foundation
import Testing

/// The desktop window, the real binary under Xvfb with its own session bus, driven through the accessibility tree
/// by Tests/desktop/flow.py (Debian's python3-pyatspi) on the demo library and a real PulseAudio (and, for the
/// system player, a real MPD): launch, Add Music, two songs chosen, music heard, Show Music, one more added while
/// the same song goes on (B-L1, B-A1–A6, B-N1); then per test the app sound's device unloaded while it plays (the
/// alert and Resume, then again and Stop, B-R2–R3), the keyboard shortcuts and the preferences, a tag with an
/// escape sequence (B-F2), the window in German (B-T1), and the system player followed when another client skips
/// (B-L2, B-N2). With FLOW_SCREENSHOTS set to a folder, the English run saves the README's screenshots there.
@Suite(.serialized) struct DesktopWindowTests {
    @Test func theSpecFlowsShortcutsPreferencesAndTheAlertWorkInTheWindow() throws {
        guard let run = try WindowRun() else { return }
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
        run.environment["FLOW_CONFIG"] = run.fixtures.root + "/config-home/addmusic/config"
        let recording = try run.pulse.record(sink: "headphones")
        Thread.sleep(forTimeInterval: 2)
        try run.drive()
        // The music reached the audio server.
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(spans.map(\.seconds).reduce(0, +) > 1, "\(spans)")
    }

    @Test func withGermanAsTheLanguageTheWindowIsGerman() throws {
        guard let run = try WindowRun() else { return }
        run.environment["LANG"] = "de_DE.UTF-8"
        run.environment["FLOW_LANGUAGE"] = "de"
        try run.drive()
    }

    @Test func onTheSystemPlayerTheWindowPlaysOnTheDaemonAndFollowsAnotherClient() throws {
        guard let run = try WindowRun(), let server = try MPDServer.start(music: run.fixtures.music) else { return }
        try server.mpc("update", "--wait")
        run.environment["MPD_HOST"] = "127.0.0.1"
        run.environment["MPD_PORT"] = String(server.port)
        run.environment["FLOW_MPC"] = "1"
        try run.drive(arguments: ["--player", "system"])
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

/// One run of the window under Xvfb and a private session bus, on the demo library and a private PulseAudio, with
/// the driver Tests/desktop/flow.py.
private final class WindowRun {
    let fixtures: Fixtures
    let pulse: PulseServer
    var environment: [String: String]

    /// Nil (and a note) when what the window test needs is not installed outside CI.
    init?() throws {
        let needed = [
            "/usr/bin/xvfb-run", "/usr/bin/dbus-run-session", "/usr/bin/xdotool",
            "/usr/lib/python3/dist-packages/pyatspi",
        ]
        for path in needed where !FileManager.default.fileExists(atPath: path) {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "\(path) is missing") }
            print("SKIPPED: \(path) is not installed; run scripts/setup --test")
            return nil
        }
        guard let pulse = try PulseServer.start() else { return nil }
        self.pulse = pulse
        fixtures = try Fixtures()
        environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        environment["XDG_STATE_HOME"] = fixtures.root + "/state-home"
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_COLOR"] = nil
        environment["FLOW_STRINGS"] = Self.repository + "/Sources/AddMusicCore/Resources"
        _ = try Fixtures.run(Fixtures.addmusic, ["demo-library", fixtures.music], environment: environment)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Scans the music folder, starts the driver, then `addmusic window ARGUMENTS`, and expects the driver to
    /// finish every step.
    func drive(arguments: [String] = []) throws {
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let log = fixtures.root + "/flow.log"
        // The driver first: it brings up the accessibility bus and its registry, which the window then joins at
        // its start (a window that starts before the registry may never be listed).
        let script = """
            /usr/bin/python3 "$2" > "$1" 2>&1 &
            flow=$!
            sleep 2
            shift 2
            "$0" window "$@" > "$log.app" 2>&1 &
            app=$!
            wait $flow
            status=$?
            kill $app 2>/dev/null
            wait $app
            exit $status
            """
        var environment = environment
        environment["log"] = log
        let result = try Fixtures.run(
            "/usr/bin/timeout",
            [
                "150", "/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "/usr/bin/dbus-run-session", "--",
                "/bin/bash", "-c", script, Fixtures.addmusic, log, Self.repository + "/Tests/desktop/flow.py",
            ] + arguments, environment: environment)
        let steps = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let app = ((try? String(contentsOfFile: log + ".app", encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.contains("Screen coordinates") && !$0.isEmpty }.suffix(20).joined(separator: "\n")
        #expect(result.status == 0, "\(steps)\napp: \(app)\n\(result.errorOutput.suffix(2_000))")
        #expect(steps.hasSuffix("done\n"), "\(steps)")
    }
}
