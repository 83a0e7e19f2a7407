import CSQLite

/// An error reported by SQLite: its result code, its own message, and what was being done.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's (extended) result code.
    public let code: Int32
    /// SQLite's message for the failure.
    public let message: String
    /// What was being done (the SQL, or an operation's name).
    public let operation: String

    init(code: Int32, message: String? = nil, operation: String) {
        self.code = code
        self.message = message ?? String(cString: sqlite3_errstr(code))
        self.operation = operation
    }

    public var description: String { "\(message) (SQLite \(code)) while \(operation)" }
}
