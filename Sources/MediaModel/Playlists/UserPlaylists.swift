import Foundation

/// The user's own playlists: `.m3u8` files in one folder, by default `$XDG_DATA_HOME/addmusic/playlists`, one a
/// playlist, named by the file (`PlaylistName` makes any name safe as a file name).
///
/// Every change reads the file, changes the entries and writes the whole file anew atomically (a temporary file in
/// the same folder, flushed, renamed over the old one): a crash or a full disk leaves the old playlist or the new
/// one, never a part. Blocking file work on the calling thread; no state beyond the folder's path.
public struct UserPlaylists: Sendable {
    /// The folder holding the playlists.
    public let folder: String

    /// The playlists in `folder`, by default `$XDG_DATA_HOME/addmusic/playlists` (made when first written to).
    public init(folder: String = XDGDirectories.dataHome + "/addmusic/playlists") {
        self.folder = folder
    }

    /// The folder as a path, for resolving the playlists' entries (`PlaylistLocation.resolve`).
    public var folderPath: LibraryPath { LibraryPath(folder) }

    /// The playlists' names, sorted; none when the folder does not exist.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".m3u8") && !$0.hasPrefix(".") }
            .map { PlaylistName.name(fileStem: String($0.dropLast(5))) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    /// The file of the playlist `name` (which may not exist).
    /// - Throws: `PlaylistError.badName`.
    public func path(of name: String) throws(PlaylistError) -> String {
        let escaped = folder + "/" + (try PlaylistName.fileStem(for: name)) + ".m3u8"
        // A file put there by hand with a bare `%` in its name ("100% Hits.m3u8") is found by that name.
        if name.contains("%"), !name.contains("/"), !name.hasPrefix("."),
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }),
            !FileManager.default.fileExists(atPath: escaped),
            FileManager.default.fileExists(atPath: folder + "/" + name + ".m3u8")
        {
            return folder + "/" + name + ".m3u8"
        }
        return escaped
    }

    /// Whether a playlist named `name` exists.
    public func contains(_ name: String) -> Bool {
        guard let path = try? path(of: name) else { return false }
        return FileManager.default.fileExists(atPath: path)
    }

    /// The playlist `name`.
    /// - Throws: `PlaylistError.noSuchPlaylist`, or what reading the file throws.
    public func read(_ name: String) throws(PlaylistError) -> Playlist {
        let path = try path(of: name)
        guard FileManager.default.fileExists(atPath: path) else { throw .noSuchPlaylist(name) }
        var playlist = try Playlist.read(LibraryPath(path))
        playlist.name = name
        return playlist
    }

    /// Makes the playlist `name` holding `entries`.
    /// - Throws: `PlaylistError.alreadyExists`, `.badName`, `.system`.
    public func create(_ name: String, entries: [PlaylistEntry] = []) throws(PlaylistError) {
        try locked { () throws(PlaylistError) in
            guard !contains(name) else { throw .alreadyExists(name) }
            try write(Playlist(name: name, entries: entries))
        }
    }

    /// Writes `playlist` under its name, replacing any playlist of that name.
    /// - Throws: `PlaylistError.badName`, `.tooManyEntries`, `.system`.
    public func save(_ playlist: Playlist) throws(PlaylistError) {
        try locked { () throws(PlaylistError) in try write(playlist) }
    }

    private func write(_ playlist: Playlist) throws(PlaylistError) {
        let path = try path(of: playlist.name)
        guard playlist.entries.count <= Playlist.maximumEntries else {
            throw .tooManyEntries(path: path, limit: Playlist.maximumEntries)
        }
        try makeFolder()
        try PlaylistFile.replace(path, with: playlist.encoded(as: .m3u8))
    }

    /// Renames the playlist `name` to `newName`, never replacing another playlist.
    /// - Throws: `PlaylistError.noSuchPlaylist`, `.alreadyExists`, `.badName`, `.system`.
    public func rename(_ name: String, to newName: String) throws(PlaylistError) {
        let old = try path(of: name)
        let new = try path(of: newName)
        try locked { () throws(PlaylistError) in
            guard FileManager.default.fileExists(atPath: old) else { throw .noSuchPlaylist(name) }
            guard old != new else { return }
            try move(old, to: new, newName: newName)
        }
    }

    private func move(_ old: String, to new: String, newName: String) throws(PlaylistError) {
        // link fails when the new name is taken (an atomic check), then the old name goes.
        guard link(old, new) == 0 else {
            if errno == EEXIST { throw .alreadyExists(newName) }
            throw .system(code: errno, operation: "renaming", path: old)
        }
        guard unlink(old) == 0 else { throw .system(code: errno, operation: "removing", path: old) }
        AtomicFile.syncFolder(folder)
    }

    /// Deletes the playlist `name`.
    /// - Throws: `PlaylistError.noSuchPlaylist`, `.badName`, `.system`.
    public func delete(_ name: String) throws(PlaylistError) {
        let path = try path(of: name)
        try locked { () throws(PlaylistError) in
            guard unlink(path) == 0 else {
                if errno == ENOENT { throw .noSuchPlaylist(name) }
                throw .system(code: errno, operation: "removing", path: path)
            }
        }
        AtomicFile.syncFolder(folder)
    }

    /// Appends `entries` to the playlist `name`, made when it does not exist yet. Returns the playlist.
    /// - Throws: `PlaylistError.tooManyEntries` past `Playlist.maximumEntries`, or what reading and writing throw.
    @discardableResult
    public func add(_ entries: [PlaylistEntry], to name: String) throws(PlaylistError) -> Playlist {
        try locked { () throws(PlaylistError) in
            var playlist = contains(name) ? try read(name) : Playlist(name: name)
            playlist.entries += entries
            try write(playlist)
            return playlist
        }
    }

    /// Removes the entries at `positions` (1-based, as listed) from the playlist `name`.
    /// - Throws: `PlaylistError.noSuchPosition` (nothing is removed then), or what reading and writing throw.
    @discardableResult
    public func remove(positions: [Int], from name: String) throws(PlaylistError) -> Playlist {
        try locked { () throws(PlaylistError) in
            var playlist = try read(name)
            let count = playlist.entries.count
            for position in positions where position < 1 || position > count {
                throw .noSuchPosition(position, count: count)
            }
            for index in Set(positions).sorted(by: >) { playlist.entries.remove(at: index - 1) }
            try write(playlist)
            return playlist
        }
    }

    /// Moves the entry at `position` to `newPosition` (both 1-based) in the playlist `name`.
    /// - Throws: `PlaylistError.noSuchPosition`, or what reading and writing throw.
    @discardableResult
    public func move(_ position: Int, to newPosition: Int, in name: String) throws(PlaylistError) -> Playlist {
        try locked { () throws(PlaylistError) in
            var playlist = try read(name)
            let count = playlist.entries.count
            for checked in [position, newPosition] where checked < 1 || checked > count {
                throw .noSuchPosition(checked, count: count)
            }
            let entry = playlist.entries.remove(at: position - 1)
            playlist.entries.insert(entry, at: newPosition - 1)
            try write(playlist)
            return playlist
        }
    }

    /// Imports the playlist file at `source` (`.m3u`, `.m3u8` or `.pls`) as the playlist `name` (by default the
    /// file's stem), replacing none. Entries are kept as written — absolute paths, URLs, `#EXTINF` text, duplicates,
    /// entries that point nowhere — except those whose meaning depends on the file's folder: a relative path, and a
    /// Windows path whose tail was found below that folder, become the absolute path they named there.
    /// - Throws: `PlaylistError.alreadyExists`, or what reading and writing throw.
    @discardableResult
    public func importPlaylist(from source: LibraryPath, as name: String? = nil) throws(PlaylistError) -> Playlist {
        let read = try Playlist.read(source)
        let name = name ?? read.name
        let folder = source.parent
        let entries = read.entries.map { entry in
            var entry = entry
            if let absolute = Self.absoluteLocation(entry.location, folder: folder) { entry.location = absolute }
            return entry
        }
        let playlist = Playlist(name: name, entries: entries)
        try locked { () throws(PlaylistError) in
            guard !contains(name) else { throw .alreadyExists(name) }
            try write(playlist)
        }
        return playlist
    }

    /// Writes the playlist `name` to `destination` in the format its extension names (`.m3u8`, `.m3u`, `.pls`),
    /// atomically. With `relative`, entries below the destination's folder are written relative to it.
    /// - Throws: `PlaylistError.unknownFormat`, or what reading and writing throw.
    public func export(_ name: String, to destination: String, relative: Bool = false) throws(PlaylistError) {
        var playlist = try read(name)
        if relative {
            let folder = LibraryPath.absolute(destination).parent.description
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            for index in playlist.entries.indices where playlist.entries[index].location.hasPrefix(prefix) {
                playlist.entries[index].location.removeFirst(prefix.count)
            }
        }
        try playlist.write(to: destination)
    }

    /// The absolute path an entry of a playlist in `folder` stands for, when its text depends on that folder; nil
    /// for entries that mean the same from anywhere (absolute paths, URLs, a Windows path not found here).
    static func absoluteLocation(_ location: String, folder: LibraryPath) -> String? {
        let text = location.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("/") || text.contains("://") || text.lowercased().hasPrefix("file:") { return nil }
        let resolved = PlaylistLocation.resolve(text, folder: folder)
        guard let path = resolved.path else { return nil }
        let isWindows = text.hasPrefix("\\\\") || (text.count >= 2 && text.dropFirst().first == ":")
        if isWindows && !PlaylistLocation.fileExists(path) { return nil }
        return path.description
    }

    /// Runs `body` holding an exclusive `flock` on `.lock` in the folder, so that two edits (two processes, or two
    /// threads) never read the same old playlist and lose one's change. The kernel drops the lock if the holder dies.
    private func locked<T>(_ body: () throws(PlaylistError) -> T) throws(PlaylistError) -> T {
        try makeFolder()
        let lockPath = folder + "/.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system(code: errno, operation: "opening", path: lockPath) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .system(code: errno, operation: "locking", path: lockPath) }
        }
        return try body()
    }

    private func makeFolder() throws(PlaylistError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .system(code: EACCES, operation: "making the folder", path: folder)
        }
    }
}
