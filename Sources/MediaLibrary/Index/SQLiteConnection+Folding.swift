import CSQLite
import MediaModel

extension SQLiteConnection {
    /// Registers the SQL function `addmusic_fold(text)`: `TextFolding.key` of its argument (NULL for NULL), so that
    /// queries compare text case-, diacritics- and width-insensitively. Per connection; only the library's reader
    /// registers it (no index or trigger uses it, so connections without it can still write).
    /// - Throws: `SQLiteError` when SQLite refuses the function.
    func registerFolding() throws(SQLiteError) {
        let code = sqlite3_create_function_v2(
            handle, "addmusic_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, _, arguments in
                guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
                    let text = sqlite3_value_text(argument)
                else {
                    sqlite3_result_null(context)
                    return
                }
                let folded = TextFolding.key(String(cString: text))
                sqlite3_result_text(context, folded, -1, addmusic_sqlite_transient())
            }, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, handle: handle, operation: "registering addmusic_fold", path: path)
        }
    }
}
