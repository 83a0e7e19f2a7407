import FFmpegSupport
import Foundation
import MediaModel

/// What the user opened — files, folders, playlist files and `http`/`https` URLs, as given on the command line, by
/// the file manager or by a drop — read into the songs to play, and what could not be. Blocking work (the disk, the
/// network) for a background thread, bounded in every part (`OpenLimits`): each file is read within the reader's
/// budget (`MediaItem.unindexed`, about 2 s at worst), the first `maximumStreams` URLs are checked side by side
/// while the files are read and have one deadline to answer, a walk of folders stops after `maximumEntriesListed`
/// entries (inside a folder too) and keeps no more paths than it may read, and at most `maximumFiles` audio files are
/// read in all.
///
/// A folder's songs come in album order (album, disc, track, then path); a playlist file gives its entries in its
/// order (nested playlists and other URLs left out). Only what can be played is kept: a file that is not audio, a
/// path that is gone or a stream that does not answer becomes a problem instead.
public struct OpenedItems: Sendable {
    /// The songs and streams to play, in order.
    public private(set) var items: [MediaItem] = []
    /// What was left out, and why, in the order met.
    public private(set) var problems: [OpenProblem] = []
    private let library: MusicLibrary?
    private let limits: OpenLimits
    private var filesRead = 0
    private var filesFound = 0
    private var skipped = 0
    /// Folder entries looked at so far, in every folder of this open.
    private var entriesListed = 0
    private var walkStopped = false
    /// Where each checked URL's song or problem goes, once its check answered.
    private var streamPlaces: [(item: Int, problem: Int)] = []

    /// Reads `locations` (absolute or relative paths, `file://` URIs, `http`/`https` URLs); the library's own
    /// songs are taken from `library` (with their ids, ratings and artwork), other files read directly. Returns once
    /// everything is read and the URLs have answered (or their deadline passed).
    public init(locations: [String], library: MusicLibrary?, limits: OpenLimits = .standard) {
        self.library = library
        self.limits = limits
        let urls = locations.filter(MediaItem.isStreamURL)
        let checked = Array(urls.prefix(max(0, limits.maximumStreams)))
        let checks = checked.isEmpty ? nil : StreamChecks(checked, seconds: limits.streamDeadline)
        for location in locations { open(location) }
        if let checks { place(checks.answers(), of: checked) }
        if filesFound > filesRead { problems.append(.tooManyFiles(kept: filesRead, found: filesFound)) }
        if walkStopped { problems.append(.tooManyEntries(limits.maximumEntriesListed)) }
        if urls.count > checked.count { problems.append(.tooManyStreams(checked: checked.count, found: urls.count)) }
        if skipped > 0 { problems.append(.skippedFiles(skipped)) }
    }

    private mutating func open(_ location: String) {
        if MediaItem.isStreamURL(location) {
            // Checked since the start (the first `maximumStreams` only): its place is kept for its answer.
            if streamPlaces.count < limits.maximumStreams { streamPlaces.append((items.count, problems.count)) }
            return
        }
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
            guard filesRead < limits.maximumFiles else { return }
            filesRead += 1
            // A cue sheet, or a file the library holds as its tracks, opens as those tracks (B-I7).
            if let tracks = try? library?.cueTracks(of: path), !tracks.isEmpty {
                items += tracks
            } else if let item = readOne(path) {
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

    /// Puts each checked URL where it was met: its stream among the songs when it answered, else its problem.
    private mutating func place(_ answers: [String?], of urls: [String]) {
        // From the last: an insertion moves only what comes after it.
        for (place, (url, answer)) in zip(streamPlaces, zip(urls, answers)).reversed() {
            if let reason = answer {
                problems.insert(.streamUnanswered(url, reason: reason), at: place.problem)
            } else {
                items.insert(.stream(url: url, title: nil), at: place.item)
            }
        }
    }

    /// The audio files under `folder` (links followed, each folder once, hidden ones left out), in album order. The
    /// walk stops once the open has looked at `maximumEntriesListed` entries, in the middle of a folder if need be,
    /// and keeps only the paths it may read (the first ones in path order); the others are counted.
    private mutating func openFolder(_ folder: LibraryPath) {
        var pending = [folder]
        var visited = Set<[UInt64]>()
        var found = FirstPaths(room: max(0, limits.maximumFiles - filesRead))
        while !walkStopped, let directory = pending.popLast() {
            let limit = limits.maximumEntriesListed
            _ = DirectoryReader.forEachEntry(of: directory, statFiles: false) { entry in
                guard entriesListed < limit else {
                    walkStopped = true
                    return false
                }
                entriesListed += 1
                let path = directory.appending(entry.name)
                switch entry.kind {
                case .directory(let device, let inode):
                    if visited.insert([device, inode]).inserted { pending.append(path) }
                case .file where AudioFileTypes.isAudio(path): found.add(path)
                default: break
                }
                return true
            }
        }
        guard found.count > 0 else {
            // A walk the limit stopped may have missed the music: the open says so once, at its end.
            if !walkStopped { problems.append(.noMusicInFolder(folder.description)) }
            return
        }
        filesFound += found.count
        let chosen = found.paths
        filesRead += chosen.count
        items += readAll(chosen).compactMap { $0 }.sorted(by: Self.albumOrder)
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
        filesFound += files.count
        let room = max(0, limits.maximumFiles - filesRead)
        let chosen = files.prefix(room)
        filesRead += chosen.count
        for (slot, item) in zip(chosen.map(\.index), readAll(chosen.map(\.path))) { entries[slot] = item }
        items += entries.compactMap { $0 }
        if items.count == before { problems.append(.emptyPlaylist(path.description)) }
    }

    /// The songs at `paths`, in order, nil for each one that cannot be played (counted as skipped).
    private mutating func readAll(_ paths: [LibraryPath]) -> [MediaItem?] {
        let known = (try? library?.items(atPaths: paths)) ?? [:]
        let result: [MediaItem?] = paths.map { path in known[path] ?? (try? MediaItem.unindexed(path)) }
        skipped += result.filter { $0 == nil }.count
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
