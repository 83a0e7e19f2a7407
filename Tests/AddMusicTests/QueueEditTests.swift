import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The queue view's edits through the controller (B-A7), on the application player over a real PulseAudio and
/// on the system player over a real MPD: moving a song, Play Next and removing another keep the song playing from
/// where it was; removing the song playing plays the next; Play Now jumps; Clear empties the queue and the screen is
/// as at launch; Save as Playlist writes the queue among the player's playlists.
@Suite(.serialized) struct QueueEditTests {
    @Test func onTheApplicationPlayerEditsKeepTheSongPlayingFromItsTime() throws {
        let app = try ControllerHarness(songs: 4, seconds: 30)
        try editsKeepTheSongPlaying(app.controller, app.player, app.items)
    }

    @Test func onTheSystemPlayerEditsKeepTheSongPlayingFromItsTime() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let app = try AppController.started(onSystem: player, fixtures: fixtures)
        try editsKeepTheSongPlaying(app, player, try player.database.search("Song"))
    }

    @Test func onTheApplicationPlayerSaveAsPlaylistWritesTheQueueAmongTheUsersPlaylists() throws {
        let app = try ControllerHarness(songs: 3, seconds: 30)
        try startQueue(app.controller, app.items)
        try savesTheQueue(app.controller)
        let saved = try UserPlaylists(folder: app.fixtures.root + "/playlists").read("Road Trip")
        #expect(saved.entries.map(\.location) == app.items.map(\.path.description))
        #expect(saved.entries.map(\.title) == app.items.map { "Artist - \($0.title)" })
    }

    @Test func onTheSystemPlayerSaveAsPlaylistIsTheDaemonsSave() throws {
        guard let (fixtures, mpd) = try daemon() else { return }
        defer { withExtendedLifetime(fixtures) {} }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let app = try AppController.started(onSystem: player, fixtures: fixtures)
        let songs = try player.database.search("Song")
        try startQueue(app, songs)
        try savesTheQueue(app)
        #expect(try MPDStoredPlaylists(address: mpd.address).items(in: "Road Trip") == songs)
    }

    // MARK: The steps, on either player

    /// Makes `items` the queue (the picker's Done) and waits until the screen shows it playing.
    private func startQueue(_ app: AppController, _ items: [MediaItem]) throws {
        app.onMainActor { $0.pickerDone(with: items) }
        try #require(
            Fixtures.waitUntil { app.stateNow.queue.items == items && app.stateNow.playPauseControl == .pause })
    }

    /// Moves, Play Next and removes around the song playing (5 s into it), each judged from the queue the screen
    /// shows; then removes the song playing, plays another now, and clears.
    private func editsKeepTheSongPlaying(
        _ app: AppController, _ player: any SettledPlayerReads, _ items: [MediaItem]
    ) throws {
        try #require(items.count == 4)
        try startQueue(app, items)
        app.onMainActor { $0.seek(to: 5) }
        try #require(Fixtures.waitUntil { player.currentPlaybackTime >= 5 })
        let playing = items[0]

        /// Applies `edit` and expects the queue to become `expected` with the same song playing on, not started over
        /// (the daemon's time may step back by a few milliseconds: its elapsed time read afresh replaces the time
        /// reckoned from the last read).
        func step(_ name: String, _ expected: [Int], _ edit: () -> Void) {
            let before = player.currentPlaybackTime
            edit()
            let shown = Fixtures.waitUntil { app.stateNow.queue.items == expected.map { items[$0] } }
            #expect(shown, "\(name): the screen shows \(app.stateNow.queue.items.map(\.title))")
            #expect(player.queue == expected.map { items[$0] }, "\(name)")
            #expect(player.nowPlayingItem == playing && player.playbackState == .playing, "\(name)")
            #expect(app.stateNow.nowPlayingIndex == expected.firstIndex(of: 0), "\(name)")
            let after = player.currentPlaybackTime
            #expect(after > before - 1 && after < before + 5, "\(name): \(before) → \(after)")
        }
        step("move the last song up to second", [0, 3, 1, 2]) { app.onMainActor { $0.moveInQueue(from: 3, to: 1) } }
        step("play the last song next", [0, 2, 3, 1]) { app.onMainActor { $0.playNext(at: 3) } }
        step("move the song playing down", [2, 3, 0, 1]) { app.onMainActor { $0.moveInQueue(from: 0, to: 2) } }
        step("play a song from above next", [3, 0, 2, 1]) { app.onMainActor { $0.playNext(at: 0) } }
        step("remove another song", [0, 2, 1]) { app.onMainActor { $0.removeFromQueue(at: 0) } }

        // The song playing removed: the next one plays.
        app.onMainActor { $0.removeFromQueue(at: 0) }
        #expect(
            Fixtures.waitUntil {
                app.stateNow.queue.items == [items[2], items[1]] && app.stateNow.nowPlayingIndex == 0
            })
        #expect(player.nowPlayingItem == items[2] && player.playbackState == .playing)
        // Play Now jumps to its row.
        app.onMainActor { $0.playNow(at: 1) }
        #expect(Fixtures.waitUntil { app.stateNow.nowPlayingIndex == 1 })
        #expect(player.nowPlayingItem == items[1] && player.playbackState == .playing)
        // Clear: nothing queued, the music stopped, the screen as at launch.
        app.onMainActor { $0.clearQueue() }
        #expect(Fixtures.waitUntil { app.stateNow.queue.items.isEmpty && app.stateNow.musicButtonTitle == "Add Music" })
        #expect(player.queue.isEmpty && player.playbackState == .stopped)
        let state = app.settledState
        #expect(state.text.hasPrefix("Tap Add Music to choose songs") && state.artwork == .empty)
        #expect(!state.isPlayPauseEnabled && state.playPauseControl == .play && state.nowPlayingIndex == nil)
        // Add Music opens the picker again, and a new choice plays.
        app.onMainActor { $0.tapMusicButton() }
        #expect(app.settledState.isPickerOpen)
        app.onMainActor { $0.pickerDone(with: [items[3]]) }
        #expect(
            Fixtures.waitUntil { app.stateNow.queue.items == [items[3]] && app.stateNow.playPauseControl == .pause })
    }

    /// Saves the queue as "Road Trip": said saved; saved again under the same name, refused and said why; a blank
    /// name asks for one.
    private func savesTheQueue(_ app: AppController) throws {
        app.onMainActor { $0.saveQueue(asPlaylist: "  Road Trip ") }
        #expect(
            Fixtures.waitUntil { app.stateNow.message?.text == "The queue was saved as the playlist “Road Trip”." },
            "\(String(describing: app.stateNow.message))")
        app.onMainActor { $0.saveQueue(asPlaylist: "Road Trip") }
        #expect(Fixtures.waitUntil { app.stateNow.message?.text.hasPrefix("The queue was not saved: ") == true })
        app.onMainActor { $0.saveQueue(asPlaylist: " ") }
        #expect(app.settledState.message?.text == "Give the playlist a name first.")
    }

    // MARK: The system player's daemon

    /// Four songs of 30 s and a daemon over them.
    private func daemon() throws -> (Fixtures, MPDServer)? {
        let fixtures = try Fixtures()
        for index in 0..<4 {
            try fixtures.tone(
                "\(index).flac", seconds: 30,
                tags: ["title": "Song \(index)", "artist": "Artist", "album": "Album", "track": "\(index + 1)"],
                extraArguments: ["-ac", "2"])
        }
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return nil }
        return (fixtures, mpd)
    }
}
