import Glibc
import MediaLibrary
import MediaModel

/// Why a tag write changed nothing, in the user's language, safe for a terminal and a window.
public enum TagWriteText {
    public static func reason(_ error: TagWriteError, text: Localizer = .app) -> String {
        switch error {
        case .notAFile: return text.string("tag.error.notAFile")
        case .unreadable(let code): return String(cString: strerror(code))
        case .readOnlyFile: return text.string("tag.error.readOnlyFile")
        case .readOnlyFolder: return text.string("tag.error.readOnlyFolder")
        case .cannotKeepOwner: return text.string("tag.error.owner")
        case .unsupported(let message): return text.string("tag.error.unsupported", TerminalSafeText.make(message))
        case .diskFull: return text.string("tag.error.diskFull")
        case .system(let code, let step): return "\(step): \(String(cString: strerror(code)))"
        case .verificationFailed(let what): return text.string("tag.error.verify", TerminalSafeText.make(what))
        }
    }
}
