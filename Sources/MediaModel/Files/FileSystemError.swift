import Foundation

/// A file (the config file, one AddMusic replaces through `AtomicFile`) could not be read or written: the system's
/// error number, its message, what was being done, and to which path.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `errno` value.
    public let code: Int32
    /// What was being done (“reading”, “writing”, …).
    public let operation: String
    /// The path concerned.
    public let path: String

    /// An error of `code` while doing `operation` on `path`.
    public init(code: Int32, operation: String, path: String) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// The system's message, the code, the operation and the path.
    public var description: String {
        "\(String(cString: strerror(code))) (errno \(code)) while \(operation) \(TerminalSafeText.make(path))"
    }
}
