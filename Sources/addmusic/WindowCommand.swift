import AddMusicCore
import AudioEngine
import Foundation
import Gtk
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic window [--player app|system]`: the desktop window over the app controller. Without a display it says
/// so in one line and points to `addmusic play`.
struct WindowCommand {
    let arguments: Arguments
    let text = Localizer.app

    /// Whether there is a display to open a window on (an X or a Wayland one).
    static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    func run() throws -> Int32 {
        guard Self.hasDisplay else {
            printError(text.string("window.noDisplay"))
            return 1
        }
        let preferences = try Preferences(playerFlag: arguments.value("player"))
        let session = AudioSession(events: DispatchQueue(label: "addmusic.session"))
        let library = try? MusicLibrary()
        let makePlayer: AppController.PlayerMaker = { try Self.makePlayer($0, session: session) }
        let player = try makePlayer(preferences)
        if let application = player as? ApplicationMusicPlayer, let library,
            let saved = SavedState.load(from: SavedPlayerState.defaultPath)
        {
            application.restore(saved, items: (try? library.items(ids: saved.itemIDs)) ?? [])
        }
        let controller = AppController(
            player: player, playerKind: preferences.playerKind, session: session, library: library,
            preferences: preferences, makePlayer: makePlayer)
        // Route changes it only notes (B-R1, B-R4) and faults go to the log, here standard error.
        controller.observeLog { line in printError("addmusic: " + TerminalSafeText.make(line)) }
        controller.start()
        // B-C1: the music folders are watched while the window is open.
        let roots = MusicFolders.resolve(flags: arguments.values("music-dir"))
            .filter { FileManager.default.fileExists(atPath: $0.description) }
        controller.watchLibrary(roots: roots)
        return MainActor.assumeIsolated {
            let application = Application(id: "org.addmusic.AddMusic")
            MainQueueSource.attach()  // the controller's events and the window's state come through the main queue
            var window: MainWindow?
            application.onActivate {
                MainActor.assumeIsolated {
                    window = MainWindow(
                        application: application, controller: controller, source: Self.source(for: player, library),
                        text: text)
                }
            }
            // Media keys, the desktop's controls and playerctl (MPRIS); Raise brings the window up. The bus asks on
            // its own thread; the window is reached on the main thread only.
            let app = MainThreadOnly(application)
            let controls = DesktopControls.publish(
                player, library: library, raise: { MainThread.async { app.value.presentActiveWindow() } },
                quit: { MainThread.async { app.value.quit() } })
            // B-P7: after the music moved to the other player, the picker and the desktop's controls follow it.
            controller.observePlayer { player, _ in
                window?.source = Self.source(for: player, library)
                controls?.follow(player)
            }
            let status = application.run()
            controls?.close()
            withExtendedLifetime(window) {}
            return status
        }
    }
}

extension WindowCommand {
    /// The player `preferences` name, set up as they say: the system player connected to its daemon, or the
    /// application player on the audio server (a silent output when it does not answer), saving its queue. Waits
    /// for the daemon or the audio server: at launch, or on the controller's switching queue.
    static func makePlayer(_ preferences: Preferences, session: AudioSession) throws -> MusicPlayerController {
        let player: MusicPlayerController
        switch preferences.playerKind {
        case .system:
            player = SystemMusicPlayer()
        case .application:
            let chosen = OutputChoice.openOrSilent(session.makeOutput(role: "music"))
            player = try ApplicationMusicPlayer(
                output: chosen, statePath: SavedPlayerState.defaultPath, outputFormat: preferences.outputFormat)
        }
        player.setReplayGain(preferences.replayGain)
        return player
    }

    /// What the picker browses for `player`: the daemon's own database for the system player (every song it offers
    /// is one the daemon can play), else the library.
    static func source(for player: MusicPlayerController, _ library: MusicLibrary?) -> PickerSource? {
        if let system = player as? SystemMusicPlayer { return .daemon(system) }
        return library.map(PickerSource.library)
    }
}

/// A main-thread object carried through a closure that another thread holds: it is used only once back on the main
/// thread (through `MainThread.async`).
private final class MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
