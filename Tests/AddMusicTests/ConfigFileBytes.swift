import Foundation

/// A reading of config file bytes for the tests, independent of `ConfigFile`'s own: lines split at `\n` (a `\r`
/// stays in its line), and which lines are entries of a key.
enum ConfigFileBytes {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` without a leading byte order mark, and whether there was one.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> (hasMark: Bool, rest: [UInt8]) {
        bytes.starts(with: byteOrderMark) ? (true, Array(bytes.dropFirst(3))) : (false, bytes)
    }

    /// One line: its content and its ending (`\n`, `\r\n`, or none).
    struct Line: Equatable {
        var content: [UInt8]
        var ending: [UInt8]
    }

    /// The lines of `bytes` (after any byte order mark) that are not entries of `key`, in order.
    static func linesNotOf(_ key: String, in bytes: [UInt8]) -> [Line] {
        var lines: [Line] = []
        var current: [UInt8] = []
        for byte in withoutByteOrderMark(bytes).rest {
            guard byte == 0x0A else {
                current.append(byte)
                continue
            }
            if current.last == 0x0D {
                current.removeLast()
                lines.append(Line(content: current, ending: [0x0D, 0x0A]))
            } else {
                lines.append(Line(content: current, ending: [0x0A]))
            }
            current = []
        }
        if !current.isEmpty { lines.append(Line(content: current, ending: [])) }
        return lines.filter { keyOf($0.content) != Array(key.utf8) }
    }

    /// Whether the lines `after` an edit are those `before` it, byte for byte; only the last may have gained or lost
    /// its line ending (when lines were added after it, or the file's last line removed, in a file without a final
    /// line ending).
    static func same(_ after: [Line], _ before: [Line]) -> Bool {
        guard after.count == before.count else { return false }
        for (index, (a, b)) in zip(after, before).enumerated() where a != b {
            let isLast = index == after.count - 1
            guard isLast, a.content == b.content, a.ending.isEmpty || b.ending.isEmpty else { return false }
        }
        return true
    }

    /// The key of an entry line (`key = value`), or nil for any other line.
    static func keyOf(_ line: [UInt8]) -> [UInt8]? {
        let blank: Set<UInt8> = [0x20, 0x09, 0x0B, 0x0C, 0x0D]
        guard let start = line.firstIndex(where: { !blank.contains($0) }), line[start] != UInt8(ascii: "#"),
            let equals = line[start...].firstIndex(of: UInt8(ascii: "="))
        else { return nil }
        var end = equals
        while end > start, blank.contains(line[end - 1]) { end -= 1 }
        return end > start ? Array(line[start..<end]) : nil
    }

    /// Whether `bytes` (after any byte order mark) end with a line ending; nil when there are no bytes, or when the
    /// last line is blank (such a line exists only with its line ending).
    static func endsWithNewline(_ bytes: [UInt8]) -> Bool? {
        var rest = withoutByteOrderMark(bytes).rest
        guard rest.last == 0x0A else { return rest.isEmpty ? nil : false }
        rest.removeLast()
        if rest.last == 0x0D { rest.removeLast() }
        return rest.isEmpty || rest.last == 0x0A ? nil : true
    }

    /// Writes `bytes` to `path`, replacing what is there.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
