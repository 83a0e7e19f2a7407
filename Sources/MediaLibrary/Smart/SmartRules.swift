import Foundation

/// A smart playlist's definition: its rules, whether a song must pass all or any of them, how many songs it keeps,
/// and in which order. No rules: every song.
///
/// Kept as a small text file of `KEY = VALUE` lines (`encoded`, `init(parsing:path:)`), one per playlist:
///
///     # AddMusic smart playlist
///     match = all
///     rule = genre is Jazz
///     rule = rating >= 4
///     limit = 50 songs
///     order = random
///
/// `match` is `all` or `any`; each `rule` is one `SmartRule`; `limit` is `N songs` or `N minutes` (none: every song
/// that passes); `order` is one `SmartOrder`. Blank lines and lines starting with `#` are skipped.
public struct SmartRules: Hashable, Sendable {
    /// Whether a song must pass every rule, or one.
    public enum Match: String, CaseIterable, Sendable {
        case all, any
    }

    public var match: Match
    public var rules: [SmartRule]
    public var limit: SmartLimit?
    public var order: SmartOrder

    /// The most rules a playlist keeps, and the largest file read as one.
    public static let maximumRules = 100
    public static let maximumFileBytes = 256 * 1024

    public init(match: Match = .all, rules: [SmartRule] = [], limit: SmartLimit? = nil, order: SmartOrder = .library) {
        self.match = match
        self.rules = rules
        self.limit = limit
        self.order = order
    }

    /// The definition a file's text holds.
    /// - Throws: `SmartPlaylistError.inFile` naming `path` and the line that is wrong; `.tooLarge`.
    public init(parsing text: String, path: String) throws(SmartPlaylistError) {
        self.init()
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            do {
                try apply(trimmed)
            } catch {
                throw .inFile(path: path, line: number, error)
            }
            guard rules.count <= Self.maximumRules else { throw .tooLarge(path: path) }
        }
    }

    /// Takes one `KEY = VALUE` line.
    private mutating func apply(_ line: String) throws(SmartPlaylistError) {
        guard let equals = line.firstIndex(of: "=") else { throw .unknownLine(String(line.prefix(40))) }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        switch key {
        case "match":
            guard let found = Match(rawValue: value.lowercased()) else { throw .badSetting(key: key, value: value) }
            match = found
        case "rule": rules.append(try SmartRule(parsing: value))
        case "limit":
            if value.lowercased() == "none" {
                limit = nil
            } else {
                guard let found = SmartLimit(parsing: value) else { throw .badSetting(key: key, value: value) }
                limit = found
            }
        case "order":
            guard let found = SmartOrder(name: value) else { throw .badSetting(key: key, value: value) }
            order = found
        default: throw .unknownLine(String(line.prefix(40)))
        }
    }

    /// The definition as its file's text, which reads back as the same definition.
    public var encoded: String {
        var lines = ["# AddMusic smart playlist", "match = \(match.rawValue)"]
        lines += rules.map { "rule = \($0)" }
        lines.append("limit = \(limit?.description ?? "none")")
        lines.append("order = \(order.rawValue)")
        return lines.joined(separator: "\n") + "\n"
    }
}
