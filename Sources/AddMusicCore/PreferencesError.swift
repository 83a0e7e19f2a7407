import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// A preference that cannot be used.
public enum PreferencesError: Error, Equatable, CustomStringConvertible {
    /// `--player` named something other than `app` or `system`.
    case unknownPlayer(String)

    public var description: String {
        switch self {
        case .unknownPlayer(let name): Localizer.app.string("error.unknownPlayer", TerminalSafeText.make(name))
        }
    }
}
