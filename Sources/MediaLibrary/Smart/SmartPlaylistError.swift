import Foundation

/// Why a smart playlist's rules could not be read, or the playlist found or written. Each case says what was wrong
/// in words a user can act on (the command line says them in the user's language: `smart.error.*`).
public indirect enum SmartPlaylistError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A rule's first words name no field.
    case unknownField(String)
    /// After the field, no operator (the text that follows it).
    case unknownOperator(field: SmartField, text: String)
    /// The operator does not apply to the field ("rating contains 4").
    case operatorNotFor(field: SmartField, SmartOperator)
    /// The value is not one the field takes (text for a number, a rating of 7).
    case badValue(field: SmartField, value: String)
    /// The rule ends before its value.
    case missingValue(field: SmartField)
    /// A setting's value is none it takes (`match = some`, `limit = many`).
    case badSetting(key: String, value: String)
    /// A line of a smart playlist's file is no setting (`KEY = VALUE`) it knows.
    case unknownLine(String)
    /// What was wrong, at line `line` of the file at `path`.
    case inFile(path: String, line: Int, SmartPlaylistError)
    /// The file is larger than `SmartRules.maximumFileBytes`, or holds more than `SmartRules.maximumRules` rules.
    case tooLarge(path: String)
    /// No smart playlist of that name exists.
    case noSuchPlaylist(String)
    /// A playlist of that name exists already.
    case alreadyExists(String)
    /// The name cannot be a playlist's name (empty, or too long for a file name).
    case badName(String)
    /// A built-in smart playlist that was never edited cannot be deleted.
    case builtIn(String)
    /// A system call failed (`code` is the errno) while `operation` was done on `path`.
    case system(code: Int32, operation: String, path: String)

    /// The error in plain English words.
    public var description: String {
        switch self {
        case .unknownField(let text): "no field named \(text)"
        case .unknownOperator(let field, let text): "\(field.rawValue): no operator at \(text)"
        case .operatorNotFor(let field, let comparison): "\(field.rawValue) takes no \(comparison.rawValue)"
        case .badValue(let field, let value): "\(field.rawValue) cannot be \(value)"
        case .missingValue(let field): "\(field.rawValue): the rule has no value"
        case .badSetting(let key, let value): "\(key) cannot be \(value)"
        case .unknownLine(let line): "not a setting: \(line)"
        case .inFile(let path, let line, let error): "\(path):\(line): \(error)"
        case .tooLarge(let path): "\(path): too large for a smart playlist"
        case .noSuchPlaylist(let name): "no smart playlist named \(name)"
        case .alreadyExists(let name): "a playlist named \(name) exists already"
        case .badName(let name): "\(name) cannot name a playlist"
        case .builtIn(let name): "\(name) is built in: edit it instead"
        case .system(let code, let operation, let path): "\(operation) \(path): \(String(cString: strerror(code)))"
        }
    }
}
