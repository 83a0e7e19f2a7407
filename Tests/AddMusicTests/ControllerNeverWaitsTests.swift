import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// No call of the controller waits for the player: with a player that stops answering, every intent, registration,
/// setting and read still comes back at once, so the window never freezes on a hung device or daemon.
struct ControllerNeverWaitsTests {
    @Test func everyIntentReturnsWhileThePlayerHangs() throws {
        let fixtures = try Fixtures()
        let player = HangingPlayer()
        let controller = try Self.controller(of: player, fixtures: fixtures)
        let song = MediaItem(id: 1, path: LibraryPath(fixtures.music + "/a.flac"), title: "A", duration: 60)

        let musicFolder = LibraryPath(fixtures.music)
        player.hang()
        let returned = Locked(false)
        Thread.detachNewThread {
            controller.onMainActor { $0.tapMusicButton() }
            controller.onMainActor { $0.pickerDone(with: [song]) }
            controller.onMainActor { $0.togglePlayPause() }
            controller.onMainActor { $0.openPicker() }
            controller.onMainActor { $0.pickerCancelled() }
            controller.onMainActor { $0.tapMusicButton() }
            controller.onMainActor { $0.addMoreFromQueue() }
            controller.onMainActor { $0.pickerDone(with: [song]) }
            controller.onMainActor { $0.queueDone() }
            controller.onMainActor { $0.moveInQueue(from: 1, to: 0) }
            controller.onMainActor { $0.playNext(at: 1) }
            controller.onMainActor { $0.playNow(at: 0) }
            controller.onMainActor { $0.removeFromQueue(at: 1) }
            controller.onMainActor { $0.saveQueue(asPlaylist: "Kept") }
            controller.onMainActor { $0.clearQueue() }
            controller.onMainActor { $0.playAppSound() }
            controller.onMainActor { $0.alertResume() }
            controller.onMainActor { $0.alertStop() }
            controller.onMainActor { $0.libraryChanged() }
            controller.onMainActor { $0.setBackgroundAnimation(false) }
            controller.onMainActor { $0.setReplayGain(ReplayGainMode(source: .track, preamp: 0)) }
            controller.onMainActor { $0.setPlayerKind(.application) }
            controller.onMainActor { $0.watchLibrary(roots: [musicFolder]) }
            controller.onMainActor { $0.observe(on: DispatchQueue(label: "test.state")) { _ in } }
            controller.observeLog { _ in }
            controller.onMainActor { $0.afterPendingWork {} }
            _ = controller.stateNow
            _ = controller.progress
            _ = controller.preferencesNow
            returned.withLock { $0 = true }
        }
        // A hang guard, not a timing: the player is let go only after the intents came back, or after 15 s.
        let cameBack = Fixtures.waitUntil(seconds: 15) { returned.withLock { $0 } }
        player.release()
        #expect(cameBack, "an intent waited for the hung player")
        // Let go, the player carries out what was asked, in order, and the state follows.
        #expect(Fixtures.waitUntil(seconds: 10) { controller.stateNow.musicButtonTitle == "Show Music" })
    }

    @Test func intentsOnTheMainThreadNeverCallTheHungPlayerThere() throws {
        let fixtures = try Fixtures()
        let player = HangingPlayer()
        let controller = try Self.controller(of: player, fixtures: fixtures)
        controller.settle()
        let song = MediaItem(id: 1, path: LibraryPath(fixtures.music + "/a.flac"), title: "A", duration: 60)
        player.hang()
        // As the window does: the intents run on the main thread, there and then; the player is told on a queue of
        // the controller's own, so the main thread goes on (a later block on the main queue runs).
        let returned = Locked(0)
        DispatchQueue.main.async {
            controller.pickerDone(with: [song])
            controller.togglePlayPause()
            controller.queueDone()
            controller.setReplayGain(ReplayGainMode(source: .album, preamp: 0))
            returned.withLock { $0 += 1 }
            DispatchQueue.main.async { returned.withLock { $0 += 1 } }
        }
        let cameBack = Fixtures.waitUntil(seconds: 15) { returned.withLock { $0 } == 2 }
        player.release()
        #expect(cameBack, "the main thread waited for the hung player")
    }

    @Test func aPreferenceThatCannotBeSavedIsToldAndHoldsForTheRun() throws {
        let fixtures = try Fixtures()
        // A folder where the config file should be: it cannot be read, so it is never written over.
        let configPath = fixtures.root + "/config"
        try FileManager.default.createDirectory(atPath: configPath, withIntermediateDirectories: true)
        var environment = fixtures.environment()
        environment["NO_COLOR"] = nil
        let session = AudioSession(server: "unix:/nonexistent/addmusic-no-server", events: DispatchQueue(label: "s"))
        let controller = AppController(
            player: HangingPlayer(), session: session,
            preferences: try Preferences(configPath: configPath, environment: environment),
            text: Localizer(bundle: Localizer.resourceBundle, environment: environment),
            soundOutput: NullOutput(clocked: true))
        controller.onMainActor { $0.start() }
        controller.onMainActor { $0.setBackgroundAnimation(false) }
        let message = controller.settledState.message?.text ?? ""
        #expect(message.hasPrefix("The setting could not be saved"), "\(message)")
        #expect(!controller.preferencesNow.backgroundAnimation)
        #expect(controller.settledState.backgroundColor == nil)
    }

    /// A started controller of `player`, with no audio server and no colour.
    private static func controller(of player: HangingPlayer, fixtures: Fixtures) throws -> AppController {
        var environment = fixtures.environment()
        environment["NO_COLOR"] = "1"
        let session = AudioSession(server: "unix:/nonexistent/addmusic-no-server", events: DispatchQueue(label: "s"))
        let controller = AppController(
            player: player, session: session,
            preferences: try Preferences(configPath: fixtures.root + "/config", environment: environment),
            text: Localizer(bundle: Localizer.resourceBundle, environment: environment),
            soundOutput: NullOutput(clocked: true))
        controller.onMainActor { $0.start() }
        return controller
    }
}
