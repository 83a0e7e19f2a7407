import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The lyrics panel and the large artwork on the system player (docs/BEHAVIOUR.md B-N1, B-N3): a real MPD plays a song
/// of the music folder; when that folder is known here, the window gets the library's lyrics of the same file (its
/// `.lrc`) and its full picture; when it is not, neither (the thumbnail stays the artwork).
@Suite(.serialized) struct SystemPlayerLyricsTests {
    @Test func theDaemonsSongHasTheLibrarysLyricsWhenItsFolderIsSharedHere() throws {
        guard let (fixtures, mpd, library) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address, musicDirectory: LibraryPath(fixtures.music))
        defer { player.shutDown() }
        let app = try AppController.started(onSystem: player, fixtures: fixtures, library: library)
        app.onMainActor { $0.setLargeArtworkSide(400) }
        try mpd.mpc("add", "/")
        try mpd.mpc("play", "1")
        #expect(
            Fixtures.waitUntil {
                app.stateNow.lyrics?.map(\.text) == ["first and last", "second", "third", "fourth", "first and last"]
            })
        #expect(Fixtures.waitUntil { app.stateNow.largeArtwork != nil })
        #expect(try LyricsTimingTests.size(of: #require(app.stateNow.largeArtwork), in: fixtures) == "400x266")
        // Another client's next: the song without lyrics or picture.
        try mpd.mpc("next")
        #expect(Fixtures.waitUntil { app.stateNow.nowPlaying?.title == "Song 1" && app.stateNow.lyrics == [] })
        #expect(app.stateNow.largeArtwork == nil)
    }

    @Test func theDaemonsSongHasNoLyricsWhenItsFolderIsNotKnownHere() throws {
        guard let (fixtures, mpd, library) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address, musicDirectory: nil)
        defer { player.shutDown() }
        let app = try AppController.started(onSystem: player, fixtures: fixtures, library: library)
        app.onMainActor { $0.setLargeArtworkSide(400) }
        try mpd.mpc("add", "/")
        try mpd.mpc("play", "1")
        #expect(Fixtures.waitUntil { app.stateNow.nowPlaying?.title == "Song 0" && app.stateNow.lyrics != nil })
        #expect(app.stateNow.lyrics == [] && app.stateNow.largeArtwork == nil)
        // The daemon's own thumbnail is still the artwork.
        #expect(Fixtures.waitUntil { if case .thumbnail = app.stateNow.artwork { true } else { false } })
    }

    /// Song 0 (FLAC, a 900×600 picture embedded, a timed `.lrc` beside it) and Song 1 (neither), scanned into the
    /// library, and a daemon over the same folder.
    private func daemon() throws -> (Fixtures, MPDServer, MusicLibrary)? {
        let fixtures = try Fixtures()
        let cover = try fixtures.picture(fixtures.root + "/cover.png", width: 900, height: 600)
        let first = try fixtures.tone(
            "A/0.flac", seconds: 20, tags: ["title": "Song 0", "artist": "Artist", "track": "1"], picture: cover,
            extraArguments: ["-ac", "2"])
        try fixtures.tone(
            "A/1.flac", seconds: 20, tags: ["title": "Song 1", "artist": "Artist", "track": "2"],
            extraArguments: ["-ac", "2"])
        try LyricsTimingTests.lrc.write(
            toFile: (first as NSString).deletingPathExtension + ".lrc", atomically: true, encoding: .utf8)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return nil }
        try mpd.mpc("update", "--wait")
        return (fixtures, mpd, library)
    }
}
