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
        let player: MusicPlayerController
        // B-C1: the music folders are watched while the window is open; the picker offers their playlist files.
        let roots = MusicFolders.resolve(flags: arguments.values("music-dir"))
            .filter { FileManager.default.fileExists(atPath: $0.description) }
        var source = library.map { PickerSource.library($0, roots: roots) }
        switch preferences.playerKind {
        case .system:
            let system = SystemMusicPlayer()
            source = .daemon(system)  // the picker offers what the daemon can play
            player = system
        case .application:
            let chosen = OutputChoice.openOrSilent(session.makeOutput(role: "music"))
            let statePath = SavedPlayerState.defaultPath
            let application = try ApplicationMusicPlayer(
                output: chosen, statePath: statePath, outputFormat: preferences.outputFormat)
            if let saved = SavedState.load(from: statePath), let library {
                application.restore(saved, items: (try? library.items(ids: saved.itemIDs)) ?? [])
            }
            player = application
        }
        player.setReplayGain(preferences.replayGain)
        let controller = AppController(
            player: player, playerKind: preferences.playerKind, session: session, library: library,
            preferences: preferences)
        // Route changes it only notes (B-R1, B-R4) and faults go to the log, here standard error.
        controller.observeLog { line in printError("addmusic: " + TerminalSafeText.make(line)) }
        controller.start()
        controller.watchLibrary(roots: roots)
        return MainActor.assumeIsolated {
            let application = Application(id: "org.addmusic.AddMusic")
            MainQueueSource.attach()  // the controller's events and the window's state come through the main queue
            var window: MainWindow?
            application.onActivate {
                MainActor.assumeIsolated {
                    window = MainWindow(application: application, controller: controller, source: source, text: text)
                }
            }
            // Media keys, the desktop's controls and playerctl (MPRIS); Raise brings the window up. The bus asks on
            // its own thread; the window is reached on the main thread only.
            let app = MainThreadOnly(application)
            let controls = DesktopControls.publish(
                player, library: library, raise: { MainThread.async { app.value.presentActiveWindow() } },
                quit: { MainThread.async { app.value.quit() } })
            let status = application.run()
            controls?.close()
            withExtendedLifetime(window) {}
            return status
        }
    }
}

/// A main-thread object carried through a closure that another thread holds: it is used only once back on the main
/// thread (through `MainThread.async`).
private final class MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
