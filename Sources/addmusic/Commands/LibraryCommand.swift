import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic library scan|songs|albums|artists|genres|composers|compilations|search|watch|problems|analyze|playlists|
/// playlist NAME`.
struct LibraryCommand {
    let arguments: Arguments
    let text = Localizer.app

    /// Carries out the action named by the first word (`songs` when there is none); returns the exit status.
    func run() throws -> Int32 {
        var arguments = self.arguments
        let action = arguments.popWord() ?? "songs"
        let library = try Self.openLibrary(for: action)
        switch action {
        case "scan":
            let roots =
                arguments.words.isEmpty
                ? MusicFolders.resolve(flags: arguments.values("music-dir")) : arguments.words.map(LibraryPath.absolute)
            let summary = try scan(library, roots: roots)
            return summary.unreadable.isEmpty ? 0 : 3
        case "songs" where arguments.value("player") == "system":
            let offset = try arguments.integer("offset", default: 0)
            let limit = try arguments.integer("limit", default: Int.max)
            let songs = try withDaemon { () throws(MPDError) in try MPDDatabase().songs(offset: offset, limit: limit) }
            try printDaemonSongs(songs, library: library)
        case "search" where arguments.value("player") == "system":
            guard !arguments.words.isEmpty else { throw CommandError.missingSearchText }
            let query = arguments.words.joined(separator: " ")
            let found = try withDaemon { () throws(MPDError) in try MPDDatabase().search(query) }
            let offset = try arguments.integer("offset", default: 0)
            try printDaemonSongs(
                Array(found.dropFirst(offset).prefix(try arguments.integer("limit", default: 1000))), library: library)
        case "songs":
            try printSongs(library, arguments: arguments)
        case "albums":
            try printAlbums(library, arguments: arguments)
        case "artists":
            try printArtists(library, arguments: arguments)
        case "queries":
            return try QueryBench(arguments: arguments).run(library, runs: try arguments.integer("bench", default: 20))
        case "genres" where arguments.value("player") == "system",
            "composers" where arguments.value("player") == "system":
            try CollectionListing(arguments: arguments).printDaemon(action == "genres" ? "genre" : "composer")
        case "genres", "composers", "compilations":
            try CollectionListing(arguments: arguments).print(CollectionListing.query(for: action)!, from: library)
        case "search":
            if let file = arguments.value("bench") { return try benchmarkSearch(library, queriesFile: file) }
            guard !arguments.words.isEmpty else { throw CommandError.missingSearchText }
            let query = arguments.words.joined(separator: " ")
            try printSongs(
                try library.search(
                    query, offset: try arguments.integer("offset", default: 0),
                    limit: try arguments.integer("limit", default: 1000)), library: library)
        case "watch":
            return try watch(library, roots: MusicFolders.resolve(flags: arguments.values("music-dir")))
        case "playlists" where arguments.value("player") == "system":
            try DaemonPlaylistCommand(arguments: arguments).printPlaylists()
        case "playlist" where arguments.value("player") == "system":
            guard let name = arguments.popWord() else {
                throw CommandError.failure(text.string("playlist.needName", "library playlist"))
            }
            try DaemonPlaylistCommand(arguments: arguments).printEntries(of: name, library: library)
        case "playlists":
            try PlaylistListing(arguments: arguments).printPlaylists(
                PlaylistLookup(roots: MusicFolders.resolve(flags: arguments.values("music-dir")), library: library))
        case "playlist":
            guard let name = arguments.popWord() else {
                throw CommandError.failure(text.string("playlist.needName", "library playlist"))
            }
            try printPlaylist(named: name, library, arguments: arguments)
        case "problems":
            for problem in try library.problems() { print(describe(problem)) }
        case "analyze":
            return try MainActor.assumeIsolated { try LoudnessCommand(arguments: arguments).analyze(library) }
        default:
            throw CommandError.unknownCommand("library " + action)
        }
        return 0
    }

    /// The library index for `action`. Listing only reads: an index the user may only read (its folder or medium
    /// not writable) lists as well; an index made by an older version is brought up to date first, which writes.
    private static func openLibrary(for action: String) throws -> MusicLibrary {
        let lists =
            ["songs", "albums", "artists", "search", "problems", "playlists", "playlist"].contains(action)
            || CollectionListing.query(for: action) != nil || action == "queries"
        do {
            return try MusicLibrary(
                readOnly: lists && FileManager.default.fileExists(atPath: MusicLibrary.defaultDatabasePath()))
        } catch let error as SQLiteError where error.isOlderSchema {
            return try MusicLibrary()
        }
    }

    /// Prints the songs within `--offset` and `--limit`, in the order `--sort` names (else the library's own).
    private func printSongs(_ library: MusicLibrary, arguments: Arguments) throws {
        let offset = try arguments.integer("offset", default: 0)
        let limit = try arguments.integer("limit", default: Int.max)
        guard let sort = arguments.value("sort") else {
            return try printSongs(try library.songs(offset: offset, limit: limit), library: library)
        }
        guard let order = SongOrder(rawValue: sort) else {
            let names = SongOrder.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandError.failure(text.string("library.badSort", TerminalSafeText.make(sort), names))
        }
        try printSongs(try library.songs(sortedBy: order, offset: offset, limit: limit), library: library)
    }

    /// Prints the playlist `name`: a smart playlist's songs (unless a playlist of the user's has its name), else the
    /// entries of the playlist of that name among the user's and the music folders'.
    private func printPlaylist(named name: String, _ library: MusicLibrary, arguments: Arguments) throws {
        let smart = SmartPlaylists()
        if smart.contains(name), !UserPlaylists().contains(name) {
            return try PlaylistListing(arguments: arguments).printSongs(of: try smart.rules(of: name), library: library)
        }
        let lookup = PlaylistLookup(roots: MusicFolders.resolve(flags: arguments.values("music-dir")), library: library)
        try PlaylistListing(arguments: arguments).printEntries(of: try lookup.find(name), library: library)
    }

    /// Prints the albums within `--offset` and `--limit`, as JSON with `--json`.
    private func printAlbums(_ library: MusicLibrary, arguments: Arguments) throws {
        let albums = try library.albums(
            offset: try arguments.integer("offset", default: 0),
            limit: try arguments.integer("limit", default: Int.max))
        if arguments.flag("json") {
            printJSON(albums.map(AlbumRecord.init))
            return
        }
        for album in albums {
            let artist = album.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
            let year = album.year.map { " (\($0))" } ?? ""
            print(
                "\(artist) — \(TerminalSafeText.make(album.title))\(year) · \(text.count("count.tracks", album.trackCount))"
            )
        }
    }

    /// Prints the artists within `--offset` and `--limit`, as JSON with `--json`.
    private func printArtists(_ library: MusicLibrary, arguments: Arguments) throws {
        let artists = try library.artists(
            offset: try arguments.integer("offset", default: 0),
            limit: try arguments.integer("limit", default: Int.max))
        if arguments.flag("json") {
            printJSON(artists.map(ArtistRecord.init))
            return
        }
        for artist in artists {
            print(
                "\(TerminalSafeText.make(artist.name)) · \(text.count("count.songs", artist.songCount)) · \(text.count("count.albums", artist.albumCount))"
            )
        }
    }

    /// Scans with a progress bar and prints the summary. While another scan writes the library it waits, and says
    /// so once with `--verbose` or on a terminal.
    func scan(_ library: MusicLibrary, roots: [LibraryPath]) throws -> ScanSummary {
        var bar = ProgressLine()
        for root in roots { printError(text.string("scan.scanning", TerminalSafeText.make(root.description))) }
        let tell = arguments.flag("verbose") || isatty(STDERR_FILENO) != 0
        let notice = { [text] in if tell { printError(text.string("scan.waiting")) } }
        let summary = try library.scan(roots: roots, ifBusy: .wait(notice: notice)) { bar.show($0) }
        bar.finish()
        print(
            text.string(
                "scan.summary", summary.added, summary.updated, summary.moved, summary.removed, summary.unchanged,
                summary.unreadable.count, summary.ignored, summary.seconds))
        if !summary.warnings.isEmpty { print(text.string("scan.warnings", summary.warnings.count)) }
        if arguments.flag("verbose") {
            for problem in summary.unreadable + summary.warnings { print("  " + describe(problem)) }
        } else if !summary.unreadable.isEmpty || !summary.warnings.isEmpty {
            print(text.string("scan.verboseHint"))
        }
        return summary
    }

    /// Prints `songs` of the index, with their statistics in `--json` and with `--stats`.
    private func printSongs(_ songs: [MediaItem], library: MusicLibrary) throws {
        let listed = arguments.flag("json") || arguments.flag("stats")
        printListing(songs, statistics: listed ? try ListedStatistics.ofSongs(songs, library: library) : nil)
    }

    /// Prints the daemon's `songs`, with their statistics (its stickers, else the index's by URI) in `--json` and
    /// with `--stats`.
    private func printDaemonSongs(_ songs: [MediaItem], library: MusicLibrary) throws {
        let listed = arguments.flag("json") || arguments.flag("stats")
        printListing(songs, statistics: listed ? try ListedStatistics.ofDaemonSongs(songs, library: library) : nil)
    }

    /// One line a song ("Artist — Title · Album (3:20)", then its statistics with `--stats`), or JSON with `--json`.
    private func printListing(_ songs: [MediaItem], statistics: [PlayStatistics?]?) {
        let statistics = statistics ?? Array(repeating: nil, count: songs.count)
        if arguments.flag("json") {
            printJSON(zip(songs, statistics).map { SongRecord($0, statistics: $1) })
            return
        }
        let showStatistics = arguments.flag("stats")
        for (song, played) in zip(songs, statistics) {
            let artist = song.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
            let album = song.album.map { " · " + TerminalSafeText.make($0) } ?? ""
            let suffix = showStatistics ? ListedStatistics.line(played) : ""
            Swift.print(
                "\(artist) — \(TerminalSafeText.make(song.title))\(album) (\(ClockText.of(song.duration)))\(suffix)")
        }
    }

    /// "path: reason", in the user's language, safe for a terminal.
    func describe(_ problem: ScanProblem) -> String {
        let reason: String
        switch problem.reason {
        case .notAudio(let message): reason = text.string("problem.notAudio", message)
        case .empty: reason = text.string("problem.empty")
        case .permissionDenied: reason = text.string("problem.permissionDenied")
        case .brokenSymlink: reason = text.string("problem.brokenSymlink")
        case .symlinkLoop: reason = text.string("problem.symlinkLoop")
        case .unreadableFolder(let message): reason = text.string("problem.unreadableFolder", message)
        case .vanished: reason = text.string("problem.vanished")
        case .tookTooLong(let seconds): reason = text.string("problem.overDeadline", seconds)
        case .readTooMuch(let bytes): reason = text.string("problem.overByteCap", bytes / (1024 * 1024))
        case .tooManyTags(let count): reason = text.string("problem.tooManyTags", count)
        case .pictureTooLarge(let bytes): reason = text.string("problem.pictureTooLarge", bytes / (1024 * 1024))
        case .pictureUnreadable(let message): reason = text.string("problem.pictureUnreadable", message)
        case .cueSheetUnreadable(let message): reason = text.string("problem.cueUnreadable", message)
        case .cueFileMissing(let name):
            reason = text.string("problem.cueFileMissing", TerminalSafeText.make(name))
        case .cueTrackPastEnd(let track, let start, let length):
            reason = text.string("problem.cuePastEnd", track, ClockText.of(start), ClockText.of(length))
        }
        return "\(TerminalSafeText.make(problem.path.description)): \(reason)"
    }

    private func watch(_ library: MusicLibrary, roots: [LibraryPath]) throws -> Int32 {
        _ = try scan(library, roots: roots)
        printError(text.string("watch.started"))
        let watcher = try library.startWatching(roots: roots, queue: .main) { summary in
            Swift.print(
                text.string(
                    "watch.changed", summary.added, summary.updated, summary.moved, summary.removed,
                    summary.unreadable.count))
            fflush(nil)
        }
        withExtendedLifetime(watcher) { dispatchMain() }
    }

    /// Runs each line of `queriesFile` as a search and prints `queries=N median_ms=X p99_ms=Y` (for bench/).
    private func benchmarkSearch(_ library: MusicLibrary, queriesFile: String) throws -> Int32 {
        let queries = try String(contentsOfFile: queriesFile, encoding: .utf8).split(whereSeparator: \.isNewline).map(
            String.init)
        var timed: [(ms: Double, query: String)] = []
        for query in queries {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try library.search(query, limit: 100)
            timed.append((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, query))
        }
        for slow in timed.sorted(by: { $0.ms > $1.ms }).prefix(5) {
            printError(String(format: "slowest: %.3f ms  ", slow.ms) + TerminalSafeText.make(slow.query))
        }
        let times = timed.map(\.ms).sorted()
        guard !times.isEmpty else { return 1 }
        let median = times[times.count / 2]
        let p99 = times[min(times.count - 1, Int(clamping: Double(times.count) * 0.99, rounding: .up) - 1)]
        Swift.print(String(format: "queries=%d median_ms=%.3f p99_ms=%.3f", times.count, median, p99))
        return 0
    }
}

/// Writes a line to stderr.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Prints `value` as pretty JSON on stdout, terminal-safe: every control character, C1 control and bidirectional
/// control inside a string is a `\uXXXX` escape (the same text to a JSON reader).
func printJSON<T: Encodable>(_ value: T) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    if let data = try? encoder.encode(value) {
        let json = TerminalSafeText.escapingJSON(String(decoding: data, as: UTF8.self))
        FileHandle.standardOutput.write(Data(json.utf8))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
