import CSQLite
import Glibc

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
    /// The system's error number behind the failure (`sqlite3_system_errno`), 0 when none is known.
    public let systemCode: Int32

    /// The error `code` of the connection `handle` (whose own message and system error number are taken when
    /// `message` is nil).
    init(code: Int32, handle: OpaquePointer?, operation: String, path: String) {
        self.init(
            code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) }, operation: operation, path: path,
            systemCode: handle.map { sqlite3_system_errno($0) } ?? 0)
    }

    init(code: Int32, message: String? = nil, operation: String, path: String, systemCode: Int32 = 0) {
        self.code = code
        self.message = message ?? String(cString: sqlite3_errstr(code))
        self.operation = operation
        self.path = path
        self.systemCode = systemCode
    }

    /// Whether the file system holding the database is full (or the user's quota used up). SQLite says so as
    /// "database or disk is full" when a write fails, but as a "disk I/O error" when its shared-memory index
    /// (`-shm`) cannot grow, which even a reader needs in WAL mode: the system's error number tells.
    public var isDiskFull: Bool {
        code & 0xff == SQLITE_FULL || systemCode == ENOSPC || systemCode == EDQUOT
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
