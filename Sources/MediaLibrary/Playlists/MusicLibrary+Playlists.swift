import MediaModel

extension MusicLibrary {
    /// The playlist files (`.m3u`, `.m3u8`, `.pls`) in `roots` and the folders below them, sorted by name then path.
    ///
    /// Found by a walk of the folders when asked, not kept in the index: the walk lists folders without opening or
    /// examining the files in them (the names alone tell a playlist), so it costs little beside the scan, and a
    /// playlist saved or removed by another program shows up at once. Hidden folders are skipped and each folder is
    /// walked once, however many symbolic links lead to it. Blocking work on the calling thread; never throws (a
    /// folder that cannot be read is left out).
    public func playlists(in roots: [LibraryPath]) -> [LibraryPlaylist] {
        var found: [LibraryPlaylist] = []
        var seen: Set<[UInt64]> = []
        for root in roots {
            guard case .directory(let device, let inode) = DirectoryReader.kind(of: root),
                seen.insert([device, inode]).inserted
            else { continue }
            var folders = [root]
            while let folder = folders.popLast() {
                guard case .success(let entries) = DirectoryReader.entries(of: folder, statFiles: false) else {
                    continue
                }
                for entry in entries {
                    let path = folder.appending(entry.name)
                    switch entry.kind {
                    case .directory(let device, let inode):
                        if seen.insert([device, inode]).inserted { folders.append(path) }
                    case .file:
                        if PlaylistFormat(path: path) != nil { found.append(LibraryPlaylist(path: path, root: root)) }
                    default:
                        break
                    }
                }
            }
        }
        return found.sorted {
            ($0.name.localizedLowercase, $0.path) < ($1.name.localizedLowercase, $1.path)
        }
    }

    /// The entries of `playlist` (a playlist file in `folder`) with what each points at: songs of the library
    /// looked up by path in batches, then files outside it, missing paths, streams and nested playlists. The songs
    /// hold the `fields` asked for: all of them unless the entries are only to be listed.
    /// - Throws: `SQLiteError` when the index cannot be read.
    public func items(of playlist: Playlist, folder: LibraryPath, fields: SongFields = .all) throws -> [PlaylistItem] {
        let locations = playlist.entries.map { PlaylistLocation.resolve($0.location, folder: folder) }
        let files = locations.compactMap { location -> LibraryPath? in
            if case .file(let path) = location { return path }
            return nil
        }
        let found = try songsByPath(files, fields: fields)
        var listed: [PlaylistItem] = []
        listed.reserveCapacity(playlist.entries.count)
        for (entry, location) in zip(playlist.entries, locations) {
            listed.append(Self.item(entry, at: location, found: found))
        }
        return listed
    }

    /// What one entry points at.
    private static func item(
        _ entry: PlaylistEntry, at location: PlaylistLocation, found: [LibraryPath: PlaylistItem.Target]
    ) -> PlaylistItem {
        switch location {
        case .stream(let url): return PlaylistItem(entry: entry, target: .stream(url))
        case .playlist(let path): return PlaylistItem(entry: entry, target: .playlist(path))
        case .file(let path):
            if let song = found[path] { return PlaylistItem(entry: entry, target: song) }
            let exists = PlaylistLocation.fileExists(path)
            return PlaylistItem(entry: entry, target: exists ? .file(path) : .missing(path))
        }
    }

    /// The library's songs at `paths`, by path, each boxed once as the target of every entry that points at it.
    private func songsByPath(_ paths: [LibraryPath], fields: SongFields) throws -> [LibraryPath: PlaylistItem.Target] {
        var found: [LibraryPath: PlaylistItem.Target] = [:]
        try forEachBatch(of: paths) { marks, values in
            // Each song moved out of the batch into its box, not copied there (and its copy released with the batch).
            var songs = try items("WHERE items.path IN (\(marks))", values, fields: fields)
            while let song = songs.popLast() { found[song.path] = .song(song) }
        }
        return found
    }

    /// Calls `body` with `paths` (each once) in batches of 500, as the `?` marks of an `IN` list and the values to
    /// bind to them. In the order of the paths, which is the order of the index of paths and, mostly, of the rows:
    /// each batch reads neighbouring pages of the database, not pages all over it.
    private func forEachBatch(
        of paths: [LibraryPath], _ body: (_ marks: String, _ values: [SQLiteValue]) throws -> Void
    ) throws {
        let unique = Set(paths).sorted()
        for start in stride(from: 0, to: unique.count, by: 500) {
            let part = unique[start..<min(unique.count, start + 500)]
            try body(Array(repeating: "?", count: part.count).joined(separator: ","), part.map { .blob($0.bytes) })
        }
    }

    /// How many entries of `playlist` (a playlist file in `folder`) point nowhere: file entries that are neither
    /// songs of the library nor files on disk. Cheaper than `items(of:folder:)`: the index is asked for paths only.
    /// - Throws: `SQLiteError` when the index cannot be read.
    public func missingCount(of playlist: Playlist, folder: LibraryPath) throws -> Int {
        let files = playlist.entries.compactMap { entry -> LibraryPath? in
            if case .file(let path) = PlaylistLocation.resolve(entry.location, folder: folder) { return path }
            return nil
        }
        let indexed = try indexedPaths(files)
        return files.filter { !indexed.contains($0) && !PlaylistLocation.fileExists($0) }.count
    }

    /// Which of `paths` the index holds songs at.
    private func indexedPaths(_ paths: [LibraryPath]) throws -> Set<LibraryPath> {
        var found: Set<LibraryPath> = []
        try forEachBatch(of: paths) { marks, values in
            let rows = try reader.withLock { database in
                try database.query("SELECT path FROM items WHERE path IN (\(marks))", values) {
                    LibraryPath(bytes: $0.blob(0))
                }
            }
            found.formUnion(rows)
        }
        return found
    }

    /// The library's songs at `paths`, by path (paths it does not hold are left out).
    /// - Throws: `SQLiteError`.
    public func items(atPaths paths: [LibraryPath]) throws -> [LibraryPath: MediaItem] {
        var found: [LibraryPath: MediaItem] = [:]
        try forEachBatch(of: paths) { marks, values in
            for item in try items("WHERE items.path IN (\(marks))", values) { found[item.path] = item }
        }
        return found
    }
}
