import AddMusicCore
import AudioEngine
import Foundation
import MediaControls
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The desktop's media controls (MPRIS 2.2 on the session bus), on a private bus with Debian's playerctl: what
/// plays and how, every command both ways, `--follow` seeing each change; the system player mirrored; no bus.
@Suite(.serialized) struct MPRISTests {
    @Test func playerctlSeesAndDrivesTheApplicationPlayer() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        let cover = try fixtures.picture(fixtures.root + "/cover.png")
        for (index, title) in ["First", "Second", "Third"].enumerated() {
            try fixtures.tone(
                "album/\(index + 1).flac", frequency: 300 + 100 * index, seconds: 30,
                tags: [
                    "title": title, "artist": "Ann", "album": "Alpha", "album_artist": "Ann Band", "genre": "Test",
                    "track": "\(index + 1)", "disc": "1",
                ], picture: index == 0 ? cover : nil)
        }
        let (app, environment) = try bus.playAlbum("Alpha", of: fixtures)
        defer {
            if app.isRunning { kill(app.processIdentifier, SIGKILL) }
            app.waitUntilExit()
        }
        #expect(Fixtures.waitUntil(seconds: 15) { (try? bus.playerctl("status")) == "Playing" })
        let statusLog = fixtures.root + "/status.log", titleLog = fixtures.root + "/title.log"
        let followers = [
            try bus.follow(["status"], to: statusLog),
            try bus.follow(["metadata", "--format", "{{title}}"], to: titleLog),
        ]
        Thread.sleep(forTimeInterval: 0.5)

        let metadata = try bus.playerctl(
            "metadata", "--format",
            "{{title}}|{{artist}}|{{album}}|{{xesam:albumArtist}}|{{xesam:genre}}|{{xesam:trackNumber}}|"
                + "{{xesam:discNumber}}|{{mpris:length}}|{{xesam:url}}|{{mpris:trackid}}")
        let fields = metadata.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 10, "\(metadata)")
        if fields.count == 10 {
            #expect(fields[0...6] == ["First", "Ann", "Alpha", "Ann Band", "Test", "1", "1"], "\(metadata)")
            #expect(abs((Double(fields[7]) ?? 0) - 30_000_000) < 100_000, "\(metadata)")
            #expect(fields[8].hasPrefix("file://") && fields[8].hasSuffix("album/1.flac"), "\(metadata)")
            #expect(fields[9].contains("/org/addmusic/AddMusic/TrackList/"), "\(metadata)")  // playerctl quotes it
        }
        // The art URL points at a real picture (a JPEG thumbnail in the cache folder).
        let art = try bus.playerctl("metadata", "mpris:artUrl")
        let artPath = URL(string: art)?.path ?? ""
        let artBytes = [UInt8](FileManager.default.contents(atPath: artPath) ?? Data())
        #expect(art.hasPrefix("file://") && artBytes.starts(with: [0xFF, 0xD8]), "\(art)")
        // The song's statistics: never played, unrated; a rating set by another command shows within a few seconds.
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "xesam:useCount")) == "0" })
        #expect(try bus.playerctl("metadata", "xesam:userRating").isEmpty)
        let rate = try Fixtures.run(
            Fixtures.addmusic, ["rate", fixtures.music + "/album/1.flac", "4"], environment: environment)
        #expect(rate.status == 0, "\(rate.errorOutput)")
        #expect(
            Fixtures.waitUntil(seconds: 12) {
                abs((Double((try? bus.playerctl("metadata", "xesam:userRating")) ?? "") ?? 0) - 0.8) < 1e-9
            })

        try bus.playerctl("play-pause")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("status")) == "Paused" })
        try bus.playerctl("play-pause")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("status")) == "Playing" })
        try bus.playerctl("next")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "Second" })
        try bus.playerctl("previous")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "First" })

        try bus.playerctl("position", "12")
        let position = Double(try bus.playerctl("position")) ?? -1
        #expect(position >= 11.9 && position < 13.5, "\(position)")
        try bus.playerctl("position", "5+")
        let moved = Double(try bus.playerctl("position")) ?? -1
        // Five seconds on from where it was (the heard position, which may trail the target by a few ms).
        #expect(moved - position > 4.5 && moved - position < 6.5, "\(position) → \(moved)")

        for loop in ["Track", "Playlist", "None"] {
            try bus.playerctl("loop", loop)
            #expect(try bus.playerctl("loop") == loop)
        }
        for shuffle in ["On", "Off"] {
            try bus.playerctl("shuffle", shuffle)
            #expect(try bus.playerctl("shuffle") == shuffle)
        }
        try bus.playerctl("volume", "0.5")
        #expect(abs((Double(try bus.playerctl("volume")) ?? 0) - 0.5) < 0.01)

        // --follow saw each change as it was made.
        Thread.sleep(forTimeInterval: 0.5)
        // SIGKILL: playerctl started from the test runner does not end on SIGTERM.
        for follower in followers { kill(follower.processIdentifier, SIGKILL) }
        for follower in followers { follower.waitUntilExit() }
        let statuses = (try? String(contentsOfFile: statusLog, encoding: .utf8)) ?? ""
        #expect(statuses.split(separator: "\n") == ["Playing", "Paused", "Playing"], "\(statuses)")
        let titles = (try? String(contentsOfFile: titleLog, encoding: .utf8)) ?? ""
        #expect(titles.split(separator: "\n").starts(with: ["First", "Second", "First"]), "\(titles)")

        // Quit ends the app.
        _ = try Fixtures.run(
            "/usr/bin/dbus-send",
            [
                "--session", "--dest=org.mpris.MediaPlayer2.addmusic", "--type=method_call", "--print-reply",
                "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Quit",
            ], environment: environment)
        #expect(Fixtures.waitUntil(seconds: 5) { !app.isRunning })
    }

    @Test func theSystemPlayerIsPublishedSoTheDaemonIsOnTheDesktop() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        for (index, title) in ["One", "Two"].enumerated() {
            try fixtures.tone("\(index + 1).flac", seconds: 30, tags: ["title": title, "artist": "Daemon"])
        }
        guard let server = try MPDServer.start(music: fixtures.music) else { return }
        try server.mpc("update", "--wait")
        try server.mpc("add", "/")
        try server.mpc("play")
        // The second song's statistics, in the daemon's stickers (three plays, four stars).
        let stickers = MPDStickers(address: server.address)
        let hasStickers = try stickers.isAvailable()
        if hasStickers {
            try server.mpc("sticker", "2.flac", "set", "playCount", "3")
            try server.mpc("sticker", "2.flac", "set", "rating", "8")
        }
        // The service in this process, on the private bus (sd-bus reads the address when it connects).
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        defer { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        let player = SystemMusicPlayer(address: server.address)
        defer { player.shutDown() }
        let service = try MPRISService(
            player: player,
            library: LibraryLookup(
                thumbnail: { _ in nil }, item: { _ in nil },
                statistics: { try StatisticsRecorder(player: $0, library: nil).statistics(of: $1) }),
            readFile: { try? MediaItem.unindexed($0) }, actions: .init(raise: nil, quit: {}),
            coverFolder: fixtures.root + "/covers")
        defer { service.close() }
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "One" })
        #expect(try bus.playerctl("status") == "Playing")
        // Another client's change shows on the bus; the bus's request reaches the daemon.
        try server.mpc("next")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "Two" })
        if hasStickers {
            #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "xesam:useCount")) == "3" })
            #expect(Double(try bus.playerctl("metadata", "xesam:userRating")) == 0.8)
        }
        try bus.playerctl("pause")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? server.mpc("status"))?.contains("[paused]") ?? false })
        try server.mpc("random", "on")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("shuffle")) == "On" })
    }

    /// B-P7: once the music moved to the daemon, the desktop's controls show and drive it.
    @Test func afterTheMusicMovedTheDesktopsControlsFollowTheNewPlayer() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        try fixtures.tone("1.flac", seconds: 30, tags: ["title": "One", "artist": "Daemon"])
        let local = try fixtures.tone("../Local/local.flac", seconds: 30, tags: ["title": "Local"])
        guard let server = try MPDServer.start(music: fixtures.music) else { return }
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        defer { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
        let application = try ApplicationMusicPlayer(output: NullOutput(clocked: true))
        defer { application.shutDown() }
        application.setQueue(MediaItemCollection(items: [try MediaItem.unindexed(LibraryPath.absolute(local))]))
        application.play()
        let service = try MPRISService(
            player: application, library: nil, readFile: { try? MediaItem.unindexed($0) },
            actions: .init(raise: nil, quit: {}), coverFolder: fixtures.root + "/covers")
        defer { service.close() }
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "Local" })
        try server.mpc("add", "1.flac")
        try server.mpc("play")
        let system = SystemMusicPlayer(address: server.address)
        defer { system.shutDown() }
        service.follow(system)
        application.pause()
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "One" })
        #expect(try bus.playerctl("status") == "Playing")
        try bus.playerctl("pause")
        #expect(Fixtures.waitUntil(seconds: 5) { (try? server.mpc("status"))?.contains("[paused]") ?? false })
    }

    @Test func withoutASessionBusTheAppPlaysOnAndSaysSoOnce() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.tone("short.flac", seconds: 1, tags: ["title": "Short"])
        var environment = fixtures.environment()
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + fixtures.root + "/no-bus"
        environment["XDG_RUNTIME_DIR"] = fixtures.root + "/no-runtime"
        let result = try Fixtures.run(Fixtures.addmusic, ["play", song, "--output", "null"], environment: environment)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Short\n")
        #expect(
            result.errorOutput.components(separatedBy: "media controls are off").count == 2, "\(result.errorOutput)")
    }
}
