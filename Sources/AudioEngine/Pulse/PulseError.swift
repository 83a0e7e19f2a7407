import CPulseAudio

/// An error reported by libpulse: its code, its own message, and what was being done.
public struct PulseError: Error, Sendable, CustomStringConvertible {
    /// libpulse's error code (`PA_ERR_*`).
    public let code: Int32
    /// libpulse's text for the code.
    public let message: String
    /// What was being done ("connect to the audio server", "open a playback stream", …).
    public let operation: String

    init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
        message = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    public var description: String { "\(operation): \(message)" }
}
