import AddMusicCore
import MediaControls
import MediaLibrary
import MusicPlayer

/// The desktop's media controls for a running player: MPRIS on the session bus. Without a session bus the app runs
/// on without them and says so once, on standard error (its log).
enum DesktopControls {
    static func publish(
        _ player: MusicPlayerController, library: MusicLibrary?, raise: (@Sendable () -> Void)?,
        quit: @escaping @Sendable () -> Void
    ) -> MPRISService? {
        do {
            return try MPRISService(player: player, library: library, actions: .init(raise: raise, quit: quit))
        } catch {
            printError(Localizer.app.string("mpris.unavailable", "\(error)"))
            return nil
        }
    }
}
