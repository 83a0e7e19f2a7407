import AddMusicCore
import AddMusicWindow
import AudioEngine
import Foundation
import Gtk
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic window [--player app|system] [FILE|FOLDER|URL…]`: the desktop window over the app controller, with
/// what is named opened in it. One window per session: when one runs already, this launch hands it what it names
/// (or, naming nothing, brings it up) and ends at once. Without a display it says so in one line and points to
/// `addmusic play`.
struct WindowCommand {
    let arguments: Arguments
    let text = Localizer.app
    /// What to open in the window: paths, `file://` URIs, `http`/`https` URLs.
    var locations: [String] = []
    /// The application, already registered on the session bus as the one that runs (see `claim`).
    var application: Application?

    /// Whether `word`, not a command, names something to open: a URL, a path with a folder or an extension, or
    /// anything that exists.
    static func isLocation(_ word: String) -> Bool {
        word.contains("/") || word.contains(".") || FileManager.default.fileExists(atPath: word)
    }

    /// The application for this launch, registered on the session bus; nil when a window runs already in this
    /// session, which has then been handed `locations` (or brought up).
    static func claim(forwarding locations: [String]) -> Application? {
        let application = Application(id: "org.addmusic.AddMusic")
        guard application.register() else { return application }
        application.forward(locations)
        return nil
    }

    /// Whether there is a display to open a window on (an X or a Wayland one).
    private static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Why no window can open here, in the user's language (no display, or GTK's libraries cannot be loaded: B-L7);
    /// nil when one can.
    static var whyNoWindow: String? {
        guard hasDisplay else { return Localizer.app.string("window.noDisplay") }
        return Application.librariesMissing.map {
            Localizer.app.string("window.noLibraries", TerminalSafeText.make($0))
        }
    }

    @MainActor
    func run() throws -> Int32 {
        if let why = Self.whyNoWindow {
            printError(why)
            return 1
        }
        let preferences = try Preferences(playerFlag: arguments.value("player"))
        // When a window runs already, it has been handed the locations (or brought up): this launch ends here.
        guard let application = application ?? Self.claim(forwarding: locations) else { return 0 }
        let session = AudioSession(events: DispatchQueue(label: "addmusic.session"))
        let library = try? MusicLibrary()
        // B-C1: the music folders are watched while the window is open; the picker offers their playlist files.
        let roots = MusicFolders.resolve(flags: arguments.values("music-dir"))
            .filter { FileManager.default.fileExists(atPath: $0.description) }
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
        controller.watchLibrary(roots: roots)
        MainQueueSource.attach()  // the controller's events and the window's state come through the main queue
        let presence = WindowPresence(
            application: application, controller: controller, source: Self.source(for: player, library, roots: roots),
            text: text, locations: locations)
        application.onActivate { MainActor.assumeIsolated { presence.show() } }
        application.onOpen { opened in MainActor.assumeIsolated { presence.open(opened) } }
        // Media keys, the desktop's controls and playerctl (MPRIS); Raise brings the window up. The bus asks on
        // its own thread; the window is reached on the main thread only.
        let app = MainThreadOnly(application)
        let controls = DesktopControls.publish(
            player, library: library, roots: roots, raise: { MainThread.async { app.value.activate() } },
            quit: { MainThread.async { app.value.quit() } })
        // B-P7: after the music moved to the other player, the picker and the desktop's controls follow it.
        controller.observePlayer { player, _ in
            presence.source = Self.source(for: player, library, roots: roots)
            controls?.follow(player)
        }
        let status = application.run()
        controls?.close()
        withExtendedLifetime(presence) {}
        return status
    }
}

extension WindowCommand {
    /// The player `preferences` name, set up as they say: the system player connected to its daemon, or the
    /// application player on the audio server (a silent output when it does not answer), saving its queue. Waits
    /// for the daemon or the audio server: at launch, or on the controller's switching queue.
    static func makePlayer(_ preferences: Preferences, session: AudioSession) throws -> any SettledPlayerReads {
        let player: any SettledPlayerReads
        switch preferences.playerKind {
        case .system:
            player = SystemMusicPlayer()
        case .application:
            let chosen = OutputChoice.openOrSilent(session.makeOutput(role: "music"))
            let application = try ApplicationMusicPlayer(
                output: chosen, statePath: SavedPlayerState.defaultPath, outputFormat: preferences.outputFormat)
            application.setEqualizer(preferences.chosenEqualizer)
            player = application
        }
        player.setReplayGain(preferences.replayGain)
        if let crossfade = preferences.crossfade { player.setCrossfade(crossfade) }
        return player
    }

    /// What the picker browses for `player`: the daemon's own database for the system player (every song it offers
    /// is one the daemon can play), else the library with the playlist files of the music folders `roots`.
    static func source(for player: MusicPlayerController, _ library: MusicLibrary?, roots: [LibraryPath])
        -> PickerSource?
    {
        if let system = player as? SystemMusicPlayer { return .daemon(system) }
        return library.map { .library($0, roots: roots) }
    }
}

/// A main-thread object carried through a closure that another thread holds: it is used only once back on the main
/// thread (through `MainThread.async`).
private final class MainThreadOnly<Value>: @unchecked Sendable {  // `value` is used only on the main thread
    let value: Value
    init(_ value: Value) { self.value = value }
}
