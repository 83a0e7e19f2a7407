/// A playlist: a name and its entries in order, as read from or written to a `.m3u`, `.m3u8` or `.pls` file.
///
/// Entries are kept whatever they point at, duplicates included (`PlaylistEntry`, `PlaylistLocation`). Reading is
/// bounded: a file over `maximumBytes` or with more than `maximumEntries` entries is refused with a clear error,
/// before it can take much time or memory.
public struct Playlist: Hashable, Sendable {
    /// The most entries a playlist may hold: 100,000.
    public static let maximumEntries = 100_000
    /// The largest playlist file read: 64 MiB (a full 100,000-entry playlist with long paths and titles is ~30 MB).
    public static let maximumBytes = 64 * 1024 * 1024

    /// The playlist's name (a file's name without its extension).
    public var name: String
    /// The entries, in order.
    public var entries: [PlaylistEntry]

    /// A playlist named `name` holding `entries`.
    public init(name: String, entries: [PlaylistEntry] = []) {
        self.name = name
        self.entries = entries
    }

    /// Reads the playlist file at `path`, in the format its extension names; its name is the file's stem.
    /// Blocking file work on the calling thread.
    /// - Throws: `PlaylistError` (`.unknownFormat`, `.system`, `.tooLarge`, `.binary`, `.tooManyEntries`).
    public static func read(_ path: LibraryPath) throws(PlaylistError) -> Playlist {
        guard let format = PlaylistFormat(path: path) else { throw .unknownFormat(path: path.description) }
        let bytes = try PlaylistFile.read(path)
        return try parse(bytes, format: format, name: path.stem, path: path.description)
    }

    /// The playlist in `bytes` read as `format`; `path` names the source in errors.
    /// - Throws: `PlaylistError.binary`, `.tooManyEntries`, `.tooLarge`.
    public static func parse(_ bytes: [UInt8], format: PlaylistFormat, name: String, path: String = "playlist")
        throws(PlaylistError) -> Playlist
    {
        guard bytes.count <= maximumBytes else { throw .tooLarge(path: path, bytes: bytes.count) }
        return Playlist(name: name, entries: try PlaylistParser.entries(bytes, format: format, path: path))
    }

    /// The bytes of this playlist as a file in `format` (UTF-8, LF line endings).
    public func encoded(as format: PlaylistFormat) -> [UInt8] {
        PlaylistWriter.bytes(entries, format: format)
    }

    /// Writes this playlist to `path` in the format its extension names, atomically (`PlaylistFile.replace`).
    /// - Throws: `PlaylistError.unknownFormat`, `.system`.
    public func write(to path: String) throws(PlaylistError) {
        guard let format = PlaylistFormat(path: LibraryPath(path)) else { throw .unknownFormat(path: path) }
        try PlaylistFile.replace(path, with: encoded(as: format))
    }
}
