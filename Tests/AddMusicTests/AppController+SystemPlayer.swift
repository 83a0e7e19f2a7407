import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

extension AppController {
    /// A started controller over `player` (the system player), with `library` and `playlists` when given, its
    /// preferences and strings in `fixtures` (English, no colour), and no audio server: the app sound plays to a
    /// clocked null output.
    nonisolated static func started(
        onSystem player: SystemMusicPlayer, fixtures: Fixtures, library: MusicLibrary? = nil,
        playlists: UserPlaylists? = nil
    ) throws -> AppController {
        let session = AudioSession(server: "unix:/nonexistent/addmusic-no-server", events: DispatchQueue(label: "s"))
        var environment = fixtures.environment()
        environment["NO_COLOR"] = "1"
        let app = AppController(
            player: player, playerKind: .system, session: session, library: library,
            playlists: playlists ?? UserPlaylists(folder: fixtures.root + "/playlists"),
            preferences: try Preferences(configPath: fixtures.root + "/config", environment: environment),
            text: Localizer(bundle: Localizer.resourceBundle, environment: environment),
            soundOutput: NullOutput(clocked: true))
        app.onMainActor { $0.start() }
        app.settle()
        return app
    }
}
