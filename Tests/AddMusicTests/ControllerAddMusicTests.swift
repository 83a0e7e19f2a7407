import AddMusicCore
import Foundation
import MediaLibrary
import MusicPlayer
import Testing

/// Adding music (B-A1–A6), playing (B-P1–P2), now playing (B-N1–N2) and library changes (B-C1), on the app
/// controller with the application player.
@Suite(.serialized) struct ControllerAddMusicTests {
    @Test func a1_addMusicOpensThePickerWithItsPrompt() throws {
        let app = try ControllerHarness(heard: false)
        app.controller.onMainActor { $0.tapMusicButton() }
        #expect(app.state.isPickerOpen && !app.state.isQueueOpen)
        #expect(app.state.pickerPrompt == "Add songs to play")
    }

    @Test func a2_cancelOrDoneWithNothingChosenClosesThePickerAndChangesNothing() throws {
        let app = try ControllerHarness(heard: false)
        let before = app.state
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.pickerCancelled() }
        #expect(app.state == before)
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.pickerDone(with: []) }
        #expect(app.state == before)
        #expect(app.player.queue.isEmpty && app.player.playbackState == .stopped)
    }

    @Test func a3_theFirstChoiceBecomesTheQueueAndPlaysAtOnce() throws {
        let app = try ControllerHarness(heard: false)
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.pickerDone(with: [app.items[1], app.items[2]]) }
        #expect(!app.state.isPickerOpen)
        #expect(app.player.queue == [app.items[1], app.items[2]])
        #expect(app.player.playbackState == .playing && app.player.nowPlayingItem == app.items[1])
    }

    @Test func a4_addingMoreKeepsTheSongPlayingFromTheSameTime() throws {
        let app = try ControllerHarness(heard: false)
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.pickerDone(with: [app.items[0]]) }
        Thread.sleep(forTimeInterval: 1)
        let before = app.player.currentPlaybackTime
        app.controller.onMainActor { $0.tapMusicButton() }  // Show Music
        app.controller.onMainActor { $0.addMoreFromQueue() }
        app.controller.onMainActor { $0.pickerDone(with: [app.items[1], app.items[2]]) }
        #expect(app.player.queue == app.items)
        #expect(app.player.nowPlayingItem == app.items[0] && app.player.playbackState == .playing)
        let after = app.player.currentPlaybackTime
        #expect(after >= before && after < before + 0.3, "\(before) → \(after)")
        // Paused, it stays paused at its time.
        app.controller.onMainActor { $0.togglePlayPause() }
        let paused = app.player.currentPlaybackTime
        app.controller.onMainActor { $0.pickerDone(with: [app.items[0]]) }
        #expect(app.player.playbackState == .paused && abs(app.player.currentPlaybackTime - paused) < 0.05)
        #expect(app.player.queue.count == 4)
    }

    @Test func a5_afterAChoicePlayPauseIsEnabledAndTheButtonReadsShowMusic() throws {
        let app = try ControllerHarness(heard: false)
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.pickerDone(with: [app.items[0]]) }
        #expect(app.state.isPlayPauseEnabled)
        #expect(app.state.musicButtonTitle == "Show Music")
    }

    @Test func a6_showMusicOpensTheQueueAndItsDoneStartsMusicNeverPlayed() throws {
        let statePath = try Fixtures().root + "/player.json"
        let first = try ControllerHarness(heard: false, statePath: statePath)
        first.player.setQueue(MediaItemCollection(items: first.items))
        first.player.settle()
        let saved = try #require(SavedPlayerState.load(from: statePath).state)
        let app = try ControllerHarness(heard: false, fixtures: first.fixtures) { player in
            player.restore(saved, items: try first.library.items(ids: saved.itemIDs))
        }
        #expect(app.state.musicButtonTitle == "Show Music")
        app.controller.onMainActor { $0.tapMusicButton() }
        #expect(app.state.isQueueOpen && !app.state.isPickerOpen)
        #expect(app.state.queue.items == app.items)
        app.controller.onMainActor { $0.queueDone() }
        #expect(!app.state.isQueueOpen)
        #expect(app.player.playbackState == .playing && app.player.nowPlayingItem == app.items[0])
        #expect(app.waitFor { $0.nowPlayingIndex == 0 })
        // Music played once: Done again changes nothing.
        #expect(app.waitFor { $0.playPauseControl == .pause })
        app.controller.onMainActor { $0.togglePlayPause() }
        app.controller.onMainActor { $0.tapMusicButton() }
        app.controller.onMainActor { $0.queueDone() }
        #expect(app.player.playbackState == .paused)
    }

    @Test func p1_playPausePlaysWhenStoppedOrPausedAndPausesWhenPlaying() throws {
        let app = try ControllerHarness(heard: false)
        app.controller.onMainActor { $0.togglePlayPause() }  // disabled: no queue
        #expect(app.player.playbackState == .stopped)
        app.controller.onMainActor { $0.pickerDone(with: [app.items[0]]) }
        // A press means what the control shows when it is pressed.
        #expect(app.waitFor { $0.playPauseControl == .pause })
        app.controller.onMainActor { $0.togglePlayPause() }
        app.controller.settle()
        #expect(app.player.playbackState == .paused)
        #expect(app.waitFor { $0.playPauseControl == .play })
        app.controller.onMainActor { $0.togglePlayPause() }
        app.controller.settle()
        #expect(app.player.playbackState == .playing)
    }

    @Test func p2_stateEventsSetTheControlAndAStopResetsTheQueue() throws {
        let app = try ControllerHarness(songs: 2, seconds: 0.6, heard: false)
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        #expect(app.waitFor { $0.playPauseControl == .pause })
        app.controller.onMainActor { $0.togglePlayPause() }
        #expect(app.waitFor { $0.playPauseControl == .play })
        app.controller.onMainActor { $0.togglePlayPause() }
        #expect(app.waitFor { $0.playPauseControl == .pause })
        // The queue ends: the play face, and the next play starts from the first item.
        #expect(app.waitFor { $0.playPauseControl == .play && $0.nowPlayingIndex == nil })
        #expect(app.player.playbackState == .stopped)
        app.controller.onMainActor { $0.togglePlayPause() }
        #expect(app.player.nowPlayingItem == app.items[0])
    }

    @Test func n1_nowPlayingShowsTitleArtistAndArtworkOrThePlaceholder() throws {
        let app = try ControllerHarness(songs: 2, seconds: 0.8, artwork: true, heard: false)
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        #expect(app.waitFor { $0.text == "Now Playing: Song 0 by Artist" })
        guard case .thumbnail(let bytes) = app.state.artwork else {
            Issue.record("no thumbnail: \(app.state.artwork)")
            return
        }
        #expect(bytes.starts(with: [0xFF, 0xD8]))  // a JPEG
        #expect(app.waitFor { $0.text == "Now Playing: Song 1 by Artist" && $0.artwork == .placeholder })
    }

    @Test func n2_whenTheQueueHasEndedTheTextInvitesToPlayAgain() throws {
        let app = try ControllerHarness(songs: 1, seconds: 0.5, heard: false)
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        #expect(app.waitFor { $0.text.hasPrefix("The music has ended") })
        #expect(app.state.playPauseControl == .play && app.state.isPlayPauseEnabled)
    }

    @Test func c1_libraryChangesReachTheScreenAndAVanishedQueuedFileIsSkipped() throws {
        let app = try ControllerHarness(songs: 3, seconds: 0.5, heard: false)
        app.controller.onMainActor { $0.watchLibrary(roots: app.fixtures.roots) }
        app.controller.settle()  // the folders are under watch from here on
        try FileManager.default.removeItem(atPath: app.items[1].path.description)
        #expect(app.waitFor { $0.message?.text == "Your music library changed." })
        #expect(try app.library.songCount() == 2)
        // The stale item still in hand (as a picker might hold it) is skipped with a message, never a crash.
        app.controller.onMainActor { $0.pickerDone(with: app.items) }
        #expect(app.waitFor { ($0.message?.text ?? "").hasPrefix("Skipped “Song 1”") })
        #expect(app.waitFor { $0.text.hasPrefix("The music has ended") })
    }

    @Test func c1_theSameMessageTwiceIsShownTwice() throws {
        let app = try ControllerHarness(songs: 1, seconds: 0.5, heard: false)
        app.controller.onMainActor { $0.libraryChanged() }
        let first = try #require(app.state.message)
        app.controller.onMainActor { $0.libraryChanged() }
        let second = try #require(app.state.message)
        #expect(first.text == "Your music library changed." && second.text == first.text)
        #expect(second.id != first.id)
    }
}
