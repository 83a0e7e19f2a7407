/// How a smart playlist's rule compares its field with its value. The raw value is the words (or sign) a rule is
/// written with; `SmartOperator.spellings` lists the other ways each may be written.
public enum SmartOperator: String, CaseIterable, Sendable {
    case `is` = "is"
    case isNot = "is not"
    case contains
    case doesNotContain = "does not contain"
    case startsWith = "starts with"
    case greater = ">"
    case less = "<"
    case atLeast = ">="
    case atMost = "<="
    /// Within the last N days (a date field).
    case inTheLast = "in the last"
    /// Never, or not within the last N days (a date field).
    case notInTheLast = "not in the last"

    /// Every way an operator may be written, the longest first (so that "is not" is read before "is").
    static let spellings: [(text: String, operator: SmartOperator)] = {
        var all: [(String, SmartOperator)] = allCases.map { ($0.rawValue, $0) }
        all += [
            ("=", .is), ("==", .is), ("!=", .isNot), ("is greater than", .greater), ("greater than", .greater),
            ("is less than", .less), ("less than", .less), ("is at least", .atLeast), ("at least", .atLeast),
            ("is at most", .atMost), ("at most", .atMost), ("doesn't contain", .doesNotContain),
            ("is in the last", .inTheLast), ("is not in the last", .notInTheLast),
        ]
        return all.sorted { $0.0.count > $1.0.count }
    }()

    /// Whether the operator is the negation of another (a song without the field passes it).
    var isNegative: Bool { self == .isNot || self == .doesNotContain || self == .notInTheLast }
}
