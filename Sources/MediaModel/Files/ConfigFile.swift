/// The user's configuration file, `$XDG_CONFIG_HOME/addmusic/config`: `key = value` lines, `#` comments, and keys
/// that may repeat (`music-dir`).
///
/// The file is the user's: it is read as bytes and kept as its lines, and an edit changes only the lines of the key
/// it concerns. Comments, blank lines, order, spacing, unknown keys, line endings (`\n`, `\r\n`, a missing final
/// one), a UTF-8 byte order mark and bytes that are not UTF-8 are written back exactly as read. A value that is not
/// valid UTF-8 is left out of `values(_:)` (its bytes are in `byteValues(_:)`) and never spoils the other lines.
/// A value type: read on any thread, each copy edited on one.
public struct ConfigFile: Sendable {
    /// Where the file lives (a symlink is followed on reading and writing, and stays a symlink).
    public let path: String
    /// The bytes read, or nil when there was no file.
    private let original: [UInt8]?
    /// Why the file could not be read although something is there; `save()` then refuses.
    public let readError: FileSystemError?
    /// A UTF-8 byte order mark the file started with, or nothing.
    private let byteOrderMark: [UInt8]
    /// The file's lines, as edited.
    private var lines: [ConfigLine]

    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `$XDG_CONFIG_HOME/addmusic/config`.
    public static var defaultPath: String { XDGDirectories.configHome + "/addmusic/config" }

    /// Reads the file at `path` (default: `defaultPath`); a missing file reads as empty, and so does one that cannot
    /// be read (a folder, no permission), which `readError` then names.
    public init(path: String? = nil) {
        self.path = path ?? ConfigFile.defaultPath
        var bytes: [UInt8]?
        do {
            bytes = try ConfigFileStorage.read(self.path)
            readError = nil
        } catch {
            bytes = nil
            readError = error
        }
        original = bytes
        (byteOrderMark, lines) = Self.parse(bytes ?? [])
    }

    /// A config of `contents`, as if just read from the file at `path` (which is not read); `save()` writes when an
    /// edit makes it differ from `contents`.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        original = contents
        readError = nil
        (byteOrderMark, lines) = Self.parse(contents)
    }

    private static func parse(_ all: [UInt8]) -> (byteOrderMark: [UInt8], lines: [ConfigLine]) {
        if all.starts(with: utf8ByteOrderMark) {
            return (utf8ByteOrderMark, ConfigLine.lines(of: all[utf8ByteOrderMark.count...]))
        }
        return ([], ConfigLine.lines(of: all[...]))
    }

    /// The entries in file order whose key and value are valid UTF-8.
    public var entries: [(key: String, value: String)] {
        lines.compactMap { line in
            guard let key = line.key, let value = line.value, let keyText = String(validating: key, as: UTF8.self),
                let valueText = String(validating: value, as: UTF8.self)
            else { return nil }
            return (keyText, valueText)
        }
    }

    /// Every value of `key` as bytes, in order, valid UTF-8 or not.
    public func byteValues(_ key: String) -> [[UInt8]] {
        let wanted = Array(key.utf8)
        return lines.compactMap { line in line.key.map(Array.init) == wanted ? line.value.map(Array.init) : nil }
    }

    /// Every value of `key` that is valid UTF-8, in order.
    public func values(_ key: String) -> [String] {
        byteValues(key).compactMap { String(validating: $0, as: UTF8.self) }
    }

    /// The last value of `key` that is valid UTF-8.
    public func value(_ key: String) -> String? { values(key).last }

    /// Replaces every value of `key` with `values` (none: the key goes away). See `set(_:byteValues:)`.
    public mutating func set(_ key: String, _ values: [String]) {
        set(key, byteValues: values.map { Array($0.utf8) })
    }

    /// Replaces every value of `key` with `values`: the key's lines are updated in place, in order (a line whose
    /// value is unchanged keeps its exact bytes), more values go in new `key = value` lines after the key's last
    /// line (or at the end of the file), and the key's surplus lines are removed. A value is written without
    /// surrounding blanks, with each line break in it turned into a space, as a line could not hold it otherwise.
    /// `key` must be a key a line can hold: not empty, no `=`, no line break, no surrounding blanks, no leading `#`.
    public mutating func set(_ key: String, byteValues values: [[UInt8]]) {
        let keyBytes = Array(key.utf8)
        precondition(Self.isValidKey(keyBytes), "not a config key: \(key)")
        let wanted = values.map(Self.storable)
        let existing = lines.indices.filter { lines[$0].key.map(Array.init) == keyBytes }
        for (index, value) in zip(existing, wanted) where lines[index].value.map(Array.init) != value {
            lines[index].replaceValue(with: value)
        }
        if wanted.count > existing.count {
            let newline = lines.first(where: { !$0.terminator.isEmpty })?.terminator ?? [0x0A]
            let position = existing.last.map { $0 + 1 } ?? lines.count
            var added = wanted[existing.count...].map { ConfigLine(key: keyBytes, value: $0, terminator: newline) }
            if position > 0, lines[position - 1].terminator.isEmpty {
                // The file's last line had no line ending: it gets one, and the new last line goes without.
                lines[position - 1].terminator = newline
                added[added.count - 1].terminator = []
            }
            lines.insert(contentsOf: added, at: position)
        } else if wanted.count < existing.count {
            let removesUnendedLastLine = existing.last == lines.count - 1 && lines[lines.count - 1].terminator.isEmpty
            for index in existing[wanted.count...].reversed() { lines.remove(at: index) }
            if removesUnendedLastLine, let last = lines.last, !last.content.isEmpty {
                // The last line went, and the file had no final line ending: it keeps having none (unless the new
                // last line is blank, which would vanish with its line ending).
                lines[lines.count - 1].terminator = []
            }
        }
    }

    /// The file's bytes as edited.
    public var bytes: [UInt8] { byteOrderMark + lines.flatMap { $0.content + $0.terminator } }

    /// Writes the file, when an edit changed it, atomically and through symlinks: the file a symlink leads to (even
    /// one not there yet) is replaced by a temporary file renamed over it, with the old file's permission bits; the
    /// symlink stays. Blocks on the file system.
    /// - Throws: `FileSystemError` when the file could not be read when this value was made although something was
    ///   there (writing would lose what it holds), or when it cannot be written.
    public func save() throws {
        if let readError { throw readError }
        let edited = bytes
        guard edited != original ?? [] else { return }
        try ConfigFileStorage.replace(path, with: edited)
    }

    private static func isValidKey(_ key: [UInt8]) -> Bool {
        guard let first = key.first, let last = key.last else { return false }
        return first != UInt8(ascii: "#") && !ConfigLine.isBlank(first) && !ConfigLine.isBlank(last)
            && !key.contains(UInt8(ascii: "=")) && !key.contains(0x0A)
    }

    /// `value` as a line can hold it: line breaks become spaces, surrounding blanks go.
    private static func storable(_ value: [UInt8]) -> [UInt8] {
        let flat = value.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        guard let first = flat.firstIndex(where: { !ConfigLine.isBlank($0) }),
            let last = flat.lastIndex(where: { !ConfigLine.isBlank($0) })
        else { return [] }
        return Array(flat[first...last])
    }
}
