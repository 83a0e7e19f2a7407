import CFFmpeg

/// An error reported by FFmpeg: its code, its own message, and what was being done.
public struct FFmpegError: Error, Sendable, CustomStringConvertible {
    /// FFmpeg's negative error code.
    public let code: Int32
    /// FFmpeg's text for the code.
    public let message: String
    /// What was being done ("open", "read stream info", "decode picture", …).
    public let operation: String

    /// Builds an error from an FFmpeg return code.
    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) == 0 {
            message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else {
            message = "error \(code)"
        }
    }

    /// Builds an error that FFmpeg did not number (a missing stream, a missing codec).
    public init(message: String, operation: String) {
        self.code = addmusic_averror_invaliddata()
        self.message = message
        self.operation = operation
    }

    /// Builds the error of a probe stopped by its budget (`ProbeBudget`).
    package init(overrun: ProbeOverrun) {
        self.code = addmusic_averror(ETIMEDOUT)
        switch overrun {
        case .deadline(let seconds): message = "took longer than \(seconds) s to read"
        case .bytes(let bytes): message = "read more than \(bytes / (1024 * 1024)) MB without finding its audio"
        case .entries(let count): message = "its tags claim more than \(count) entries"
        }
        self.operation = "open"
        self.overrun = overrun
    }

    /// Builds the error of a path that is not a regular file (a FIFO, a device, a folder): never opened.
    package init(notRegularFile operation: String) {
        self.code = addmusic_averror(EINVAL)
        self.message = "not a regular file"
        self.operation = operation
    }

    /// Which limit of its budget stopped a probe, when one did.
    public private(set) var overrun: ProbeOverrun?

    public var description: String { "\(operation): \(message)" }

    /// Whether the error is a missing file or folder.
    public var isNotFound: Bool { code == addmusic_averror(ENOENT) }
    /// Whether the error is a permission refusal.
    public var isPermissionDenied: Bool { code == addmusic_averror(EACCES) || code == addmusic_averror(EPERM) }
}

/// Keeps FFmpeg quiet on stderr: errors reach the user through `FFmpegError`, not through the library's log.
package enum FFmpegLog {
    package static let silenced: Void = { av_log_set_level(addmusic_av_log_quiet()) }()
}
