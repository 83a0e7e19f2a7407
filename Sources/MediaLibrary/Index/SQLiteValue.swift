import CSQLite
import Foundation

/// A value to bind to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
    static func optional(_ number: Int?) -> SQLiteValue { number.map { .integer(Int64($0)) } ?? .null }
    static func optional(_ number: Int64?) -> SQLiteValue { number.map { .integer($0) } ?? .null }
    static func optional(_ number: Double?) -> SQLiteValue { number.map { .real($0) } ?? .null }
}
