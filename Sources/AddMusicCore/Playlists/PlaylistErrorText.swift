import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// A playlist's failure in the user's language, safe for a terminal and a label: the commands' and the window's.
public enum PlaylistErrorText {
    /// What went wrong with a playlist (`PlaylistError`, `SmartPlaylistError`, the daemon's `MPDError`,
    /// `PlaylistShelfError`).
    public static func describe(_ error: any Error, text: Localizer = .app) -> String {
        let safe = TerminalSafeText.make
        switch error {
        case let playlist as PlaylistError: return describe(playlist, text: text)
        case let smart as SmartPlaylistError: return SmartPlaylistText.describe(smart, text: text)
        case PlaylistShelfError.daemonNeedsSongs: return text.string("playlists.daemonNeedsSongs")
        case let daemon as MPDError: return text.string("playlists.daemonSaid", safe(daemon.description))
        default: return safe(FailureText.describe(error, text: text))
        }
    }

    /// A `PlaylistError` in the user's language.
    public static func describe(_ error: PlaylistError, text: Localizer = .app) -> String {
        let safe = TerminalSafeText.make
        switch error {
        case .tooLarge(let path, let bytes):
            return text.string(
                "playlistError.tooLarge", safe(path), bytes / (1024 * 1024), Playlist.maximumBytes / (1024 * 1024))
        case .tooManyEntries(let path, let limit): return text.string("playlistError.tooManyEntries", safe(path), limit)
        case .binary(let path): return text.string("playlistError.binary", safe(path))
        case .unknownFormat(let path): return text.string("playlistError.unknownFormat", safe(path))
        case .system(let code, _, let path):
            if let diskFull = FailureText.diskFull(error, text: text) { return diskFull }
            return text.string("playlistError.system", safe(path), String(cString: strerror(code)))
        case .noSuchPlaylist(let name): return text.string("playlistError.noSuchPlaylist", safe(name))
        case .alreadyExists(let name): return text.string("playlistError.alreadyExists", safe(name))
        case .badName(let name): return text.string("playlistError.badName", safe(name))
        case .noSuchPosition(let position, let count):
            return text.string("playlistError.noSuchPosition", position, count)
        }
    }
}
