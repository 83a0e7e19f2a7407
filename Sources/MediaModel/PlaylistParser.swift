import Foundation

/// Reads the entries of a playlist file's bytes. Pure work on the calling thread; time and memory grow with the
/// input only up to `Playlist.maximumEntries` entries, past which it throws.
///
/// Text: a UTF-8 byte-order mark is dropped; UTF-16 with a byte-order mark is decoded; text that is not valid UTF-8
/// is read as Latin-1 (the old `.m3u` convention), so that no entry is lost to its encoding. A NUL byte anywhere
/// means the file is binary, not a playlist. Lines end with LF, CRLF or CR; blank lines are skipped.
enum PlaylistParser {
    /// The entries of `bytes` read as `format`; `path` names the file in errors.
    /// - Throws: `PlaylistError.binary`, `.tooManyEntries`.
    static func entries(_ bytes: [UInt8], format: PlaylistFormat, path: String) throws(PlaylistError)
        -> [PlaylistEntry]
    {
        let lines = try lines(of: bytes, path: path)
        switch format {
        case .m3u, .m3u8: return try m3uEntries(lines, path: path)
        case .pls: return try plsEntries(lines, path: path)
        }
    }

    /// The file's non-blank lines, decoded.
    private static func lines(of bytes: [UInt8], path: String) throws(PlaylistError) -> [String] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: Data(bytes), encoding: .utf16) else { throw .binary(path: path) }
            return splitLines(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if body.contains(0) { throw .binary(path: path) }
        let isUTF8 = String(validating: body, as: UTF8.self) != nil
        return splitLines(body).map { line in
            isUTF8 ? String(decoding: line, as: UTF8.self) : latin1(line)
        }
    }

    private static func splitLines<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [Bytes.SubSequence] {
        bytes.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
            .filter { line in !line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }

    private static func m3uEntries(_ lines: [String], path: String) throws(PlaylistError) -> [PlaylistEntry] {
        var entries: [PlaylistEntry] = []
        var info: String?
        for line in lines {
            if line.hasPrefix("#") {
                if line.utf8.count >= 8, line.prefix(8).uppercased() == "#EXTINF:" { info = String(line.dropFirst(8)) }
                continue
            }
            guard entries.count < Playlist.maximumEntries else {
                throw .tooManyEntries(path: path, limit: Playlist.maximumEntries)
            }
            entries.append(PlaylistEntry(location: line, info: info))
            info = nil
        }
        return entries
    }

    private static func plsEntries(_ lines: [String], path: String) throws(PlaylistError) -> [PlaylistEntry] {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        var lengths: [Int: String] = [:]
        for line in lines {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = String(line[line.index(after: equals)...])
            for (prefix, isFile) in [("file", true), ("title", false), ("length", false)] where key.hasPrefix(prefix) {
                guard let number = Int(key.dropFirst(prefix.count)) else { continue }
                if isFile {
                    if files[number] == nil && files.count >= Playlist.maximumEntries {
                        throw .tooManyEntries(path: path, limit: Playlist.maximumEntries)
                    }
                    files[number] = value
                } else if prefix == "title" {
                    titles[number] = value
                } else {
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
