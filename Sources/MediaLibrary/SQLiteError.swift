import CSQLite

/// An error reported by SQLite: its result code, its own message, what was being done, and on which database file.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's (extended) result code.
    public let code: Int32
    /// SQLite's message for the failure.
    public let message: String
    /// What was being done (the SQL, or an operation's name).
    public let operation: String
    /// The database file.
    public let path: String

    init(code: Int32, message: String? = nil, operation: String, path: String) {
        self.code = code
        self.message = message ?? String(cString: sqlite3_errstr(code))
        self.operation = operation
        self.path = path
    }

    /// Whether SQLite refused because the database (or the folder its journal goes to) cannot be written.
    var isReadOnly: Bool { code & 0xff == SQLITE_READONLY || code & 0xff == SQLITE_CANTOPEN }

    /// Whether another connection held the database and SQLite gave up waiting (or would not wait).
    var isBusy: Bool { code & 0xff == SQLITE_BUSY }

    /// Whether the index was made by an older version of its schema and must be opened for writing once to be
    /// brought up to date (`MusicLibrary(readOnly: true)` refuses it).
    public var isOlderSchema: Bool { code == SQLITE_SCHEMA }

    public var description: String { "\(path): \(message) (SQLite \(code)) while \(operation)" }
}
