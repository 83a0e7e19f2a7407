import Foundation
import Testing

/// One run of the window under Xvfb and a private session bus, on the demo library and a private PulseAudio, with a
/// driver from Tests/desktop (flow.py unless told).
final class WindowRun {
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

    /// Scans the music folder, starts the driver (Tests/desktop/DRIVER), then `addmusic window ARGUMENTS`, and
    /// expects the driver to finish every step.
    func drive(arguments: [String] = [], driver: String = "flow.py") throws {
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
                "/bin/bash", "-c", script, Fixtures.addmusic, log, Self.repository + "/Tests/desktop/" + driver,
            ] + arguments, environment: environment)
        let steps = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let app = ((try? String(contentsOfFile: log + ".app", encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.contains("Screen coordinates") && !$0.isEmpty }.suffix(20).joined(separator: "\n")
        #expect(result.status == 0, "\(steps)\napp: \(app)\n\(result.errorOutput.suffix(2_000))")
        #expect(steps.hasSuffix("done\n"), "\(steps)")
    }
}
