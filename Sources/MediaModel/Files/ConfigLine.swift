/// One line of the config file, kept as the exact bytes read: its content and its line ending (`\n`, `\r\n`, or
/// none for a last line without one). A line is an entry when it reads `key = value` (spaces and tabs around both
/// are ignored, the value runs to the end of the line and may hold `=` and `#`); a line whose first non-blank byte
/// is `#` is a comment. Nothing here requires UTF-8: keys and values are bytes.
struct ConfigLine: Sendable, Equatable {
    /// The line's bytes, without its line ending.
    var content: [UInt8]
    /// The line ending: `\n`, `\r\n`, or empty for a last line that has none.
    var terminator: [UInt8]

    private static let equals = UInt8(ascii: "=")
    private static let hash = UInt8(ascii: "#")

    /// Whether `byte` is blank around keys and values: space, tab, vertical tab, form feed, or a carriage return
    /// that is not part of a `\r\n` line ending.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C || byte == 0x0D
    }

    /// Where the key's bytes start and end and where the value's start and end, when the line is an entry.
    private var entryBounds: (key: Range<Int>, value: Range<Int>)? {
        guard let keyStart = content.firstIndex(where: { !Self.isBlank($0) }), content[keyStart] != Self.hash,
            let equalsIndex = content[keyStart...].firstIndex(of: Self.equals)
        else { return nil }
        var keyEnd = equalsIndex
        while keyEnd > keyStart, Self.isBlank(content[keyEnd - 1]) { keyEnd -= 1 }
        guard keyEnd > keyStart else { return nil }
        var valueStart = equalsIndex + 1
        while valueStart < content.count, Self.isBlank(content[valueStart]) { valueStart += 1 }
        var valueEnd = content.count
        while valueEnd > valueStart, Self.isBlank(content[valueEnd - 1]) { valueEnd -= 1 }
        return (keyStart..<keyEnd, valueStart..<valueEnd)
    }

    /// The key's bytes, when the line is an entry.
    var key: ArraySlice<UInt8>? { entryBounds.map { content[$0.key] } }

    /// The value's bytes, when the line is an entry.
    var value: ArraySlice<UInt8>? { entryBounds.map { content[$0.value] } }

    /// A new entry line `key = value` ending with `terminator`.
    init(key: [UInt8], value: [UInt8], terminator: [UInt8]) {
        content = key + Array(" = ".utf8) + value
        self.terminator = terminator
    }

    /// A line of `content` bytes ending with `terminator`.
    init(content: [UInt8], terminator: [UInt8]) {
        self.content = content
        self.terminator = terminator
    }

    /// Puts `newValue` in place of the value, keeping everything before it (indent, key, spacing around `=`) and
    /// the line ending; whatever followed the old value (trailing blanks) goes with it.
    mutating func replaceValue(with newValue: [UInt8]) {
        guard let bounds = entryBounds else { return }
        var head = Array(content[..<bounds.value.lowerBound])
        // `key =` with no value yet: spaced as the `=` is on its left (`key = value`, `key=value`).
        if head.last == Self.equals, head.count >= 2, Self.isBlank(head[head.count - 2]), !newValue.isEmpty {
            head.append(0x20)
        }
        content = head + newValue
    }

    /// The lines of `bytes` (with no byte order mark): split after each `\n`; a last line without one has an empty
    /// terminator; no empty line follows a final `\n`.
    static func lines(of bytes: ArraySlice<UInt8>) -> [ConfigLine] {
        var lines: [ConfigLine] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                lines.append(ConfigLine(content: Array(bytes[start...]), terminator: []))
                break
            }
            let isCRLF = newline > start && bytes[newline - 1] == 0x0D
            let contentEnd = isCRLF ? newline - 1 : newline
            lines.append(
                ConfigLine(content: Array(bytes[start..<contentEnd]), terminator: isCRLF ? [0x0D, 0x0A] : [0x0A]))
            start = newline + 1
        }
        return lines
    }
}
