import CSQLite
import Foundation

/// Owns one `sqlite3` connection; closes it in `deinit`.
///
/// Not thread-safe: the owner serializes every use (the library guards its connections with a lock).
final class SQLiteConnection {
    /// The database file, named in every error.
    let path: String
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens the database at `path` (creating it if needed, unless `readOnly`), with a busy timeout so a second
    /// connection waits.
    /// - Throws: `SQLiteError` when the file cannot be opened.
    convenience init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        try self.init(path: path, name: path, flags: flags)
    }

    /// Opens `name` (the path, or a `file:` URI for it) with `flags`.
    private init(path: String, name: String, flags: Int32) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(name, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let error = SQLiteError(code: code, handle: opened, operation: "opening the database", path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        self.path = path
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 10_000)
    }

    /// Opens the database at `path` for reading only: nothing is created, changed or written.
    ///
    /// A database in WAL mode needs an index file beside it (`-shm`) that readers create when it is missing; where
    /// that cannot be made (a folder the user may only read, a read-only medium) SQLite refuses to read. There the
    /// database is opened as immutable instead: no one can be writing it, since no one could make that file either
    /// (unless a write-ahead log with content lies beside it: then the read fails, as its commits would be missed).
    /// - Throws: `SQLiteError` when the file cannot be opened or read.
    static func openForReading(path: String) throws(SQLiteError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        do throws(SQLiteError) {
            _ = try connection.query("SELECT COUNT(*) FROM sqlite_schema") { $0.int64(0) }
            return connection
        } catch {
            guard error.isReadOnly else { throw error }
            // A write-ahead log with content holds commits an immutable reader would not see (its writer was
            // stopped before folding them back): refuse rather than show an older library.
            var status = stat()
            if stat(path + "-wal", &status) == 0, status.st_size > 0 { throw error }
        }
        return try SQLiteConnection(
            path: path, name: immutableURI(path), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
    }

    /// `file:PATH?immutable=1`, with the bytes a URI's path cannot hold as they are written as `%XX`.
    private static func immutableURI(_ path: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~".utf8)
        var uri = "file:"
        for byte in path.utf8 {
            uri += plain.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return uri + "?immutable=1"
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        if code != SQLITE_OK {
            let message = error.map { String(cString: $0) }
            sqlite3_free(error)
            throw SQLiteError(
                code: code, message: message, operation: sql, path: path, systemCode: sqlite3_system_errno(handle))
        }
    }

    /// A prepared statement for `sql`, cached for reuse; its bindings are cleared.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, handle: handle, operation: sql, path: path)
        }
        let prepared = SQLiteStatement(handle: statement, connection: handle, sql: sql, path: path)
        statements[sql] = prepared
        return prepared
    }

    /// Runs `sql` with `values` bound and returns every row mapped by `row`.
    func query<T>(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteStatement) -> T) throws(SQLiteError) -> [T] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() { rows.append(row(statement)) }
        statement.reset()
        return rows
    }

    /// Runs `sql` with `values` bound, ignoring any rows.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
        statement.reset()
    }

    /// The rowid of the last insert on this connection; set it (to 0) to tell whether the next statement inserts.
    var lastInsertRowID: Int64 {
        get { sqlite3_last_insert_rowid(handle) }
        set { sqlite3_set_last_insert_rowid(handle, newValue) }
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one IMMEDIATE transaction: committed if it returns, rolled back if it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
