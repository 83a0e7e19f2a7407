import Foundation

/// What a playlist entry points at, worked out from its text and the folder of the playlist file.
///
/// Relative entries are taken from the playlist's folder; `\` counts as a folder separator; `file://` URLs are
/// percent-decoded; a Windows drive path (`C:\Music\A\song.mp3`), share (`\\server\share\…`) or path from the root of
/// the drive (`\Music\A\song.mp3`) cannot name a file here, so the longest tail of it that exists below the
/// playlist's folder is used (`A/song.mp3`, then `song.mp3`), matched exactly, else in any case and Unicode
/// composition (`LooseNameMatch`), else the whole tail (which then shows as missing). A path with other than ASCII
/// that does not exist is matched to the file whose names are the same composed (NFD names from macOS, NFC files).
/// `http(s)://` and other URLs are streams. An entry that is
/// itself a playlist is not opened: nested playlists are never expanded, so a playlist that names itself or one
/// that names it back cannot loop.
public enum PlaylistLocation: Hashable, Sendable {
    /// A file (which may not exist).
    case file(LibraryPath)
    /// A stream URL, kept as written.
    case stream(String)
    /// Another playlist file, not expanded.
    case playlist(LibraryPath)

    /// The file path, for `.file` and `.playlist`.
    public var path: LibraryPath? {
        switch self {
        case .file(let path), .playlist(let path): return path
        case .stream: return nil
        }
    }

    /// Where `entry` points for a playlist in `folder`; `exists` is asked only for Windows paths' tails.
    public static func resolve(
        _ entry: String, folder: LibraryPath, exists: (LibraryPath) -> Bool = Self.fileExists
    ) -> PlaylistLocation {
        // On the UTF-8 bytes: no Foundation string search on the path of 10,000 entries.
        var text = Array(entry.utf8)[...]
        while let first = text.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { text.removeFirst() }
        while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { text.removeLast() }
        var bytes: [UInt8]
        if hasPrefixIgnoringCase(text, "file:") {
            var rest = text.dropFirst(5)
            if rest.starts(with: [slash, slash]) {
                rest = rest.dropFirst(2)
                // file://host/path: the host is dropped (file:///path has an empty one).
                rest = rest[(rest.firstIndex(of: slash) ?? rest.endIndex)...]
            }
            bytes = percentDecoded(rest)
            // file:///C:/Music/x.mp3
            if bytes.count >= 3, bytes[0] == slash, isDrive(Array(bytes[1...])) { bytes.removeFirst() }
        } else if isURL(text) {
            return .stream(String(decoding: text, as: UTF8.self))
        } else {
            bytes = Array(text)
        }
        // `\Music\…`: from the root of a Windows drive (`\\server` is a share).
        let fromDriveRoot = bytes.first == backslash && bytes.dropFirst().first != backslash
        if bytes.contains(backslash) { bytes = bytes.map { $0 == backslash ? slash : $0 } }
        let path: LibraryPath
        if isDrive(bytes) || bytes.starts(with: [slash, slash]) || fromDriveRoot {
            path = windowsTail(bytes, folder: folder, exists: exists)
        } else if bytes.first == slash {
            path = composedMatch(normalized(bytes), exists: exists)
        } else {
            var joined: [UInt8] = []
            joined.reserveCapacity(folder.bytes.count + 1 + bytes.count)
            joined += folder.bytes
            joined.append(slash)
            joined += bytes
            path = composedMatch(normalized(joined), exists: exists)
        }
        return PlaylistFormat(path: path) == nil ? .file(path) : .playlist(path)
    }

    /// Whether something is at `path` (a stat that follows symbolic links succeeds).
    public static func fileExists(_ path: LibraryPath) -> Bool {
        var status = stat()
        return path.withCString { stat($0, &status) } == 0
    }

    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")

    /// `C:` or `C:/…`.
    private static func isDrive(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2, bytes[1] == UInt8(ascii: ":") else { return false }
        let letter = bytes[0] | 0x20
        return letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") && (bytes.count == 2 || bytes[2] == slash)
    }

    /// The longest tail of a Windows path (drive or `//server/share` left out) that exists below `folder`, else the
    /// whole tail there.
    private static func windowsTail(_ bytes: [UInt8], folder: LibraryPath, exists: (LibraryPath) -> Bool)
        -> LibraryPath
    {
        var parts = bytes.split(separator: slash, omittingEmptySubsequences: true).map(Array.init)
        if isDrive(bytes) {
            parts.removeFirst()
        } else if bytes.starts(with: [slash, slash]) {
            parts.removeFirst(min(2, parts.count))  // server and share
        }
        parts.removeAll { $0 == [UInt8(ascii: ".")] }
        for start in parts.indices {
            let candidate = normalized(folder.bytes + [slash] + Array(parts[start...].joined(separator: [slash])))
            if exists(candidate) { return candidate }
        }
        let base = normalized(folder.bytes).bytes
        for start in parts.indices where !parts[start...].contains([UInt8(ascii: "."), UInt8(ascii: ".")]) {
            if let found = LooseNameMatch.find(Array(parts[start...]), under: base, ignoringCase: true) {
                return found
            }
        }
        return normalized(folder.bytes + [slash] + Array(parts.joined(separator: [slash])))
    }

    /// `path` when it exists or is all ASCII, else the file whose names are the same in canonical composition.
    private static func composedMatch(_ path: LibraryPath, exists: (LibraryPath) -> Bool) -> LibraryPath {
        guard path.bytes.contains(where: { $0 >= 0x80 }), !exists(path) else { return path }
        let parts = path.bytes.split(separator: slash).map(Array.init)
        return LooseNameMatch.find(parts, under: [], ignoringCase: false) ?? path
    }

    /// `bytes` with `.` and `..` components resolved and repeated slashes folded (absolute paths only).
    static func normalized(_ bytes: [UInt8]) -> LibraryPath {
        // Most entries hold no `.`, `..` or doubled slash: kept as they are, without splitting.
        var isPlain = bytes.first == slash
        var index = 0
        while isPlain && index < bytes.count {
            if bytes[index] == slash, index + 1 < bytes.count {
                // A doubled slash, or a component starting with a dot (`.`, `..`, and `.hidden` to be safe).
                isPlain = bytes[index + 1] != slash && bytes[index + 1] != UInt8(ascii: ".")
            }
            index += 1
        }
        if isPlain && (bytes.count == 1 || bytes.last != slash) { return LibraryPath(bytes: bytes) }
        var parts: [ArraySlice<UInt8>] = []
        for part in bytes.split(separator: slash) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return LibraryPath(bytes: [slash] + Array(parts.joined(separator: [slash])))
    }

    /// Whether `text` starts with the ASCII `prefix`, in any case.
    private static func hasPrefixIgnoringCase(_ text: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        let lower = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte }
        return text.count >= prefix.utf8.count && zip(text, prefix.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// `scheme://…` with a scheme of two or more ASCII letters (one letter is a Windows drive).
    private static func isURL(_ text: ArraySlice<UInt8>) -> Bool {
        let scheme = text.prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        return scheme.count >= 2 && text[scheme.endIndex...].starts(with: Array("://".utf8))
    }

    /// `%XX` escapes turned into their bytes (an incomplete escape stays as written).
    static func percentDecoded(_ text: Substring) -> [UInt8] { percentDecoded(Array(text.utf8)[...]) }

    /// `%XX` escapes turned into their bytes (an incomplete escape stays as written).
    static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8] {
        let utf8 = Array(text)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
