import Foundation

/// Reads the entries of a playlist file's bytes. Pure work on the calling thread, line by line: it stops at the
/// entry past `Playlist.maximumEntries` and throws, so a huge file costs no more than the limit's worth of entries.
///
/// Text: a UTF-8 byte-order mark is dropped; UTF-16 is decoded, with a byte-order mark or without one (told by the
/// zero bytes of its ASCII characters, all on one side of each pair: `UTF16Guess`); text that is not valid UTF-8
/// is read as Windows-1252 (how Windows players wrote `.m3u`; Latin-1 but for 0x80–0x9F), so that no entry is lost
/// to its encoding. A NUL byte anywhere
/// means the file is binary, not a playlist. Lines end with LF, CRLF or CR; blank lines are skipped.
enum PlaylistParser {
    /// The entries of `bytes` read as `format`; `path` names the file in errors.
    /// - Throws: `PlaylistError.binary`, `.tooManyEntries`.
    static func entries(_ bytes: [UInt8], format: PlaylistFormat, path: String) throws(PlaylistError)
        -> [PlaylistEntry]
    {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: Data(bytes), encoding: .utf16) else { throw .binary(path: path) }
            return try entries(Array(text.utf8), format: format, path: path)
        }
        if let encoding = UTF16Guess.encoding(of: bytes) {
            guard let text = String(data: Data(bytes), encoding: encoding) else { throw .binary(path: path) }
            return try entries(Array(text.utf8), format: format, path: path)
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if body.contains(0) { throw .binary(path: path) }
        let isUTF8 = String(validating: body, as: UTF8.self) != nil
        switch format {
        case .m3u, .m3u8: return try m3uEntries(body, isUTF8: isUTF8, path: path)
        case .pls: return try plsEntries(body, isUTF8: isUTF8, path: path)
        }
    }

    /// Calls `body` with each non-blank line of `bytes`, decoded, in order.
    private static func forEachLine(
        _ bytes: ArraySlice<UInt8>, isUTF8: Bool, _ body: (String) throws(PlaylistError) -> Void
    ) throws(PlaylistError) {
        try forEachLine(bytes) { line throws(PlaylistError) in try body(decode(line, isUTF8: isUTF8)) }
    }

    /// Calls `body` with the bytes of each non-blank line of `bytes`, in order.
    private static func forEachLine(
        _ bytes: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) throws(PlaylistError) -> Void
    ) throws(PlaylistError) {
        var start = bytes.startIndex
        var index = start
        while index <= bytes.endIndex {
            if index == bytes.endIndex || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
                let line = bytes[start..<index]
                if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { try body(line) }
                start = index + 1
            }
            index += 1
        }
    }

    private static func decode(_ line: ArraySlice<UInt8>, isUTF8: Bool) -> String {
        isUTF8 ? String(decoding: line, as: UTF8.self) : Windows1252.decode(line)
    }

    /// Whether `line` begins with `#EXTINF:`, in any case.
    private static func isInfo(_ line: ArraySlice<UInt8>) -> Bool {
        line.count >= 8
            && zip(line.prefix(8), "#EXTINF:".utf8).allSatisfy { byte, upper in
                byte == upper || (upper >= UInt8(ascii: "A") && upper <= UInt8(ascii: "Z") && byte == upper | 0x20)
            }
    }

    private static func m3uEntries(_ bytes: ArraySlice<UInt8>, isUTF8: Bool, path: String) throws(PlaylistError)
        -> [PlaylistEntry]
    {
        var entries: [PlaylistEntry] = []
        var info: String?
        // On each line's bytes: only what is kept is decoded.
        try forEachLine(bytes) { line throws(PlaylistError) in
            if line.first == UInt8(ascii: "#") {
                if isInfo(line) { info = decode(line.dropFirst(8), isUTF8: isUTF8) }
                return
            }
            guard entries.count < Playlist.maximumEntries else {
                throw .tooManyEntries(path: path, limit: Playlist.maximumEntries)
            }
            entries.append(PlaylistEntry(location: decode(line, isUTF8: isUTF8), info: info))
            info = nil
        }
        return entries
    }

    private static func plsEntries(_ bytes: ArraySlice<UInt8>, isUTF8: Bool, path: String) throws(PlaylistError)
        -> [PlaylistEntry]
    {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        var lengths: [Int: String] = [:]
        try forEachLine(bytes, isUTF8: isUTF8) { line throws(PlaylistError) in
            guard let equals = line.firstIndex(of: "=") else { return }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(line[line.index(after: equals)...])
            if let number = Int(key.dropFirst(4)), key.hasPrefix("file") {
                if files[number] == nil && files.count >= Playlist.maximumEntries {
                    throw .tooManyEntries(path: path, limit: Playlist.maximumEntries)
                }
                files[number] = value
            } else if let number = Int(key.dropFirst(5)), key.hasPrefix("title") {
                if titles.count < Playlist.maximumEntries || titles[number] != nil { titles[number] = value }
            } else if let number = Int(key.dropFirst(6)), key.hasPrefix("length") {
                if lengths.count < Playlist.maximumEntries || lengths[number] != nil {
                    lengths[number] = value.trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return files.keys.sorted().map { number in
            let title = titles[number]
            let length = lengths[number]
            let info = title == nil && length == nil ? nil : "\(length ?? "-1"),\(title ?? "")"
            return PlaylistEntry(location: files[number]!, info: info)
        }
    }
}
