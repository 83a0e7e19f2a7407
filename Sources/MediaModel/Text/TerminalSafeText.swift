/// Makes tag text safe to print on a terminal (B-F2): every control character, including ESC and the C1
/// controls, is shown as a visible symbol instead of reaching the terminal; all other characters are kept.
public enum TerminalSafeText {
    /// `text` with C0 controls shown as Unicode control pictures (U+2400…), DEL as ␡, C1 controls and
    /// bidirectional overrides as U+FFFD.
    public static func make(_ text: String) -> String {
        guard mayBeUnsafe(text), text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case _ where isUnsafe(scalar): result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// `json` with every character a terminal would act on written as a `\uXXXX` escape: the JSON means the same
    /// text, and printing it is safe. The encoder escapes C0 controls itself but lets DEL, the C1 controls (U+009B
    /// is a one-character escape sequence) and the bidirectional controls through.
    public static func escapingJSON(_ json: String) -> String {
        // The encoder's own line breaks and indents stay: inside strings it has escaped them already.
        let isUnsafeInJSON = { (scalar: Unicode.Scalar) in scalar != "\n" && scalar != "\t" && isUnsafe(scalar) }
        guard json.unicodeScalars.contains(where: isUnsafeInJSON) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isUnsafeInJSON(scalar) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// False when no byte of `text`'s UTF-8 can begin an unsafe character: the first byte of each is below 0x20,
    /// 0x7F, 0xC2 (the C1 controls, U+0080…U+009F) or 0xE2 (the bidirectional controls, U+202A…U+2069). One pass
    /// over the bytes, where most text from tags holds none of them.
    private static func mayBeUnsafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 } }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional embeddings, overrides and isolates
        default: return false
        }
    }
}
