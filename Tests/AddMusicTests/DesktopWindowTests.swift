import Foundation
import Testing

/// The desktop window, the real binary under Xvfb with its own session bus, driven through the accessibility tree
/// by Tests/desktop/flow.py (Debian's python3-pyatspi), with the demo library and a real PulseAudio: launch, Add
/// Music, two songs chosen, music heard, Show Music, one more added while the same song goes on, then the app
/// sound's device unloaded while it plays: the alert, and Resume (B-L1, B-A1–A6, B-N1, B-R2–R3).
@Suite(.serialized) struct DesktopWindowTests {
    @Test func theFirstFlowsOfTheSpecWorkInTheWindow() throws {
        let needed = ["/usr/bin/xvfb-run", "/usr/bin/dbus-run-session", "/usr/lib/python3/dist-packages/pyatspi"]
        for path in needed where !FileManager.default.fileExists(atPath: path) {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "\(path) is missing") }
            print("SKIPPED: \(path) is not installed; run scripts/setup --test")
            return
        }
        guard let pulse = try PulseServer.start() else { return }
        let fixtures = try Fixtures()
        var environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        // Headphones as the default sink, unloaded by the driver while the app sound plays there.
        let loaded = try Fixtures.run(
            "/usr/bin/pactl", ["--server=\(pulse.server)", "load-module", "module-null-sink", "sink_name=headphones"])
        _ = try Fixtures.run("/usr/bin/pactl", ["--server=\(pulse.server)", "set-default-sink", "headphones"])
        environment["FLOW_UNLOAD_MODULE"] = loaded.output.trimmingCharacters(in: .whitespacesAndNewlines)
        environment["XDG_STATE_HOME"] = fixtures.root + "/state-home"
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_COLOR"] = nil
        _ = try Fixtures.run(Fixtures.addmusic, ["demo-library", fixtures.music], environment: environment)
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let flow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("desktop/flow.py").path
        let log = fixtures.root + "/flow.log"
        let recording = try pulse.record(sink: "headphones")
        Thread.sleep(forTimeInterval: 2)
        // The driver first: it brings up the accessibility bus and its registry, which the window then joins at
        // its start (a window that starts before the registry may never be listed).
        let script = """
            /usr/bin/python3 "$2" > "$1" 2>&1 &
            flow=$!
            sleep 2
            "$0" window > "$1.app" 2>&1 &
            app=$!
            wait $flow
            status=$?
            kill $app
            wait $app
            exit $status
            """
        let result = try Fixtures.run(
            "/usr/bin/timeout",
            [
                "120", "/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "/usr/bin/dbus-run-session", "--",
                "/bin/bash", "-c", script, Fixtures.addmusic, log, flow,
            ], environment: environment)
        let steps = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let app = ((try? String(contentsOfFile: log + ".app", encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.contains("Screen coordinates") && !$0.isEmpty }.suffix(20).joined(separator: "\n")
        #expect(result.status == 0, "\(steps)\napp: \(app)\n\(result.errorOutput.suffix(2_000))")
        #expect(steps.hasSuffix("done\n"), "\(steps)")
        // The music reached the audio server.
        let spans = Sound(samples: try recording.stop()).loudSpans()
        #expect(spans.map(\.seconds).reduce(0, +) > 1, "\(spans)")
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
