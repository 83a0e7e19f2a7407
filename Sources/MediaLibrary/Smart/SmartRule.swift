import Foundation

/// One rule of a smart playlist: a field, an operator and a value, written and read as one line of English words
/// ("genre is Jazz", "rating >= 4", "last played in the last 30 days", "duration > 5:00").
///
/// Text compares folded (`TextFolding.key`: case, diacritics and width aside), as the library's search does; a song
/// passes a text rule on genre or composer when one of its genres (composers) does. A song without the field (no
/// year, no album) passes no rule on it but the negative ones (`is not`, `does not contain`, `not in the last`).
/// Numbers compare whole: a duration in whole seconds, a rating in stars (unrated is 0).
public struct SmartRule: Hashable, Sendable, CustomStringConvertible {
    /// The field tested.
    public var field: SmartField
    /// How it is compared.
    public var comparison: SmartOperator
    /// The value compared with: text for a text field, else a number (seconds for a duration, days for a date).
    public var value: Value

    /// What a rule compares with.
    public enum Value: Hashable, Sendable {
        case text(String)
        case number(Int64)
    }

    /// The longest text value a rule keeps (a rule is one line of a small file).
    public static let maximumTextLength = 1_000

    /// A rule of the given parts (not checked: `init(parsing:)` checks what a user writes).
    public init(_ field: SmartField, _ comparison: SmartOperator, _ value: Value) {
        self.field = field
        self.comparison = comparison
        self.value = value
    }

    /// The rule a line of text says: the field's name, an operator (`SmartOperator`, or one of its other spellings),
    /// and the value, optionally in double quotes (to begin a text with an operator's words).
    /// - Throws: `SmartPlaylistError` naming the part that is wrong.
    public init(parsing line: String) throws(SmartPlaylistError) {
        let text = line.trimmingCharacters(in: .whitespaces)
        let (field, rest) = try Self.field(in: text)
        let lowered = rest.lowercased()
        guard
            let spelling = SmartOperator.spellings.first(where: { spelling in
                guard lowered.hasPrefix(spelling.text) else { return false }
                // A word operator ends at a space (or the line's end); a sign needs none.
                let after = lowered.dropFirst(spelling.text.count)
                return spelling.text.first?.isLetter != true || after.isEmpty || after.first == " "
            })
        else {
            throw .unknownOperator(field: field, text: String(rest.prefix(40)))
        }
        var written = String(rest.dropFirst(spelling.text.count)).trimmingCharacters(in: .whitespaces)
        if written.count >= 2, written.hasPrefix("\""), written.hasSuffix("\"") {
            written = String(written.dropFirst().dropLast())
        }
        try self.init(field, spelling.operator, written: written)
    }

    /// The rule of `field` and `comparison` with the value `written` as a person writes it (for a duration `M:SS`,
    /// for a date a number of days or `N weeks`), checked as `init(parsing:)` checks it.
    /// - Throws: `SmartPlaylistError.operatorNotFor`, `.missingValue`, `.badValue`.
    public init(_ field: SmartField, _ comparison: SmartOperator, written: String) throws(SmartPlaylistError) {
        guard field.operators.contains(comparison) else { throw .operatorNotFor(field: field, comparison) }
        guard !written.isEmpty else { throw .missingValue(field: field) }
        self.init(field, comparison, try Self.value(written, for: field))
    }

    /// The field a rule's text starts with (its first two words, or its first), and the text after it.
    private static func field(in text: String) throws(SmartPlaylistError) -> (SmartField, Substring) {
        // Before an operator's sign ("rating>=4"), words end at the sign as at a space.
        let head = text.prefix { !"<>=!".contains($0) }
        let words = head.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        for count in [2, 1] where words.count >= count {
            let name = words[0..<count].joined(separator: " ")
            guard let field = SmartField(name: name) else { continue }
            let end = words[count - 1].endIndex
            return (field, text[end...].drop { $0 == " " })
        }
        throw .unknownField(String((words.first ?? "").prefix(40)))
    }

    /// The value `written` is for `field`, checked.
    private static func value(_ written: String, for field: SmartField) throws(SmartPlaylistError) -> Value {
        let bad = SmartPlaylistError.badValue(field: field, value: String(written.prefix(40)))
        switch field.kind {
        case .text:
            guard written.count <= maximumTextLength,
                !written.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            else { throw bad }
            // A format is a file name's extension: letters and digits.
            if field == .format,
                written.count > 10 || !written.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            {
                throw bad
            }
            return .text(written)
        case .number:
            var digits = written.lowercased()
            if field == .rating {
                for unit in [" stars", " star"] where digits.hasSuffix(unit) { digits.removeLast(unit.count) }
            }
            guard let number = Int64(digits), field.range.contains(number) else { throw bad }
            return .number(number)
        case .duration:
            guard let seconds = Self.seconds(written) else { throw bad }
            return .number(seconds)
        case .date:
            guard let days = Self.days(written) else { throw bad }
            return .number(days)
        }
    }

    /// Seconds written as `S`, `M:SS` or `H:MM:SS`.
    private static func seconds(_ written: String) -> Int64? {
        let parts = written.split(separator: ":", omittingEmptySubsequences: false).map { Int64($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let numbers = parts.map { $0! }
        guard numbers.dropFirst().allSatisfy({ $0 < 60 }), numbers[0] <= 1_000_000 else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }

    /// Days written as `N`, `N days` or `N weeks` (up to 100 years).
    private static func days(_ written: String) -> Int64? {
        let words = written.lowercased().split(separator: " ")
        guard (1...2).contains(words.count), let number = Int64(words[0]), number >= 0, number <= 36_500 else {
            return nil
        }
        switch words.count == 2 ? String(words[1]) : "days" {
        case "day", "days": return number
        case "week", "weeks": return number <= 5_200 ? number * 7 : nil
        default: return nil
        }
    }

    /// The rule as a line that reads back as the same rule.
    public var description: String {
        let shown: String
        switch value {
        case .text(let text):
            let quoted = text.hasPrefix(" ") || text.hasSuffix(" ") || (text.hasPrefix("\"") && text.hasSuffix("\""))
            shown = quoted ? "\"\(text)\"" : text
        case .number where field.kind == .date: shown = "\(writtenValue) days"
        case .number: shown = writtenValue
        }
        return "\(field.rawValue) \(comparison.rawValue) \(shown)"
    }

    /// The value as `init(_:_:written:)` reads it back: the text, a number, a duration as `M:SS`, days as a number.
    public var writtenValue: String {
        switch value {
        case .text(let text): text
        case .number(let number) where field.kind == .duration && number >= 60:
            String(format: "%lld:%02lld", number / 60, number % 60)
        case .number(let number): String(number)
        }
    }
}
