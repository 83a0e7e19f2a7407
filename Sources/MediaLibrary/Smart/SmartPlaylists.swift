import Foundation
import MediaModel

/// The smart playlists: one `NAME.smart` file each (`SmartRules.encoded`) in the folder of the user's playlists, by
/// default `$XDG_DATA_HOME/addmusic/playlists`, and the five built in (`SmartPlaylist`), which are smart playlists
/// like the others: a file of a built-in one's name (made when it is edited) replaces its rules, and deleting that
/// file brings them back.
///
/// Each write replaces the whole file atomically (`AtomicFile`): a crash or a full disk leaves the old file or the
/// new one. Blocking file work on the calling thread; no state beyond the folder's path.
public struct SmartPlaylists: Sendable {
    /// The folder holding the files.
    public let folder: String

    public init(folder: String = XDGDirectories.dataHome + "/addmusic/playlists") {
        self.folder = folder
    }

    /// The names: the built-in ones first, in their order, then the others sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let builtIn = SmartPlaylist.allCases.map(\.rawValue)
        let others = files.filter { $0.hasSuffix(".smart") && !$0.hasPrefix(".") }
            .map { PlaylistName.name(fileStem: String($0.dropLast(6))) }
            .filter { name in !builtIn.contains { $0.lowercased() == name.lowercased() } }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return builtIn + others
    }

    /// Whether a smart playlist named `name` exists (a built-in one in any case).
    public func contains(_ name: String) -> Bool {
        SmartPlaylist(name: name) != nil || (try? path(of: name)).map(FileManager.default.fileExists) == true
    }

    /// The file of the smart playlist `name` (which may not exist); a built-in one's under its own spelling.
    /// - Throws: `SmartPlaylistError.badName`.
    public func path(of name: String) throws(SmartPlaylistError) -> String {
        let spelled = SmartPlaylist(name: name)?.rawValue ?? name
        do {
            return folder + "/" + (try PlaylistName.fileStem(for: spelled)) + ".smart"
        } catch {
            throw .badName(name)
        }
    }

    /// The rules of the smart playlist `name`: its file's, else the built-in one's.
    /// - Throws: `SmartPlaylistError.noSuchPlaylist`, or what reading the file throws (`.inFile` naming the line).
    public func rules(of name: String) throws(SmartPlaylistError) -> SmartRules {
        let path = try path(of: name)
        guard FileManager.default.fileExists(atPath: path) else {
            guard let builtIn = SmartPlaylist(name: name) else { throw .noSuchPlaylist(name) }
            return builtIn.rules
        }
        return try Self.read(path)
    }

    /// Whether the smart playlist `name` keeps the rules it was built with (a built-in one never edited).
    public func isBuiltInUnchanged(_ name: String) -> Bool {
        guard SmartPlaylist(name: name) != nil, let path = try? path(of: name) else { return false }
        return !FileManager.default.fileExists(atPath: path)
    }

    /// Makes the smart playlist `name` with `rules`; `otherPlaylists` are the names taken by ordinary playlists.
    /// - Throws: `SmartPlaylistError.alreadyExists`, `.badName`, `.system`.
    public func create(_ name: String, rules: SmartRules, otherPlaylists: [String] = []) throws(SmartPlaylistError) {
        guard !contains(name), !otherPlaylists.contains(where: { $0.lowercased() == name.lowercased() }) else {
            throw .alreadyExists(name)
        }
        try save(name, rules: rules)
    }

    /// Writes `rules` as the smart playlist `name`'s, replacing any it had.
    /// - Throws: `SmartPlaylistError.badName`, `.system`.
    public func save(_ name: String, rules: SmartRules) throws(SmartPlaylistError) {
        let path = try path(of: name)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .system(code: EACCES, operation: "making the folder", path: folder)
        }
        do {
            try AtomicFile.replace(path, with: Array(rules.encoded.utf8), mode: .fixed(0o644))
        } catch {
            throw .system(code: error.code, operation: error.operation, path: error.path)
        }
    }

    /// Renames the smart playlist `name` to `newName`, never over another of either kind (`otherPlaylists` are the
    /// ordinary playlists' names). A built-in one keeps its name.
    /// - Throws: `SmartPlaylistError.builtIn`, `.noSuchPlaylist`, `.alreadyExists`, `.badName`, `.system`.
    public func rename(_ name: String, to newName: String, otherPlaylists: [String] = []) throws(SmartPlaylistError) {
        guard SmartPlaylist(name: name) == nil else { throw .builtIn(name) }
        let from = try path(of: name)
        let to = try path(of: newName)
        guard FileManager.default.fileExists(atPath: from) else { throw .noSuchPlaylist(name) }
        guard SmartPlaylist(name: newName) == nil,
            !otherPlaylists.contains(where: { $0.lowercased() == newName.lowercased() })
        else { throw .alreadyExists(newName) }
        // link(2) refuses a name taken, where rename(2) would replace it.
        guard link(from, to) == 0 else {
            throw errno == EEXIST ? .alreadyExists(newName) : .system(code: errno, operation: "renaming", path: from)
        }
        unlink(from)
        AtomicFile.syncFolder(folder)
    }

    /// Deletes the smart playlist `name`; a built-in one edited goes back to its own rules.
    /// - Throws: `SmartPlaylistError.noSuchPlaylist`, `.builtIn` (one never edited), `.system`.
    public func delete(_ name: String) throws(SmartPlaylistError) {
        let path = try path(of: name)
        guard unlink(path) == 0 else {
            guard errno == ENOENT else { throw .system(code: errno, operation: "removing", path: path) }
            throw SmartPlaylist(name: name) != nil ? .builtIn(name) : .noSuchPlaylist(name)
        }
        AtomicFile.syncFolder(folder)
    }

    /// The rules the file at `path` holds.
    /// - Throws: `SmartPlaylistError.tooLarge`, `.inFile`, `.system`.
    static func read(_ path: String) throws(SmartPlaylistError) -> SmartRules {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .system(code: errno == 0 ? ENOENT : errno, operation: "opening", path: path)
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: SmartRules.maximumFileBytes + 1) ?? Data()
        } catch {
            throw .system(code: EIO, operation: "reading", path: path)
        }
        guard data.count <= SmartRules.maximumFileBytes else { throw .tooLarge(path: path) }
        guard let text = String(data: data, encoding: .utf8), !text.contains("\0") else {
            throw .inFile(path: path, line: 1, .unknownLine("binary data"))
        }
        return try SmartRules(parsing: text, path: path)
    }
}
