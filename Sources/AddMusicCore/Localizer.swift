import Foundation

/// Looks up user-visible strings in the `.lproj/Localizable.strings` tables of a bundle, in the language the
/// environment asks for (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), falling back to English for a missing key.
///
/// Foundation on Linux neither picks a language from the environment nor offers `String(localized:)`, hence this.
/// Immutable after init; safe to share between threads.
public struct Localizer: Sendable {
    /// The language chosen ("en", "de", "fr", …).
    public let language: String
    private let table: [String: String]
    private let fallback: [String: String]

    /// The app's own strings, in the environment's language.
    public static let app = Localizer(bundle: AppResources.bundle, environment: ProcessInfo.processInfo.environment)

    /// Chooses a language among `bundle`'s localizations from `environment` and loads its table. Without a bundle
    /// (its resources could not be read: `AppResources`), every string is its key.
    public init(bundle: Bundle?, environment: [String: String]) {
        let available = Set(Self.availableLanguages(in: bundle))
        let wanted = Self.requestedLanguages(environment)
        language = wanted.first { available.contains($0) } ?? "en"
        fallback = Self.table(in: bundle, language: "en")
        table = language == "en" ? fallback : Self.table(in: bundle, language: language)
    }

    /// The bundle holding the app's `.lproj` tables.
    public static var resourceBundle: Bundle? { AppResources.bundle }

    /// The keys the chosen language's table defines, sorted.
    public var keys: [String] { table.keys.sorted() }

    /// The string for `key` in the chosen language, else English, else the key itself.
    public func string(_ key: String) -> String { table[key] ?? fallback[key] ?? key }

    /// The string for `key` with `arguments` put into its `%@`/`%d`/`%.1f` placeholders.
    public func string(_ key: String, _ arguments: any CVarArg...) -> String {
        String(format: string(key), arguments: arguments)
    }

    /// "1 song", "2 songs": the table's `KEY.one` or `KEY.other` form for `count`, by the language's plural rule
    /// (French counts 0 as singular, English and German do not).
    public func count(_ key: String, _ count: Int) -> String {
        let singular = language == "fr" ? count <= 1 : count == 1
        return string(key + (singular ? ".one" : ".other"), count)
    }

    /// Language codes in the order the environment asks for them ("de_DE.UTF-8" → "de"; "C" and "POSIX" skipped).
    static func requestedLanguages(_ environment: [String: String]) -> [String] {
        var codes: [String] = []
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // GNU gettext ignores LANGUAGE when the locale is "C"; so do we.
        if let list = environment["LANGUAGE"], !list.isEmpty, locale.map({ $0 != "C" && $0 != "POSIX" }) ?? true {
            codes += list.split(separator: ":").map(String.init)
        }
        if let locale { codes.append(locale) }
        return codes.compactMap { code in
            let language = code.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
            return language.isEmpty || language == "c" || language == "posix" ? nil : language
        }
    }

    private static func availableLanguages(in bundle: Bundle?) -> [String] {
        guard let bundle else { return [] }
        let paths = (try? FileManager.default.contentsOfDirectory(atPath: bundle.bundlePath)) ?? []
        return paths.filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
    }

    private static func table(in bundle: Bundle?, language: String) -> [String: String] {
        guard let bundle else { return [:] }
        let path = bundle.bundlePath + "/\(language).lproj/Localizable.strings"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        return StringsFileParser.parse(text)
    }
}
