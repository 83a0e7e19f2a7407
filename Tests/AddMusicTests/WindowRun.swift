import Foundation
import Testing

/// The display server a window test runs on: X11 (Xvfb) or Wayland (weston: headless, or with a seat when keys are
/// needed).
enum DisplayServer: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case x11
    case wayland

    var testDescription: String { self == .x11 ? "X11 (Xvfb)" : "Wayland (weston)" }

    /// What a run on this display server needs installed.
    var needed: [String] {
        switch self {
        case .x11: ["/usr/bin/xvfb-run", "/usr/bin/xdotool"]
        case .wayland:
            [
                "/usr/bin/weston", "/usr/lib/x86_64-linux-gnu/libweston-10/headless-backend.so",
                "/usr/lib/x86_64-linux-gnu/libweston-10/x11-backend.so", "/usr/bin/Xvfb", "/usr/bin/xdotool",
            ]
        }
    }
}

/// One run of the window on `display` (under Xvfb, or a private headless weston) and a private session bus, on the
/// demo library and a private PulseAudio, with a driver from Tests/desktop (flow.py unless told).
final class WindowRun {
    let fixtures: Fixtures
    let pulse: PulseServer
    let display: DisplayServer
    var environment: [String: String]
    /// On Wayland, a compositor with a seat (weston on its X11 backend in a private Xvfb) rather than the headless
    /// one, so that keys reach the window: the driver sends them to ADDMUSIC_WESTON_INPUT_DISPLAY.
    var seat = false
    private var westonPIDs: String?

    /// Nil (and a note) when what the window test needs is not installed outside CI.
    init?(on display: DisplayServer = .x11) throws {
        let needed = ["/usr/bin/dbus-run-session", "/usr/lib/python3/dist-packages/pyatspi"] + display.needed
        for path in needed where !FileManager.default.fileExists(atPath: path) {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw FixtureError(message: "\(path) is missing") }
            print("SKIPPED: \(path) is not installed; run scripts/setup --test")
            return nil
        }
        guard let pulse = try PulseServer.start() else { return nil }
        self.pulse = pulse
        self.display = display
        fixtures = try Fixtures()
        environment = fixtures.environment()
        environment["PULSE_SERVER"] = pulse.server
        environment["XDG_STATE_HOME"] = fixtures.root + "/state-home"
        environment["NO_COLOR"] = nil
        environment["FLOW_STRINGS"] = Self.repository + "/Sources/AddMusicCore/Resources"
        environment["FLOW_DISPLAY"] = display.rawValue
        _ = try Fixtures.run(Fixtures.addmusic, ["demo-library", fixtures.music], environment: environment)
    }

    deinit {
        if let westonPIDs {
            _ = try? Fixtures.run("/bin/sh", [PulseServer.scripts + "/weston-stop", westonPIDs])
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Starts a private weston (scripts/weston-start, with a seat when `seat` is set) and points the run at it: its
    /// socket, in a runtime folder of its own, and GTK's Wayland backend only.
    private func startWeston() throws {
        let result = try Fixtures.run(
            "/bin/bash",
            [PulseServer.scripts + "/weston-start"] + (seat ? ["--seat"] : []) + [fixtures.root + "/weston"])
        guard result.status == 0 else { throw FixtureError(message: "weston-start failed: \(result.errorOutput)") }
        for word in result.output.split(whereSeparator: \.isWhitespace) where word.contains("=") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            if parts[0] == "ADDMUSIC_WESTON_PIDS" {
                westonPIDs = parts[1]
            } else {
                environment[parts[0]] = parts[1]
            }
        }
        guard westonPIDs != nil else { throw FixtureError(message: "weston-start said: \(result.output)") }
        environment["GDK_BACKEND"] = "wayland"
    }

    /// Scans the music folder, starts the driver (Tests/desktop/DRIVER), then `addmusic window ARGUMENTS`, and
    /// expects the driver to finish every step; returns the steps it printed.
    @discardableResult
    func drive(arguments: [String] = [], driver: String = "flow.py") throws -> String {
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
            # Processes started from a test thread inherit its blocked SIGTERM: a window that does not go is
            # killed.
            kill $app 2>/dev/null
            for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 $app 2>/dev/null && sleep 0.2; done
            kill -9 $app 2>/dev/null
            wait $app
            exit $status
            """
        // Processes started from a test thread inherit its blocked signals (SIGTERM among them): the session starts
        // with none blocked, so that its bus, the accessibility bus and the window go when they are told to, and no
        // leftover holds the run's output open.
        let unblocked =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        let session = [
            "/usr/bin/python3", "-c", unblocked, "/usr/bin/dbus-run-session", "--", "/bin/bash", "-c", script,
            Fixtures.addmusic, log,
            Self.repository + "/Tests/desktop/" + driver,
        ]
        let server: [String]
        switch display {
        case .x11: server = ["/usr/bin/xvfb-run", "-a", "-s", "-screen 0 1280x800x24"]
        case .wayland:
            try startWeston()
            server = []
        }
        var environment = environment
        environment["log"] = log
        let result = try Fixtures.run(
            "/usr/bin/timeout", ["-k", "10", "210"] + server + session + arguments, environment: environment)
        let steps = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let app = ((try? String(contentsOfFile: log + ".app", encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { !$0.contains("Screen coordinates") && !$0.contains("Expect overlapping widgets") && !$0.isEmpty }
            .suffix(20).joined(separator: "\n")
        // ADDMUSIC_FLOW_LOG=1 prints every step of a run that passes too.
        if ProcessInfo.processInfo.environment["ADDMUSIC_FLOW_LOG"] != nil {
            print("\(display):\n\(steps)\napp: \(app)")
        }
        let compositor = ((try? String(contentsOfFile: fixtures.root + "/weston/weston.log", encoding: .utf8)) ?? "")
            .suffix(1_500)
        #expect(
            result.status == 0,
            "\(display): \(steps)\napp: \(app)\n\(result.errorOutput.suffix(2_000))\ncompositor: \(compositor)")
        #expect(steps.hasSuffix("done\n"), "\(display): \(steps)")
        return steps
    }
}
