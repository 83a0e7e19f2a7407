import MediaModel

/// What went wrong talking to a music daemon over the MPD protocol.
public enum MPDError: Error, Equatable, CustomStringConvertible {
    /// The daemon could not be reached (refused, no such host or socket); `message` is the system's.
    case unreachable(address: String, message: String)
    /// The daemon refused a command: `code` is its ACK error number (e.g. 50 "no such file"), `command` the
    /// command it names.
    case ack(code: Int, command: String, message: String)
    /// The daemon's reply broke the protocol (a line that is not `key: value`, a bad greeting, a line too long).
    case malformed(String)
    /// `operation` ("connecting", "greeting", "sending status", "reply to status") did not finish within its
    /// deadline; the connection was closed.
    case timeout(operation: String)
    /// The reply to `command` grew past `limit` bytes (`MPDConnection.maximumReply`); the connection was closed.
    case replyTooLarge(command: String, limit: Int)
    /// An argument of `command` holds a line feed or a NUL, which the protocol cannot carry; nothing was sent and the
    /// connection is still open. `argument` is untrusted text (a file name, a tag, a search).
    case unsendable(command: String, argument: String)
    /// The connection was closed (the daemon stopped, the network went away, or an earlier failure closed it).
    case disconnected

    public var description: String {
        switch self {
        case .unreachable(let address, let message): "cannot reach the music daemon at \(address): \(message)"
        case .ack(let code, let command, let message): "the music daemon refused \(command) (\(code)): \(message)"
        case .malformed(let detail): "the music daemon's reply is malformed: \(detail)"
        case .timeout(let operation): "the music daemon did not answer in time (\(operation))"
        case .replyTooLarge(let command, let limit):
            "the music daemon's reply to \(command) is larger than \(limit >> 20) MiB"
        case .unsendable(let command, let argument):
            "cannot send \(command) to the music daemon: its argument \(Self.shown(argument)) holds a line break"
        case .disconnected: "the connection to the music daemon was closed"
        }
    }

    /// `text` in quotes, bounded to 80 scalars, its control characters made visible, for a message.
    public static func shown(_ text: String) -> String {
        let bounded = String(String.UnicodeScalarView(text.unicodeScalars.prefix(80)))
        return "\"" + TerminalSafeText.make(bounded)
            + (bounded.unicodeScalars.count < text.unicodeScalars.count ? "…\"" : "\"")
    }
}
