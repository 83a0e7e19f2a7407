import AddMusicCore
import Foundation
import Testing

/// The window on the system player, driven as `DesktopWindowTests` drives it (a suite of its own, so that it runs
/// beside that one): the daemon plays and follows another client, and the menu moves the music between the players.
@Suite(.serialized) struct WindowOnTheDaemonTests {
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
        // A compilation (the daemon keeps no flag: its album artist says so) with a composer, and a stored
        // playlist of it: the picker's other pages, from the daemon. Its folder sorts first, so its two songs are the
        // first two on the picker's Songs page (the daemon lists its folders in order), the two the flow plays: long
        // enough that the first plays on through the picker and the queue's edits however slowly they are driven.
        for (file, artist) in [("0 Summer Mix/1.mp3", "Lena Berg"), ("0 Summer Mix/2.mp3", "Tom Ek")] {
            try run.fixtures.tone(
                file, seconds: 240,
                tags: [
                    "title": "Harbour \(artist)", "artist": artist, "album": "Summer Mix",
                    "album_artist": "Various Artists", "composer": "Clara Weiss",
                ])
        }
        try server.mpc("update", "--wait")
        try server.mpc("add", "0 Summer Mix")
        try server.mpc("save", "Evening")
        try server.mpc("clear")
        run.environment["FLOW_PICKER_GROUPS"] = "playlist=Evening;compilation=Summer Mix;composer=Clara Weiss"
        run.environment["MPD_HOST"] = "127.0.0.1"
        run.environment["MPD_PORT"] = String(server.port)
        run.environment["FLOW_MPC"] = "1"
        run.environment["FLOW_PICKER_PAGES"] = "1"
        run.environment["FLOW_QUEUE_EDIT"] = "1"
        run.environment["FLOW_HANDOFF"] = "1"
        run.environment["FLOW_RATINGS"] = "1"
        run.environment["FLOW_TAG_EDIT"] = "1"
        run.environment["FLOW_PLAYLISTS"] = "1"
        run.environment["FLOW_MUSIC"] = run.fixtures.music
        run.environment["FLOW_ADDMUSIC"] = Fixtures.addmusic
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
}
