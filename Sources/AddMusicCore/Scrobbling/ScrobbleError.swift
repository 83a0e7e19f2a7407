/// Why listens were not delivered.
public enum ScrobbleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer came (no connection, the time up, libcurl missing); the listens wait and are sent again.
    case unreachable(String)
    /// The server refused the account (a wrong or revoked token): nothing is sent until the user logs in again.
    case refused(String)
    /// The server answered with another error; the listens wait when it may pass (429, 5xx), else are dropped.
    case server(status: Int, message: String)

    public var description: String {
        switch self {
        case .unreachable(let message): return "no answer: \(message)"
        case .refused(let message): return "the account was refused: \(message)"
        case .server(let status, let message): return "the server answered \(status): \(message)"
        }
    }

    /// Whether the listens sent are refused for good (the server found them wrong): sent again they would be refused
    /// again.
    var dropsTheListens: Bool {
        if case .server = self { return !isPassing }
        return false
    }

    /// Whether the same listens may be accepted later (the server down, busy, or unreachable).
    var isPassing: Bool {
        switch self {
        case .unreachable: return true
        case .refused: return false
        case .server(let status, _): return status == 429 || status >= 500
        }
    }
}
