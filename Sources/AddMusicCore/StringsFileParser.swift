/// Reads the `"key" = "value";` format of `Localizable.strings` files, with `/* */` and `//` comments and the
/// escapes `\"`, `\\`, `\n` and `\t`. Works on the file's UTF-8 bytes: every command reads a table as it starts, so
/// this is on the way of each one.
enum StringsFileParser {
    static func parse(_ text: String) -> [String: String] {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\"), semicolon = UInt8(ascii: ";"), newline = UInt8(ascii: "\n")

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var key: String?
        var value: String?
        var strings = 0
        var index = 0
        let end = bytes.count
        func at(_ offset: Int) -> UInt8? { offset < end ? bytes[offset] : nil }
        while index < end {
            let byte = bytes[index]
            if byte == slash, at(index + 1) == star {
                index += 2
                while index < end, !(bytes[index] == star && at(index + 1) == slash) { index += 1 }
                index += 2
            } else if byte == slash, at(index + 1) == slash {
                while index < end, bytes[index] != newline { index += 1 }
            } else if byte == quote {
                index += 1
                let start = index
                var escaped = false
                while index < end, bytes[index] != quote {
                    if bytes[index] == backslash {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                let span = UnsafeBufferPointer(rebasing: bytes[start..<min(index, end)])
                let string = escaped ? unescaped(span) : String(decoding: span, as: UTF8.self)
                if strings == 0 { key = string } else if strings == 1 { value = string }
                strings += 1
                index += 1
            } else if byte == semicolon {
                if strings == 2, let key, let value { result[key] = value }
                strings = 0
                index += 1
            } else {
                index += 1
            }
        }
        return result
    }

    /// The text of a quoted string with backslash escapes in it.
    private static func unescaped(_ span: UnsafeBufferPointer<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(span.count)
        var index = 0
        while index < span.count {
            var byte = span[index]
            if byte == backslash, index + 1 < span.count {
                index += 1
                switch span[index] {
                case UInt8(ascii: "n"): byte = newline
                case UInt8(ascii: "t"): byte = UInt8(ascii: "\t")
                default: byte = span[index]
                }
            }
            text.append(byte)
            index += 1
        }
        return String(decoding: text, as: UTF8.self)
    }
}
