import Foundation

/// A failure of libsystemd's sd-bus: what was being done and the errno it answered.
public struct SDBusError: Error, CustomStringConvertible, Equatable {
    /// What was being done ("connect to the session bus").
    public var operation: String
    /// The (positive) errno.
    public var code: Int32

    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = abs(code)
    }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
