import CTagLib
import FFmpegSupport
import Glibc

/// Why TagLib did not read or write a file.
public struct TagLibError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// TagLib does not know the format, or the file is not valid in it.
        case unsupported
        /// The file could not be opened (its `errno`).
        case openFailed(Int32)
        /// The read ran past its budget.
        case overrun(ProbeOverrun)
        /// TagLib could not save the file.
        case saveFailed
    }

    public let kind: Kind
    /// TagLib's reason, in English, where it gave one.
    public let message: String

    init(_ status: addmusic_tags_status, errorNumber: Int32 = 0, budget: ProbeBudget, message: String = "") {
        switch status {
        case ADDMUSIC_TAGS_OPEN_FAILED: kind = .openFailed(errorNumber)
        case ADDMUSIC_TAGS_DEADLINE: kind = .overrun(.deadline(budget.seconds))
        case ADDMUSIC_TAGS_TOO_MANY_BYTES: kind = .overrun(.bytes(budget.maximumHeaderBytes))
        case ADDMUSIC_TAGS_TOO_MANY_ENTRIES: kind = .overrun(.entries(Int(addmusic_tags_maximum_entries())))
        case ADDMUSIC_TAGS_SAVE_FAILED: kind = .saveFailed
        default: kind = .unsupported
        }
        self.message = message
    }

    public var description: String {
        switch kind {
        case .unsupported: return message.isEmpty ? "TagLib does not read this format" : message
        case .openFailed(let code): return "cannot open: \(String(cString: strerror(code)))"
        case .overrun(let overrun): return FFmpegError(overrun: overrun).message
        case .saveFailed: return message.isEmpty ? "TagLib could not save the file" : message
        }
    }
}
