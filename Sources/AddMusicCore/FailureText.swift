import Foundation
import MediaLibrary
import MediaModel

/// A failure to write, as the user reads it: a full disk is said as such in the user's language, naming the file
/// that could not be written, whichever layer failed (SQLite, a playlist, `AtomicFile` for a saved state or the config file).
public enum FailureText {
    /// "The disk is full: PATH could not be written…" when `error` comes from a full file system, else nil.
    public static func diskFull(_ error: any Error, text: Localizer = .app) -> String? {
        let path: String
        switch error {
        case let sqlite as SQLiteError where sqlite.isDiskFull: path = sqlite.path
        case PlaylistError.system(let code, _, let file) where DiskFull.isDiskFull(code: code): path = file
        case let system as FileSystemError where DiskFull.isDiskFull(code: system.code): path = system.path
        case let other where DiskFull.isDiskFull(other):
            path = (other as NSError).userInfo[NSFilePathErrorKey] as? String ?? ""
        default: return nil
        }
        return text.string("error.diskFull", TerminalSafeText.make(path))
    }

    /// What a player's `stateNotSaved` event says to the user.
    public static func stateNotSaved(path: String, error: String, diskFull: Bool, text: Localizer = .app) -> String {
        diskFull
            ? text.string("error.diskFull", TerminalSafeText.make(path))
            : text.string("message.stateNotSaved", TerminalSafeText.make(error))
    }

    /// The disk-full sentence for `error` when it is one, else the error's own words.
    public static func describe(_ error: any Error, text: Localizer = .app) -> String {
        diskFull(error, text: text) ?? "\(error)"
    }
}
