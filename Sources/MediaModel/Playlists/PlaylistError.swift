import Foundation

/// Why a playlist could not be read, named or written. Each case says what was wrong in words a user can act on.
public enum PlaylistError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is larger than `Playlist.maximumBytes`.
    case tooLarge(path: String, bytes: Int)
    /// The file holds more entries than `Playlist.maximumEntries`.
    case tooManyEntries(path: String, limit: Int)
    /// The file holds binary data (a NUL byte), not text.
    case binary(path: String)
    /// The file name's extension is none of `.m3u`, `.m3u8`, `.pls`.
    case unknownFormat(path: String)
    /// A system call failed (`code` is the errno) while `operation` was done on `path`.
    case system(code: Int32, operation: String, path: String)
    /// No playlist of that name exists.
    case noSuchPlaylist(String)
    /// A playlist of that name exists already.
    case alreadyExists(String)
    /// The name cannot be a playlist's name (empty, or too long for a file name).
    case badName(String)
    /// An entry position (1-based) is outside the playlist.
    case noSuchPosition(Int, count: Int)

    /// The error in plain English words (the command line says it in the user's language instead).
    public var description: String {
        switch self {
        case .tooLarge(let path, let bytes): return "\(path): playlist too large (\(bytes) bytes)"
        case .tooManyEntries(let path, let limit): return "\(path): more than \(limit) entries"
        case .binary(let path): return "\(path): binary data, not a playlist"
        case .unknownFormat(let path): return "\(path): not a .m3u, .m3u8 or .pls file"
        case .system(let code, let operation, let path):
            return "\(operation) \(path): \(String(cString: strerror(code)))"
        case .noSuchPlaylist(let name): return "no playlist named \(name)"
        case .alreadyExists(let name): return "a playlist named \(name) exists already"
        case .badName(let name): return "\(name) cannot name a playlist"
        case .noSuchPosition(let position, let count): return "no entry \(position) (the playlist has \(count))"
        }
    }
}
