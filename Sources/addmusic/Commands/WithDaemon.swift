import AddMusicCore
import MediaModel
import MusicPlayer

/// Runs `body`, which asks the music daemon, turning the daemon's errors into one line for the user.
func withDaemon<T>(_ body: () throws(MPDError) -> T) throws -> T {
    let text = Localizer.app
    do {
        return try body()
    } catch .unreachable(let address, _) {
        throw CommandError.failure(text.string("play.noDaemon", address))
    } catch .ack(_, _, let message) {
        throw CommandError.failure(text.string("playlist.daemonRefused", TerminalSafeText.make(message)))
    } catch .unsendable(_, let argument) {
        throw CommandError.failure(text.string("error.unsendable", MPDError.shown(argument)))
    } catch {
        throw CommandError.failure(TerminalSafeText.make(error.description))
    }
}
