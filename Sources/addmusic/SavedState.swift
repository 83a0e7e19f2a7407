import AddMusicCore
import MediaLibrary
import MediaModel
import MusicPlayer

/// The saved player state as the commands read it: a state that fails its checks has been set aside (renamed, kept)
/// by `SavedPlayerState.load`, and the user is told so once on standard error, where the file now is and why.
enum SavedState {
    /// The state saved at `path`, or nil (none, or set aside with one line said).
    static func load(from path: String) -> SavedPlayerState? {
        switch SavedPlayerState.load(from: path) {
        case .none:
            return nil
        case .state(let state):
            return state
        case .setAside(let keptAt, let reason):
            let line = Localizer.app.string("state.setAside", keptAt, reason)
            printError("addmusic: " + TerminalSafeText.make(line))
            return nil
        }
    }
}
