import MediaModel

/// The music folders as folders (B-A8): the tree of those holding songs, a folder's own songs, and every song under
/// one.
extension MusicLibrary {
    /// The folders under `roots` that hold songs, counted: one read of the index, grouped by folder.
    public func folderTree(roots: [LibraryPath]) throws -> FolderTree {
        let counts = try reader.withLock { database in
            try database.query("SELECT dir, COUNT(*) FROM items GROUP BY dir") {
                (folder: LibraryPath(bytes: $0.blob(0)), songs: Int($0.int64(1)))
            }
        }
        return FolderTree(roots: roots, songsIn: counts)
    }

    /// The songs directly in `folder`, by disc, track and file name.
    public func songs(inFolder folder: LibraryPath) throws -> [MediaItem] {
        try items("WHERE dir = ? ORDER BY disc_sort, track, path", [.blob(folder.bytes)])
    }

    /// Every song in `folder` and the folders under it, folder by folder (in byte order), each folder's by disc,
    /// track and file name.
    public func songs(under folder: LibraryPath) throws -> [MediaItem] {
        let (low, high) = Self.range(under: folder)
        return try items(
            "WHERE dir = ? OR (dir > ? AND dir < ?) ORDER BY dir, disc_sort, track, path",
            [.blob(folder.bytes), .blob(low), .blob(high)])
    }
}
