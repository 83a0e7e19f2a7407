/// One reply of a music daemon, kept compactly: the bytes of every `key: value` line one after another in a single
/// array, with two offsets per line, so that a reply costs about its own size (a line is never a pair of `String`s
/// until someone reads it). Binary data (`albumart`, `readpicture`) is kept apart. A value; any thread.
struct MPDReply: RandomAccessCollection, Sendable {
    /// The keys and values of all lines, without separators or newlines.
    private var text: [UInt8] = []
    /// For line `i`: where its key ends (`keyEnds[i]`) and where its value ends (`valueEnds[i]`) in `text`; its key
    /// starts where the previous value ends.
    private var keyEnds: [UInt32] = []
    private var valueEnds: [UInt32] = []
    /// The bytes of a binary chunk, when the reply carries one.
    private(set) var binary: [UInt8] = []

    var startIndex: Int { 0 }
    var endIndex: Int { keyEnds.count }

    /// Line `index` as a pair of strings (invalid UTF-8 is repaired, never trusted).
    subscript(index: Int) -> MPDConnection.Pair {
        let start = index == 0 ? 0 : Int(valueEnds[index - 1])
        let keyEnd = Int(keyEnds[index])
        return (
            String(decoding: text[start..<keyEnd], as: UTF8.self),
            String(decoding: text[keyEnd..<Int(valueEnds[index])], as: UTF8.self)
        )
    }

    /// The value of the first line whose key is `key`, compared on bytes (no strings made for other lines).
    func value(of key: String) -> String? {
        var start = 0
        for index in keyEnds.indices {
            let keyEnd = Int(keyEnds[index])
            if text[start..<keyEnd].elementsEqual(key.utf8) {
                return String(decoding: text[keyEnd..<Int(valueEnds[index])], as: UTF8.self)
            }
            start = Int(valueEnds[index])
        }
        return nil
    }

    /// The values of every line whose key is `key`, in order.
    func values(of key: String) -> [String] {
        var found: [String] = []
        var start = 0
        for index in keyEnds.indices {
            let keyEnd = Int(keyEnds[index])
            if text[start..<keyEnd].elementsEqual(key.utf8) {
                found.append(String(decoding: text[keyEnd..<Int(valueEnds[index])], as: UTF8.self))
            }
            start = Int(valueEnds[index])
        }
        return found
    }

    /// Adds a line. The parser keeps a reply under `MPDConnection.maximumReply`, far below 4 GiB.
    mutating func append(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        text.append(contentsOf: key)
        keyEnds.append(UInt32(truncatingIfNeeded: text.count))
        text.append(contentsOf: value)
        valueEnds.append(UInt32(truncatingIfNeeded: text.count))
    }

    /// Adds bytes of a binary chunk.
    mutating func appendBinary(_ bytes: UnsafeRawBufferPointer) { binary.append(contentsOf: bytes) }
}
