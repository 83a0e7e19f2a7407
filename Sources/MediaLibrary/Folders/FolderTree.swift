import MediaModel

/// The folders that hold songs, with their songs counted at every depth, made in memory from one read of the index
/// (`MusicLibrary.folderTree(roots:)`: each folder's own songs counted, grouped by the `dir` index). Walking it asks
/// nothing more of the index.
public struct FolderTree: Sendable {
    /// Each folder that holds songs at any depth, with that count.
    private var counts: [LibraryPath: Int] = [:]
    /// Each such folder's subfolders that hold songs, by path.
    private var children: [LibraryPath: Set<LibraryPath>] = [:]
    /// The music folders, as given.
    public let roots: [LibraryPath]

    /// The tree of `roots` from each folder's own song count (`songsIn`: folder → songs directly in it). Folders
    /// outside every root are left out.
    public init(roots: [LibraryPath], songsIn: [(folder: LibraryPath, songs: Int)]) {
        // "Music/" and "Music" are one folder, as the index names it.
        let roots = roots.map { root in
            var bytes = root.bytes
            while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            return LibraryPath(bytes: bytes)
        }
        self.roots = roots
        for (folder, songs) in songsIn {
            guard let root = roots.first(where: { folder == $0 || folder.isInside($0) }) else { continue }
            var current = folder
            while true {
                counts[current, default: 0] += songs
                guard current != root, current.bytes.count > root.bytes.count else { break }
                let parent = current.parent
                children[parent, default: []].insert(current)
                current = parent
            }
        }
    }

    /// The music folders that hold songs, each with its count, in the order given.
    public var top: [LibraryFolder] {
        roots.compactMap { root in
            counts[root].map { LibraryFolder(path: root, name: root.description, songCount: $0) }
        }
    }

    /// The subfolders of `folder` that hold songs, each with its count, by name (as the index sorts bytes).
    public func subfolders(of folder: LibraryPath) -> [LibraryFolder] {
        (children[folder] ?? []).sorted().map { path in
            LibraryFolder(path: path, name: path.lastComponent.description, songCount: counts[path] ?? 0)
        }
    }

    /// How many songs `folder` holds at any depth.
    public func songCount(of folder: LibraryPath) -> Int { counts[folder] ?? 0 }
}
