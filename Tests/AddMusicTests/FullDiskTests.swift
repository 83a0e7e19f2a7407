import AddMusicCore
import Foundation
import Testing

/// A full disk is said in words, in the user's language, naming the file that could not be written, by every command
/// that writes (BEHAVIOUR, "A full disk"); what was there before is intact, and works again once there is room.
@Suite(.serialized) struct FullDiskTests {
    @Test func everyCommandThatWritesSaysTheDiskIsFull() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("a.flac", seconds: 1, tags: ["title": "Tone", "artist": "Band"])
        guard let disk = try FullDisk.mount(at: fixtures.root + "/disk") else { return }
        defer { withExtendedLifetime(disk) {} }  // mounted until the test's end
        var environment = fixtures.environment()
        environment["XDG_DATA_HOME"] = disk.path + "/data"
        environment["XDG_STATE_HOME"] = disk.path + "/state"
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        let index = disk.path + "/data/addmusic/library.sqlite"
        func addmusic(_ arguments: String..., language: String = "C.UTF-8") throws -> (
            status: Int32, output: String, errorOutput: String
        ) {
            var environment = environment
            environment["LANG"] = language
            return try Fixtures.run(Fixtures.addmusic, arguments, environment: environment)
        }
        #expect(try addmusic("library", "scan", fixtures.music).status == 0)
        #expect(try addmusic("playlist", "create", "Kept", fixtures.music + "/a.flac").status == 0)
        disk.fill()

        let full = "The disk is full: "
        let rated = try addmusic("rate", fixtures.music + "/a.flac", "3")
        #expect(rated.status == 1 && rated.errorOutput == full + index + Self.tail, "\(rated)")
        try fixtures.tone("b.flac", seconds: 1, tags: ["title": "Second"])
        let scanned = try addmusic("library", "scan", fixtures.music)
        #expect(scanned.status != 0 && scanned.errorOutput.hasSuffix(full + index + Self.tail), "\(scanned)")
        let created = try addmusic("playlist", "create", "Mix", fixtures.music + "/a.flac")
        let playlist = disk.path + "/data/addmusic/playlists/Mix.m3u8"
        #expect(created.status == 1 && created.errorOutput == full + playlist + Self.tail, "\(created)")
        let added = try addmusic("playlist", "add", "Kept", fixtures.music + "/a.flac")
        #expect(added.errorOutput.hasPrefix(full), "\(added)")
        let german = try addmusic("rate", fixtures.music + "/a.flac", "3", language: "de_DE.UTF-8")
        #expect(german.errorOutput.hasPrefix("Der Datenträger ist voll: " + index), "\(german)")
        // Playing goes on, and says once that the queue cannot be saved.
        let played = try addmusic("play", fixtures.music + "/a.flac", "--output", "null")
        #expect(played.status == 0, "\(played)")
        let state = disk.path + "/state/addmusic/player.json"
        #expect(played.errorOutput.components(separatedBy: full + state).count == 2, "\(played)")

        // Nothing was lost: with room again, the library and the playlist are as they were, and writes work.
        disk.free()
        let songs = try addmusic("library", "songs")
        #expect(songs.output.contains("Tone"), "\(songs)")
        #expect(try addmusic("library", "playlist", "Kept").output.contains("Tone"))
        #expect(try addmusic("rate", fixtures.music + "/a.flac", "3").status == 0)
        #expect(try addmusic("library", "scan", fixtures.music).status == 0)
        #expect(try addmusic("library", "songs").output.contains("Second"))
    }

    /// The window's passing message, through the app controller and the application player.
    @Test func theWindowSaysOnceThatTheQueueCannotBeSaved() throws {
        let fixtures = try Fixtures()
        guard let disk = try FullDisk.mount(at: fixtures.root + "/disk") else { return }
        defer { withExtendedLifetime(disk) {} }
        let statePath = disk.path + "/state/player.json"
        let app = try ControllerHarness(heard: false, statePath: statePath)
        disk.fill()
        app.controller.onMainActor { $0.pickerDone(with: [app.items[0], app.items[1]]) }
        #expect(app.waitFor { $0.message?.text == "The disk is full: " + statePath + Self.tail.dropLast() })
        #expect(app.waitFor { $0.playPauseControl == .pause })  // the music plays all the same
    }

    private static let tail = " could not be written. Free some space and try again.\n"
}
