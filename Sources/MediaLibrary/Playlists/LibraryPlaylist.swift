import MediaModel

/// A playlist file (`.m3u`, `.m3u8`, `.pls`) found in the music folders: a playlist of the library.
public struct LibraryPlaylist: Hashable, Sendable {
    /// The file.
    public var path: LibraryPath
    /// The music folder it was found in.
    public var root: LibraryPath

    /// A playlist file at `path`, found in the music folder `root`.
    public init(path: LibraryPath, root: LibraryPath) {
        self.path = path
        self.root = root
    }

    /// The playlist's name: the file's name without its extension.
    public var name: String { path.stem }

    /// The file's path below its music folder (`Rock/Best.m3u`), for telling apart playlists of one name.
    public var relativePath: String {
        guard path.isInside(root), path != root else { return path.description }
        return String(decoding: path.bytes.dropFirst(root.bytes.count).drop { $0 == UInt8(ascii: "/") }, as: UTF8.self)
    }
}
