import Foundation
import MediaLibrary
import MediaModel

/// A smart playlist's error in the user's language, safe for a terminal (what it quotes from a rule or a file goes
/// through `TerminalSafeText`), with what the part that was wrong may be instead.
public enum SmartPlaylistText {
    public static func describe(_ error: SmartPlaylistError, text: Localizer = .app) -> String {
        func safe(_ part: String) -> String { TerminalSafeText.make(part) }
        switch error {
        case .unknownField(let name):
            return text.string(
                "smart.error.unknownField", safe(name), SmartField.allCases.map(\.rawValue).joined(separator: ", "))
        case .unknownOperator(let field, let written):
            return text.string(
                "smart.error.unknownOperator", field.rawValue, safe(written), operators(of: field))
        case .operatorNotFor(let field, let comparison):
            return text.string("smart.error.operatorNotFor", field.rawValue, comparison.rawValue, operators(of: field))
        case .badValue(let field, let value):
            return text.string("smart.error.badValue", field.rawValue, safe(value), hint(for: field, text: text))
        case .missingValue(let field):
            return text.string("smart.error.missingValue", field.rawValue, hint(for: field, text: text))
        case .badSetting(let key, let value):
            let allowed =
                switch key {
                case "match": SmartRules.Match.allCases.map(\.rawValue).joined(separator: ", ")
                case "order": SmartOrder.allCases.map(\.rawValue).joined(separator: ", ")
                default: text.string("smart.hint.limit")
                }
            return text.string("smart.error.badSetting", safe(key), safe(value), allowed)
        case .unknownLine(let line): return text.string("smart.error.unknownLine", safe(line))
        case .inFile(let path, let line, let inner):
            return text.string("smart.error.inFile", safe(path), line, describe(inner, text: text))
        case .tooLarge(let path): return text.string("smart.error.tooLarge", safe(path))
        case .noSuchPlaylist(let name): return text.string("smart.error.noSuchPlaylist", safe(name))
        case .alreadyExists(let name): return text.string("smart.error.alreadyExists", safe(name))
        case .badName(let name): return text.string("smart.error.badName", safe(name))
        case .builtIn(let name): return text.string("smart.error.builtIn", safe(name))
        case .system(let code, _, let path):
            if DiskFull.isDiskFull(code: code) { return text.string("error.diskFull", safe(path)) }
            return text.string("smart.error.system", safe(path), String(cString: strerror(code)))
        }
    }

    /// `rule` in the user's words ("Genre is Jazz", "Last played in the last 30 days"), for a list.
    public static func rule(_ rule: SmartRule, text: Localizer = .app) -> String {
        let value = rule.field.kind == .date ? text.string("smart.days", rule.writtenValue) : rule.writtenValue
        return text.string(
            "smartEdit.rule", field(rule.field, text: text), comparison(rule.comparison, text: text), value)
    }

    /// The name of `field` in the user's language.
    public static func field(_ field: SmartField, text: Localizer = .app) -> String {
        text.string("smart.field." + field.rawValue)
    }

    /// The words of `comparison` in the user's language.
    public static func comparison(_ comparison: SmartOperator, text: Localizer = .app) -> String {
        text.string("smart.op." + comparison.rawValue)
    }

    /// What a value of `field` may be, as the placeholder of the field it is typed in.
    public static func valueHint(for field: SmartField, text: Localizer = .app) -> String {
        hint(for: field, text: text)
    }

    private static func operators(of field: SmartField) -> String {
        field.operators.map { "“\($0.rawValue)”" }.joined(separator: ", ")
    }

    /// What a value of `field` may be.
    private static func hint(for field: SmartField, text: Localizer) -> String {
        switch field.kind {
        case .text: text.string(field == .format ? "smart.hint.format" : "smart.hint.text")
        case .number where field == .rating: text.string("smart.hint.rating")
        case .number: text.string("smart.hint.number")
        case .duration: text.string("smart.hint.duration")
        case .date: text.string("smart.hint.date")
        }
    }
}
