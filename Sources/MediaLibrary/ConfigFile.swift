import Foundation

/// The user's configuration file, `$XDG_CONFIG_HOME/addmusic/config`: `key = value` lines, `#` comments, and keys
/// that may repeat (`music-dir`). Unknown keys are kept when the file is written back.
public struct ConfigFile: Sendable {
    /// The entries in file order.
    public private(set) var entries: [(key: String, value: String)]
    /// Where the file lives.
    public let path: String

    /// `$XDG_CONFIG_HOME/addmusic/config`.
    public static var defaultPath: String { XDGDirectories.configHome + "/addmusic/config" }

    /// Reads the file at `path` (default: `defaultPath`); a missing file reads as empty.
    public init(path: String? = nil) {
        self.path = path ?? ConfigFile.defaultPath
        let text = (try? String(contentsOfFile: self.path, encoding: .utf8)) ?? ""
        entries = text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { return nil }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            return key.isEmpty ? nil : (key, value)
        }
    }

    /// Every value of `key`, in order.
    public func values(_ key: String) -> [String] { entries.filter { $0.key == key }.map(\.value) }

    /// The last value of `key`.
    public func value(_ key: String) -> String? { values(key).last }

    /// Replaces every value of `key` with `values` (none: the key goes away).
    public mutating func set(_ key: String, _ values: [String]) {
        entries.removeAll { $0.key == key }
        entries += values.map { (key, $0) }
    }

    /// Writes the file atomically (a temporary file renamed over the old one).
    /// - Throws: the file system's error when the folder or file cannot be written.
    public func save() throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = entries.map { "\($0.key) = \($0.value)\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
