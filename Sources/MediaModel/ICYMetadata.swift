/// Reads the title out of a Shoutcast/Icecast metadata block (`StreamTitle='Artist - Title';StreamUrl='…';`), as
/// a stream sends it between audio bytes. The text is the server's, untrusted: show it through `TerminalSafeText`.
public enum ICYMetadata {
    /// The `StreamTitle` of `block`, its quotes removed; nil when the block has none. An empty title is "" (a
    /// stream clearing its title). A title may itself hold `'` and `;`: it ends at the `';` that ends the block or
    /// precedes the next `Key=`.
    public static func streamTitle(in block: String) -> String? {
        let scalars = Array(block.unicodeScalars)
        let key = Array("StreamTitle='".unicodeScalars)
        guard let start = find(key, in: scalars, from: 0) else { return nil }
        let valueStart = start + key.count
        var end = scalars.count
        var search = valueStart
        while let close = find(["'", ";"], in: scalars, from: search) {
            let rest = scalars[(close + 2)...]
            if rest.allSatisfy({ $0 == "\0" || $0 == " " }) || startsWithKey(rest) {
                end = close
                break
            }
            search = close + 1
        }
        if end == scalars.count, scalars.last == "'" { end -= 1 }
        var title = String.UnicodeScalarView()
        title.append(contentsOf: scalars[valueStart..<max(valueStart, end)])
        return String(title)
    }

    private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = from
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `text` begins with `Name=` (letters only, then an equals sign).
    private static func startsWithKey(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        let letters = text.prefix { $0.properties.isAlphabetic && $0.isASCII }
        return !letters.isEmpty && text.dropFirst(letters.count).first == "="
    }
}
