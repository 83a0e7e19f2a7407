import Foundation
import Testing

/// The window never waits for what plays the music (docs/BEHAVIOUR.md, "the interface never waits"): with two songs
/// playing and that process stopped (SIGSTOP, as a server or a daemon that hangs), play/pause (space), next (MPRIS,
/// the desktop's media key), the picker (Ctrl+O, Cancel) and the preferences (Ctrl+,, Escape) each answer in the
/// accessibility tree and show their change within a second of the press; once it runs again (SIGCONT), playback is
/// where the last press left it: paused, on the second song. With the music daemon stopped, the play state and the
/// queue are the daemon's: those presses are answered at once and carried out once it runs. On X11 and on Wayland;
/// on Wayland (a headless weston, no seat, so no keys) the presses are the play/pause button, MPRIS Next, and Show
/// Music, Add More, Cancel and Done for the picker. Driven by Tests/desktop/never_waits.py.
@Suite(.serialized) struct WindowNeverWaitsTests {
    @Test(arguments: DisplayServer.allCases)
    func theWindowAnswersEveryPressWhileTheAudioServerIsStopped(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display) else { return }
        defer { run.pulse.thaw() }
        run.environment["FREEZE_PID"] = String(run.pulse.processID)
        run.environment["FREEZE_SINK"] = "speaker"
        try run.drive(driver: "never_waits.py")
    }

    @Test(arguments: DisplayServer.allCases)
    func theWindowAnswersEveryPressWhileTheMusicDaemonIsStopped(on display: DisplayServer) throws {
        guard let run = try WindowRun(on: display), let server = try MPDServer.start(music: run.fixtures.music) else {
            return
        }
        try server.mpc("update", "--wait")
        let pid = server.processID
        defer { kill(pid, SIGCONT) }
        run.environment["MPD_HOST"] = "127.0.0.1"
        run.environment["MPD_PORT"] = String(server.port)
        run.environment["FREEZE_PID"] = String(pid)
        run.environment["FREEZE_MPD"] = "127.0.0.1:\(server.port)"
        try run.drive(arguments: ["--player", "system"], driver: "never_waits.py")
    }
}
