import AddMusicCore
import MediaControls
import MediaLibrary
import MusicPlayer

/// The desktop's media controls for a running player: MPRIS on the session bus. Without a session bus (or when it
/// goes away) the app runs on without them and says so once, on standard error (its log).
enum DesktopControls {
    static func publish(
        _ player: MusicPlayerController, library: MusicLibrary?, raise: (@Sendable () -> Void)?,
        quit: @escaping @Sendable () -> Void
    ) -> MPRISService? {
        do {
            let lost: @Sendable (SDBusError) -> Void = { error in
                printError(Localizer.app.string("mpris.lost", "\(error)"))
            }
            return try MPRISService(
                player: player, library: library, actions: .init(raise: raise, quit: quit, lost: lost))
        } catch {
            printError(Localizer.app.string("mpris.unavailable", "\(error)"))
            return nil
        }
    }
}
