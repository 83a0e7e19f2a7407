import CSQLite

/// Owns one prepared `sqlite3_stmt`; finalizes it in `deinit`. Used only by its connection's owner.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer
    private let sql: String
    /// The database file, named in errors.
    private let path: String

    init(handle: OpaquePointer, connection: OpaquePointer, sql: String, path: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
        self.path = path
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Runs the statement once with `values` bound, ignoring any rows, and resets it for the next run.
    func run(_ values: [SQLiteValue]) throws(SQLiteError) {
        reset()
        try bind(values)
        while try step() {}
        reset()
    }

    /// Binds `values` to parameters 1…n.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, addmusic_sqlite_transient())
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(
                        handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
                        addmusic_sqlite_transient())
                }
            }
            if code != SQLITE_OK {
                throw SQLiteError(code: code, handle: connection, operation: sql, path: path)
            }
        }
    }

    /// Advances to the next row: true when a row is ready, false when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        let error = SQLiteError(code: code, handle: connection, operation: sql, path: path)
        sqlite3_reset(handle)
        throw error
    }

    /// Column `index` as a value of its own storage class (to copy a row as it is).
    func value(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(index))
        case SQLITE_FLOAT: return .real(double(index))
        case SQLITE_TEXT: return .text(text(index))
        case SQLITE_BLOB: return .blob(blob(index))
        default: return .null
        }
    }

    /// Whether column `index` is NULL.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Column `index` as an integer (0 for NULL).
    func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` as an Int, or nil for NULL.
    func optionalInt(_ index: Int32) -> Int? { isNull(index) ? nil : Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` as an Int64, or nil for NULL.
    func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : sqlite3_column_int64(handle, index) }

    /// Column `index` as a Double (0 for NULL).
    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as a Double, or nil for NULL.
    func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : sqlite3_column_double(handle, index) }

    /// Column `index` as text ("" for NULL).
    func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, index))),
            as: UTF8.self)
    }

    /// Column `index` as text, or nil for NULL.
    func optionalText(_ index: Int32) -> String? { isNull(index) ? nil : text(index) }

    /// Column `index` as bytes (empty for NULL).
    func blob(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Column `index` as bytes, or nil for NULL.
    func optionalBlob(_ index: Int32) -> [UInt8]? { isNull(index) ? nil : blob(index) }
}
