/// A file's tags under TagLib's property names (upper case: "TITLE", "ALBUMARTIST", "MUSICBRAINZ_TRACKID", …), a
/// key with several values holding them in order. Built from TagLib's property map, or from FFmpeg's metadata with
/// FFmpeg's names translated (`TagDictionary`), so one mapping (`AudioFileReader`) serves both.
///
/// A file has a few dozen entries at most: look-ups walk them, comparing short strings, with no hashing.
struct TagValues {
    private let entries: [(key: String, value: String)]

    init(_ entries: [(key: String, value: String)]) { self.entries = entries }

    /// `text` without leading and trailing white space and NULs, or nil when nothing is left.
    static func trimmed(_ text: String) -> String? {
        func isBlank(_ character: Character) -> Bool { character.isWhitespace || character == "\0" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else {
            return nil
        }
        return first == text.startIndex && last == text.index(before: text.endIndex) ? text : String(text[first...last])
    }

    /// Every non-empty value of the first of `keys` that has one, trimmed, in order, without repeats.
    func all(_ keys: String...) -> [String] {
        for key in keys {
            var values: [String] = []
            for entry in entries where entry.key == key {
                if let text = Self.trimmed(entry.value), !values.contains(text) { values.append(text) }
            }
            if !values.isEmpty { return values }
        }
        return []
    }

    /// Every key with its values, in order.
    var grouped: [String: [String]] { Dictionary(entries.map { ($0.key, [$0.value]) }, uniquingKeysWith: +) }

    /// The first non-empty value among `keys`, trimmed.
    subscript(_ keys: String...) -> String? {
        for key in keys {
            for entry in entries where entry.key == key {
                if let text = Self.trimmed(entry.value) { return text }
            }
        }
        return nil
    }

    /// The first non-empty value of a key that is `prefix` or starts with `prefix` and a colon ("LYRICS",
    /// "LYRICS:Verse"), trimmed.
    func first(prefixed prefix: String) -> String? {
        for entry in entries where entry.key == prefix || entry.key.hasPrefix(prefix + ":") {
            if let text = Self.trimmed(entry.value) { return text }
        }
        return nil
    }
}
