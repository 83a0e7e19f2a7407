import AddMusicCore
import MediaControls
import MediaLibrary
import MediaModel
import MusicPlayer

/// The desktop's media controls for a running player: MPRIS on the session bus, with its queue and the playlists (of
/// the music folders `roots` among others). Without a session bus (or when it goes away) the app runs on without
/// them and says so once, on standard error (its log).
enum DesktopControls {
    static func publish(
        _ player: MusicPlayerController, library: MusicLibrary?, roots: [LibraryPath], raise: (@Sendable () -> Void)?,
        quit: @escaping @Sendable () -> Void
    ) -> MPRISService? {
        do {
            let lost: @Sendable (SDBusError) -> Void = { error in
                printError(Localizer.app.string("mpris.lost", "\(error)"))
            }
            let lookup = LibraryLookup(
                thumbnail: { try library?.thumbnail(artworkID: $0) }, item: { try library?.item(atPath: $0) },
                statistics: { try StatisticsRecorder(player: $0, library: library).statistics(of: $1) })
            return try MPRISService(
                player: player, library: lookup,
                playlists: DesktopPlaylists.lookup(library: library, roots: roots),
                readFile: { try? MediaItem.unindexed($0) },
                actions: .init(raise: raise, quit: quit, lost: lost))
        } catch {
            printError(Localizer.app.string("mpris.unavailable", "\(error)"))
            return nil
        }
    }
}
