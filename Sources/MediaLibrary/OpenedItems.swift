import FFmpegSupport
import Foundation
import MediaModel

/// What the user opened — files, folders, playlist files and `http`/`https` URLs, as given on the command line, by
/// the file manager or by a drop — read into the songs to play, and what could not be. Blocking work (the disk, the
/// network) for a background queue, bounded in every part: each file is read within the reader's budget
/// (`MediaItem.unindexed`, about 2 s at worst), a stream has `streamTimeout` to answer, a folder's walk stops after
/// `maximumEntriesListed` entries and at most `maximumFiles` audio files are read in all.
///
/// A folder's songs come in album order (album, disc, track, then path); a playlist file gives its entries in its
/// order (nested playlists and other URLs left out). Only what can be played is kept: a file that is not audio, a
/// path that is gone or a stream that does not answer becomes a problem instead.
public struct OpenedItems: Sendable {
    /// The most audio files read for one open (a bigger folder gives the first ones, in path order).
    public static let maximumFiles = 1_000
    /// The most folder entries looked at for one open, however many folders they lie in.
    public static let maximumEntriesListed = 200_000
    /// How long a stream has to answer as audio, in seconds.
    public static let streamTimeout = 8.0

    /// The songs and streams to play, in order.
    public private(set) var items: [MediaItem] = []
    /// What was left out, and why, in the order met.
    public private(set) var problems: [OpenProblem] = []
    private let library: MusicLibrary?
    private var filesRead = 0
    private var filesFound = 0
    private var skipped = 0

    /// Reads `locations` (absolute or relative paths, `file://` URIs, `http`/`https` URLs); the library's own
    /// songs are taken from `library` (with their ids, ratings and artwork), other files read directly.
    public init(locations: [String], library: MusicLibrary?) {
        self.library = library
        for location in locations { open(location) }
        if filesFound > filesRead { problems.append(.tooManyFiles(kept: filesRead, found: filesFound)) }
        if skipped > 0 { problems.append(.skippedFiles(skipped)) }
    }

    private mutating func open(_ location: String) {
        if MediaItem.isStreamURL(location) { return openStream(location, title: nil) }
        let path: LibraryPath
        if location.lowercased().hasPrefix("file:") {
            guard let file = PlaylistLocation.resolve(location, folder: LibraryPath("/")).path else {
                return problems.append(.notAFile(location))
            }
            path = file
        } else if location.contains("://") || location.isEmpty {
            return problems.append(.notAFile(location))
        } else {
            path = LibraryPath.absolute(location)
        }
        switch DirectoryReader.kind(of: path) {
        case .directory: openFolder(path)
        case .file where PlaylistFormat(path: path) != nil: openPlaylist(path)
        case .file:
            filesFound += 1
            guard filesRead < Self.maximumFiles else { return }
            filesRead += 1
            if let item = readOne(path) {
                items.append(item)
            } else {
                problems.append(.notAudio(path.description))
            }
        case .brokenSymlink: problems.append(.missing(path.description))
        case .permissionDenied, .symlinkLoop, .other: problems.append(.notAudio(path.description))
        }
    }

    /// The song at `path`: the library's, else read from the file; nil when it cannot be played.
    private func readOne(_ path: LibraryPath) -> MediaItem? {
        if let known = try? library?.item(atPath: path) { return known }
        return try? MediaItem.unindexed(path)
    }

    /// Checks that the stream at `url` answers as audio within `streamTimeout`, and keeps it if so.
    private mutating func openStream(_ url: String, title: String?) {
        let interrupt = StreamInterrupt(
            openSeconds: Self.streamTimeout, stallSeconds: Self.streamTimeout, shouldStop: { false })
        do {
            let input = try FormatInput(url: url, timeout: Self.streamTimeout, interrupt: interrupt)
            withExtendedLifetime(input) {}
            items.append(.stream(url: url, title: title))
        } catch {
            problems.append(.streamUnanswered(url, reason: error.description))
        }
    }

    /// The audio files under `folder` (links followed, each folder once, hidden ones left out), in album order.
    private mutating func openFolder(_ folder: LibraryPath) {
        var pending = [folder]
        var visited = Set<[UInt64]>()
        var found: [LibraryPath] = []
        var listed = 0
        while let directory = pending.popLast(), listed < Self.maximumEntriesListed {
            guard case .success(let entries) = DirectoryReader.entries(of: directory, statFiles: false) else {
                continue
            }
            listed += entries.count
            for entry in entries {
                let path = directory.appending(entry.name)
                switch entry.kind {
                case .directory(let device, let inode):
                    if visited.insert([device, inode]).inserted { pending.append(path) }
                case .file where AudioFileTypes.isAudio(path): found.append(path)
                default: continue
                }
            }
        }
        guard !found.isEmpty else { return problems.append(.noMusicInFolder(folder.description)) }
        items += read(found.sorted()).sorted(by: Self.albumOrder)
    }

    /// The playable entries of the playlist file at `path`.
    private mutating func openPlaylist(_ path: LibraryPath) {
        let playlist: Playlist
        do {
            playlist = try Playlist.read(path)
        } catch {
            return problems.append(.unreadablePlaylist(path.description, reason: error.description))
        }
        let before = items.count
        var files: [(index: Int, path: LibraryPath)] = []
        var entries: [MediaItem?] = []
        for entry in playlist.entries {
            switch PlaylistLocation.resolve(entry.location, folder: path.parent) {
            case .file(let file):
                files.append((entries.count, file))
                entries.append(nil)
            case .stream(let url) where MediaItem.isStreamURL(url):
                // Not asked for here: a playlist of many radio stations would take each one's wait.
                entries.append(.stream(url: url, title: entry.title))
            case .stream, .playlist: continue
            }
        }
        let read = readKeepingPlaces(files.map(\.path))
        for (slot, item) in zip(files.map(\.index), read) { entries[slot] = item }
        items += entries.compactMap { $0 }
        if items.count == before { problems.append(.emptyPlaylist(path.description)) }
    }

    /// The songs in `paths` that can be played, in order, each read at most once and no more than the limit in
    /// all; the others are counted as skipped (or, past the limit, as not read).
    private mutating func read(_ paths: [LibraryPath]) -> [MediaItem] {
        readKeepingPlaces(paths).compactMap { $0 }
    }

    private mutating func readKeepingPlaces(_ paths: [LibraryPath]) -> [MediaItem?] {
        filesFound += paths.count
        let room = max(0, Self.maximumFiles - filesRead)
        let chosen = Array(paths.prefix(room))
        filesRead += chosen.count
        let known = (try? library?.items(atPaths: chosen)) ?? [:]
        var result: [MediaItem?] = chosen.map { path in known[path] ?? (try? MediaItem.unindexed(path)) }
        skipped += result.filter { $0 == nil }.count
        result += Array(repeating: nil, count: paths.count - chosen.count)
        return result
    }

    /// Album order: album, disc, track, then path.
    static func albumOrder(_ left: MediaItem, _ right: MediaItem) -> Bool {
        let leftKey = (left.album ?? "", left.discNumber ?? 1, left.trackNumber ?? 0)
        let rightKey = (right.album ?? "", right.discNumber ?? 1, right.trackNumber ?? 0)
        if leftKey != rightKey { return leftKey < rightKey }
        return left.path < right.path
    }
}
