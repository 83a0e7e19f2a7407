import Foundation
import Testing

/// libpulse and libsystemd are opened on the first call of one of their functions, not when the process starts
/// (PulseLibraries, BusLibraries): the commands that neither play on the audio server nor publish on the bus run on
/// a machine where those libraries cannot be loaded; the one that needs libpulse says which library it lacks; the
/// media controls go without the bus and the music plays on.
@Suite struct AudioAndBusLibrariesTests {
    @Test func withoutLoadableAudioAndBusLibrariesTheCommandsRunAndPlayingOnTheServerSaysWhy() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.tone(
            "Artist/Album/1.flac", seconds: 1, tags: ["title": "Uno", "artist": "Artist", "album": "Album"])
        // Libraries that cannot be loaded (empty files under their sonames), found first by the dynamic loader: a
        // binary that linked them would not start at all.
        let broken = fixtures.root + "/broken-libraries"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: broken + "/libpulse.so.0", contents: Data()))
        #expect(FileManager.default.createFile(atPath: broken + "/libsystemd.so.0", contents: Data()))
        var environment = fixtures.environment()
        environment["LD_LIBRARY_PATH"] = broken
        // A session bus address that would be tried: only the library stands in the way.
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + fixtures.root + "/bus"

        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 0, "\(scan.errorOutput)")
        let songs = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: environment)
        #expect(songs.output == "Artist — Uno · Album (0:01)\n", "\(songs.errorOutput)")
        try "#EXTM3U\n\(song)\n".write(toFile: fixtures.root + "/mix.m3u", atomically: true, encoding: .utf8)
        let imported = try Fixtures.run(
            Fixtures.addmusic, ["playlist", "import", fixtures.root + "/mix.m3u", "--name", "mix"],
            environment: environment)
        #expect(imported.status == 0, "\(imported.errorOutput)")
        let listed = try Fixtures.run(Fixtures.addmusic, ["library", "playlist", "mix"], environment: environment)
        #expect(listed.output == "1. Artist — Uno (0:01)\n", "\(listed.errorOutput)")

        // Playing on the null output needs neither: the media controls are off (libsystemd's error said once),
        // the song plays to its end.
        let quiet = try Fixtures.run(Fixtures.addmusic, ["play", song, "--output", "null"], environment: environment)
        #expect(quiet.status == 0, "\(quiet.errorOutput)")
        #expect(quiet.output == "Uno — Artist\n")
        #expect(quiet.errorOutput.contains("media controls are off"), "\(quiet.errorOutput)")
        #expect(quiet.errorOutput.contains("shared library"), "\(quiet.errorOutput)")

        // Playing on the audio server ends with the name of the library that could not be loaded.
        let loud = try Fixtures.run(Fixtures.addmusic, ["play", song, "--output", "pulse"], environment: environment)
        #expect(loud.status != 0)
        #expect(loud.errorOutput.contains("libpulse"), "\(loud.errorOutput)")
        #expect(loud.output.isEmpty)
    }
}
