import CFFmpeg
import Glibc

/// Case-insensitive tag lookup over a container's and its audio stream's metadata (Ogg keeps tags on the stream).
///
/// The entries are copied once, keys in ASCII lower case as FFmpeg compares them: a file has a few dozen at most,
/// and the scan's many look-ups compare short strings (stored inline, compared as integers) with no hashing.
struct TagDictionary {
    /// The container's entries, then the stream's, in FFmpeg's order.
    private let levels: [[(key: String, value: String)]]

    init(container: OpaquePointer?, stream: OpaquePointer?) {
        levels = [container, stream].map(Self.entries).filter { !$0.isEmpty }
    }

    /// The entries of `dictionary`, keys lowercased.
    private static func entries(_ dictionary: OpaquePointer?) -> [(key: String, value: String)] {
        guard let dictionary else { return [] }
        var result: [(key: String, value: String)] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, addmusic_av_dict_ignore_suffix()) {
            entry = next
            guard let key = next.pointee.key, let value = next.pointee.value else { continue }
            result.append((lowercased(String(cString: key)), copy(value)))
        }
        return result
    }

    /// The value at `pointer`, of at most `TagTextLimit.copied` bytes: a tag of 50 MB is not copied whole only to be
    /// cut (where a scalar would be split, the cut is at its start).
    private static func copy(_ pointer: UnsafePointer<CChar>) -> String {
        let limit = TagTextLimit.copied
        let length = strnlen(pointer, limit + 1)
        guard length > limit else { return String(cString: pointer) }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            var end = limit
            // Back over at most three continuation bytes (10xxxxxx) to the scalar's first byte.
            while end > limit - 3, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: end), as: UTF8.self)
        }
    }

    /// `key` with ASCII capitals lowered (FFmpeg's own case-insensitive comparison).
    private static func lowercased(_ key: String) -> String {
        guard key.utf8.contains(where: { (65...90).contains($0) }) else { return key }
        return String(decoding: key.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// `text` without leading and trailing white space and NULs, or nil when nothing is left.
    static func trimmed(_ text: String) -> String? {
        func isBlank(_ character: Character) -> Bool { character.isWhitespace || character == "\0" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else {
            return nil
        }
        return first == text.startIndex && last == text.index(before: text.endIndex) ? text : String(text[first...last])
    }

    /// The first non-empty value of a key starting with `prefix` (any case), container first, trimmed.
    func first(prefixed prefix: String) -> String? {
        let prefix = Self.lowercased(prefix)
        for entries in levels {
            for entry in entries where entry.key.hasPrefix(prefix) {
                if let text = Self.trimmed(entry.value) { return text }
            }
        }
        return nil
    }

    /// The first non-empty value among `keys` (spelled in lower case), container first, trimmed: for each key, the
    /// first entry of that key in the container, else in the stream.
    subscript(_ keys: String...) -> String? {
        for key in keys {
            for entries in levels {
                if let entry = entries.first(where: { $0.key == key }), let text = Self.trimmed(entry.value) {
                    return text
                }
            }
        }
        return nil
    }
}
