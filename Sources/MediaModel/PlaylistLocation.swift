import Foundation

/// What a playlist entry points at, worked out from its text and the folder of the playlist file.
///
/// Relative entries are taken from the playlist's folder; `\` counts as a folder separator; `file://` URLs are
/// percent-decoded; a Windows drive path (`C:\Music\A\song.mp3`) or share (`\\server\share\…`) cannot name a file
/// here, so the longest tail of it that exists below the playlist's folder is used (`A/song.mp3`, then `song.mp3`),
/// else the whole tail (which then shows as missing). `http(s)://` and other URLs are streams. An entry that is
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
        let text = entry.trimmingCharacters(in: .whitespaces)
        let lowered = text.lowercased()
        var bytes: [UInt8]
        if lowered.hasPrefix("file:") {
            var rest = Substring(text.dropFirst(5))
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                // file://host/path: the host is dropped (file:///path has an empty one).
                if let slash = rest.firstIndex(of: "/") { rest = rest[slash...] } else { rest = "" }
            }
            bytes = percentDecoded(rest)
            // file:///C:/Music/x.mp3
            if bytes.count >= 3, bytes[0] == slash, isDrive(Array(bytes[1...])) { bytes.removeFirst() }
        } else if let scheme = lowered.range(of: "://"), lowered[..<scheme.lowerBound].allSatisfy(\.isLetter),
            !lowered[..<scheme.lowerBound].isEmpty
        {
            return .stream(text)
        } else {
            bytes = Array(text.utf8)
        }
        bytes = bytes.map { $0 == UInt8(ascii: "\\") ? slash : $0 }
        let path: LibraryPath
        if isDrive(bytes) || bytes.starts(with: [slash, slash]) {
            path = windowsTail(bytes, folder: folder, exists: exists)
        } else if bytes.first == slash {
            path = normalized(bytes)
        } else {
            path = normalized(folder.bytes + [slash] + bytes)
        }
        return PlaylistFormat(path: path) == nil ? .file(path) : .playlist(path)
    }

    /// Whether something is at `path` (a stat that follows symbolic links succeeds).
    public static func fileExists(_ path: LibraryPath) -> Bool {
        var status = stat()
        return path.withCString { stat($0, &status) } == 0
    }

    private static let slash = UInt8(ascii: "/")

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
        } else {
            parts.removeFirst(min(2, parts.count))  // server and share
        }
        parts.removeAll { $0 == [UInt8(ascii: ".")] }
        for start in parts.indices {
            let candidate = normalized(folder.bytes + [slash] + Array(parts[start...].joined(separator: [slash])))
            if exists(candidate) { return candidate }
        }
        return normalized(folder.bytes + [slash] + Array(parts.joined(separator: [slash])))
    }

    /// `bytes` with `.` and `..` components resolved and repeated slashes folded (absolute paths only).
    static func normalized(_ bytes: [UInt8]) -> LibraryPath {
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

    /// `%XX` escapes turned into their bytes (an incomplete escape stays as written).
    static func percentDecoded(_ text: Substring) -> [UInt8] {
        let utf8 = Array(text.utf8)
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
