import MediaModel

extension MusicLibrary {
    /// A playlist a query grouped by playlist found: its name, file, and the folder its relative entries start in.
    private struct FoundPlaylist {
        var name: String
        var path: LibraryPath
        var folder: LibraryPath
    }

    /// The playlists of `sources`: the library's playlist files, then the user's, sorted by name (then path).
    private func foundPlaylists(_ sources: MediaQuery.PlaylistSources) -> [FoundPlaylist] {
        var found = playlists(in: sources.libraryRoots).map {
            FoundPlaylist(name: $0.name, path: $0.path, folder: $0.path.parent)
        }
        if let folder = sources.userFolder {
            let user = UserPlaylists(folder: folder)
            for name in user.names() {
                guard let path = try? user.path(of: name) else { continue }
                found.append(FoundPlaylist(name: name, path: LibraryPath(path), folder: user.folderPath))
            }
        }
        return found.sorted { ($0.name.localizedLowercase, $0.path) < ($1.name.localizedLowercase, $1.path) }
    }

    /// The songs of the library in `playlist` that pass `query`'s predicates, in the playlist's order (a playlist
    /// that cannot be read has none).
    private func songs(of playlist: FoundPlaylist, passing query: MediaQuery) throws -> [MediaItem] {
        guard let contents = try? Playlist.read(playlist.path) else { return [] }
        return try items(of: contents, folder: playlist.folder).compactMap { entry in
            guard case .song(let song) = entry.target,
                query.filterPredicates.allSatisfy({ $0.matches(song) })
            else { return nil }
            return song
        }
    }

    /// The ids of the library's songs in `playlist`, in its order (none when it cannot be read).
    private func songIDs(of playlist: FoundPlaylist) throws -> [Int64] {
        guard let contents = try? Playlist.read(playlist.path) else { return [] }
        let paths = contents.entries.compactMap { entry -> LibraryPath? in
            if case .file(let path) = PlaylistLocation.resolve(entry.location, folder: playlist.folder) { return path }
            return nil
        }
        let unique = Array(Set(paths))
        var ids: [LibraryPath: Int64] = [:]
        for start in stride(from: 0, to: unique.count, by: 500) {
            let part = unique[start..<min(unique.count, start + 500)]
            let marks = Array(repeating: "?", count: part.count).joined(separator: ",")
            let rows = try reader.withLock { database in
                try database.query(
                    "SELECT path, id FROM items WHERE path IN (\(marks))", part.map { .blob($0.bytes) }
                ) { (LibraryPath(bytes: $0.blob(0)), $0.int64(1)) }
            }
            for (path, id) in rows { ids[path] = id }
        }
        return paths.compactMap { ids[$0] }
    }

    /// The playlists of a query grouped by playlist (or only the one it is narrowed to), as collections. With
    /// predicates, playlists with no song passing them are left out.
    func playlistCollections(matching query: MediaQuery) throws -> [MediaQueryCollection] {
        try foundPlaylists(query.playlistSources).compactMap { playlist -> MediaQueryCollection? in
            let key = playlist.path.description
            guard query.collectionKey.map({ $0 == key }) ?? true else { return nil }
            guard query.filterPredicates.isEmpty else {
                let songs = try songs(of: playlist, passing: query)
                if songs.isEmpty { return nil }
                return MediaQueryCollection(
                    grouping: .playlist, key: key, name: playlist.name, count: songs.count,
                    representativeItem: songs.first, itemsQuery: query.narrowed(to: key))
            }
            // No predicate: the count needs only which entries are songs (ids by path), the first song alone whole.
            let ids = try songIDs(of: playlist)
            return MediaQueryCollection(
                grouping: .playlist, key: key, name: playlist.name, count: ids.count,
                representativeItem: try ids.first.flatMap { try item(id: $0) }, itemsQuery: query.narrowed(to: key))
        }
    }

    /// The songs of every playlist of a query grouped by playlist (or of the one it is narrowed to), playlist after
    /// playlist, each in its order; a song in two playlists is there twice.
    func playlistItems(matching query: MediaQuery) throws -> [MediaItem] {
        try foundPlaylists(query.playlistSources).flatMap { playlist in
            guard query.collectionKey.map({ $0 == playlist.path.description }) ?? true else { return [MediaItem]() }
            return try songs(of: playlist, passing: query)
        }
    }
}
