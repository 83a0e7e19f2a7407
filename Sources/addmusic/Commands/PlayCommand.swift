import AddMusicCore
import AudioEngine
import Foundation
import MediaControls
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic play [--album TEXT | --artist TEXT | --genre TEXT | --composer TEXT | --search TEXT | --playlist NAME |
/// FILE|URL…] [--output pulse|null|wav:PATH]`: a terminal player on the application player, with a one-line status
/// and keys (space play/pause, s stop, n next, p previous, ←/→ seek 10 s, q quit). The queue, item and position
/// are saved as it plays; with nothing chosen, the last queue resumes where it was left (B-F3), else the whole
/// library plays. An `http`/`https` URL (given, or in a playlist) plays as a stream, its titles shown as they
/// change. Not on a terminal, it prints a line per song (and per stream title) and ends when the music does.
struct PlayCommand {
    let arguments: Arguments
    let text = Localizer.app

    func run() throws -> Int32 {
        let preferences = try Preferences(playerFlag: arguments.value("player"))
        if preferences.playerKind == .system { return try runOnSystemPlayer(preferences) }
        let statePath = SavedPlayerState.defaultPath
        let (items, saved) = try chooseItems(statePath: statePath)
        guard !items.isEmpty else {
            printError(text.string("play.nothing"))
            return 1
        }
        let player = try ApplicationMusicPlayer(
            output: try OutputChoice.make(arguments), statePath: statePath, outputFormat: preferences.outputFormat)
        player.setReplayGain(preferences.replayGain)
        let queue = DispatchQueue(label: "addmusic.play")
        let finished = DispatchSemaphore(value: 0)
        let isTerminal = isatty(STDOUT_FILENO) != 0
        // A stop asked for with the s key keeps the player open; a stop at the end of the queue ends the command.
        let stoppedByKey = Locked(false)
        // Every event, uncoalesced: the log names each song that played, however short.
        // Plays and skips are recorded in the library's statistics (B-H1, B-H2), off the status line's queue.
        let (record, flushStatistics) = Self.statisticsRecording(for: player)
        player.observeEveryEvent(on: queue) { [text] event, _ in
            switch event {
            case .playCounted, .skipCounted: record(event)
            case .playbackStateChanged(.stopped):
                if !stoppedByKey.withLock({ $0 }) { finished.signal() }  // the queue ended, or the output failed
            default: Self.show(event, isTerminal: isTerminal, text: text)
            }
        }
        if let saved {
            player.restore(saved, items: items)
        } else {
            player.setQueue(MediaItemCollection(items: items))
        }
        player.play()
        let controls = DesktopControls.publish(player, library: try? MusicLibrary(), raise: nil) {
            finished.signal()
        }
        drive(player, on: queue, until: finished, stoppedByKey: stoppedByKey)
        controls?.close()
        player.shutDown()
        flushStatistics(queue)  // the events sent before the shutdown, then the records they asked for
        return 0
    }

    /// What the terminal shows of `event`: on a terminal its problems on standard error (the status line shows
    /// the rest); otherwise also a line per song and per stream title, unbuffered, so a pipe or a file has it at once.
    private static func show(_ event: MusicPlayerEvent, isTerminal: Bool, text: Localizer) {
        let newline = isTerminal ? "\n" : ""
        switch event {
        case .nowPlayingItemChanged(let item?):
            // A line per song as it starts, unbuffered, so a pipe or a file has it at once.
            if !isTerminal { FileHandle.standardOutput.write(Data((Self.line(for: item, text: text) + "\n").utf8)) }
        case .streamTitleChanged(let title):
            if !isTerminal {
                let line = text.string("play.streamTitle", TerminalSafeText.make(title)) + "\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        case .streamReconnecting(let item, let attempt, let message):
            printError(
                newline
                    + text.string(
                        "play.streamReconnecting", TerminalSafeText.make(item.path.description),
                        TerminalSafeText.make(message),
                        String(attempt), String(PlaybackEngine.streamRetries)))
        case .itemSkipped(let item, let message):
            printError(newline + text.string("play.skipped", TerminalSafeText.make(item.path.description), message))
        case .outputDeviceUnavailable: printError(newline + text.string("play.deviceUnavailable"))
        case .audioServerUnavailable: printError(newline + text.string("play.serverLost"))
        case .audioServerAvailable: printError(newline + text.string("play.serverBack"))
        case .playbackStateChanged(.interrupted): printError(newline + text.string("play.interrupted"))
        case .stateNotSaved(let path, let error, let diskFull):
            printError(
                newline + FailureText.stateNotSaved(path: path, error: error, diskFull: diskFull, text: text))
        default: break
        }
    }

    /// Shows a one-line status on a terminal and takes keys until `finished` is signalled (q, or the owner).
    ///
    /// Neither the keys nor the status line wait for the player: each key's command is handed to a queue of its own
    /// ("addmusic.play.commands"), q ends the run at once, and the status line redraws every 0.25 s from the player's
    /// snapshot, so a hung device or daemon freezes neither. The calling
    /// thread only waits for the end of the run.
    private func drive(
        _ player: MusicPlayerController, on queue: DispatchQueue, until finished: DispatchSemaphore,
        stoppedByKey: Locked<Bool>
    ) {
        let isTerminal = isatty(STDOUT_FILENO) != 0
        let commands = DispatchQueue(label: "addmusic.play.commands")
        let keys = TerminalKeys { key in
            if case .character("q") = key {
                finished.signal()
                return
            }
            commands.async { Self.carryOut(key, on: player, stoppedByKey: stoppedByKey) }
        }
        var status: DispatchSourceTimer?
        if isTerminal {
            print(text.string("play.keys"))
            status = statusLine(of: player, on: queue)
        }
        // Signalled by the key thread (q), which never waits for the player, or by the player's event at the end of
        // the queue (or by the desktop's Quit): nothing that a hung device or daemon holds.
        finished.wait()
        status?.cancel()
        keys.restore()
        if isTerminal { print("") }
    }

    /// A timer on `queue` that redraws the status line from the player's snapshot (which never waits for it).
    private func statusLine(of player: MusicPlayerController, on queue: DispatchQueue) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: 0.25)
        timer.setEventHandler { [text] in
            let snapshot = player.snapshot
            guard let item = snapshot.nowPlayingItem else {
                FileHandle.standardOutput.write(Data("\r\u{1B}[K■".utf8))
                return
            }
            var clock = "\(ClockText.of(snapshot.playbackTime())) / \(ClockText.of(item.duration))"
            var line = Self.line(for: item, text: text)
            if item.streamURL != nil {
                // A stream: its own title as it changes (untrusted, shown as text), and no length.
                clock = ClockText.of(snapshot.playbackTime())
                if let title = snapshot.streamTitle { line = TerminalSafeText.make(title) + " — " + line }
            }
            let mark = snapshot.state == .playing ? "▶" : "⏸"
            FileHandle.standardOutput.write(Data("\r\u{1B}[K\(mark) \(line)  \(clock)".utf8))
        }
        timer.resume()
        return timer
    }

    /// Carries out one key's command, on the command queue.
    private static func carryOut(_ key: TerminalKeys.Key, on player: MusicPlayerController, stoppedByKey: Locked<Bool>)
    {
        switch key {
        case .character(" "):
            if player.snapshot.state == .playing {
                player.pause()
            } else {
                player.play()
                stoppedByKey.withLock { $0 = false }
            }
        case .character("s"):
            stoppedByKey.withLock { $0 = true }
            player.stop()
        case .character("n"): player.skipToNextItem()
        case .character("p"):
            if player.snapshot.playbackTime() > 3 { player.skipToBeginning() } else { player.skipToPreviousItem() }
        case .left: player.seek(to: max(0, player.snapshot.playbackTime() - 10))
        case .right: player.seek(to: player.snapshot.playbackTime() + 10)
        default: break
        }
    }

    /// `--player system` (or `player = system` in the config file): the queue goes to the music daemon, from its own
    /// database (by album, artist, genre, composer or search) or from files it shares; with nothing chosen, its queue plays on. On a
    /// terminal, the status line and keys drive it until q, and the daemon plays on afterwards; otherwise the command
    /// names what plays and ends.
    private func runOnSystemPlayer(_ preferences: Preferences) throws -> Int32 {
        let player = SystemMusicPlayer()
        defer { player.shutDown() }
        guard player.isConnected else {
            throw CommandError.failure(text.string("play.noDaemon", player.addressDescription))
        }
        player.setReplayGain(preferences.replayGain)
        let items = try daemonChoice(on: player)
        if !items.isEmpty {
            do {
                try player.replaceQueue(with: MediaItemCollection(items: items))
            } catch {
                // The daemon's own words (a song it does not have, a connection it closed), not "nothing to play".
                throw CommandError.failure(
                    text.string(
                        "play.daemonFailed", player.addressDescription,
                        TerminalSafeText.make(String(describing: error))))
            }
        }
        guard !player.queue.isEmpty else {
            printError(text.string("play.nothing"))
            return 1
        }
        player.play()
        let queue = DispatchQueue(label: "addmusic.play")
        let finished = DispatchSemaphore(value: 0)
        guard isatty(STDOUT_FILENO) != 0 else {
            if let item = player.nowPlayingItem { print(Self.line(for: item, text: text)) }
            return 0
        }
        // Plays and skips heard while this command runs are recorded (the daemon's stickers, else the library, B-H7).
        let (record, flushStatistics) = Self.statisticsRecording(for: player)
        player.observe(on: queue) { [text] event, _ in
            switch event {
            case .playCounted, .skipCounted: record(event)
            case .audioServerUnavailable: printError("\n" + text.string("message.daemonLost"))
            case .audioServerAvailable: printError("\n" + text.string("message.daemonBack"))
            default: break
            }
        }
        let controls = DesktopControls.publish(player, library: try? MusicLibrary(), raise: nil) {
            finished.signal()
        }
        drive(player, on: queue, until: finished, stoppedByKey: Locked(true))
        controls?.close()
        flushStatistics(queue)  // the events delivered so far, then the records they asked for
        return 0
    }

    /// The songs the arguments name for the music daemon: a playlist (the daemon's own of that name, else a smart
    /// playlist from its stickers, else the user's or the music folders' file), files or URLs, or the daemon's
    /// songs by tag, album, artist or search; none when nothing is named (its queue then plays on).
    private func daemonChoice(on player: SystemMusicPlayer) throws -> [MediaItem] {
        if let name = arguments.value("playlist") {
            // The daemon's own playlist of that name, else the user's or the music folders' (their files).
            let stored = MPDStoredPlaylists()
            let smart = DaemonSmartPlaylists()
            if (try? stored.names())?.contains(name) == true {
                return try stored.items(in: name)
            } else if let playlist = SmartPlaylist(name: name), !UserPlaylists().contains(name),
                (try? smart.isAvailable()) == true
            {
                return try smart.songs(in: playlist)  // from the daemon's stickers (B-H7)
            } else {
                return try playlistItems(name).map { MediaItem(id: 0, path: $0.path, title: "") }
            }
        } else if !arguments.words.isEmpty {
            return arguments.words.map {
                MediaItem.isStreamURL($0)
                    ? .stream(url: $0) : MediaItem(id: 0, path: LibraryPath.absolute($0), title: "")
            }
        } else if let choice = TagChoice(arguments) {
            return try choice.songs(on: player)
        } else if let album = arguments.value("album") {
            return try player.database.search(album).filter { TextMatch.contains($0.album, album) }
        } else if let artist = arguments.value("artist") {
            return try player.database.search(artist).filter {
                TextMatch.contains($0.artist, artist) || TextMatch.contains($0.albumArtist, artist)
            }
        } else if let query = arguments.value("search") {
            return try player.database.search(query)
        }
        return []
    }

    private static func line(for item: MediaItem, text: Localizer) -> String {
        let title = TerminalSafeText.make(item.title)
        guard let artist = item.artist else { return title }
        return text.string("play.titleByArtist", title, TerminalSafeText.make(artist))
    }

    /// The songs the arguments name: files given (as the library knows them, else read directly), else songs of
    /// the library by album, artist or search; with none of these, the saved queue (returned with its state), else
    /// the whole library.
    private func chooseItems(statePath: String) throws -> ([MediaItem], SavedPlayerState?) {
        if let name = arguments.value("playlist") { return (try playlistItems(name), nil) }
        if !arguments.words.isEmpty {
            let library = try? MusicLibrary()
            var items: [MediaItem] = []
            for word in arguments.words {
                if MediaItem.isStreamURL(word) {
                    items.append(.stream(url: word))
                    continue
                }
                let path = LibraryPath.absolute(word)
                if let known = try? library?.item(atPath: path) {
                    items.append(known)
                } else if let read = try? MediaItem.unindexed(path) {
                    items.append(read)
                } else {
                    // Not audio, or gone: the player skips it with a message that says why (B-F1).
                    items.append(MediaItem(id: 0, path: path, title: path.stem))
                }
            }
            return (items, nil)
        }
        let library = try MusicLibrary()
        var songs: [MediaItem]
        if let choice = TagChoice(arguments) {
            songs = try choice.songs(in: library)
        } else if let album = arguments.value("album") {
            songs = try library.search(album, limit: 10_000).filter { TextMatch.contains($0.album, album) }
            songs.sort {
                ($0.album ?? "", $0.discNumber ?? 1, $0.trackNumber ?? 0) < (
                    $1.album ?? "", $1.discNumber ?? 1, $1.trackNumber ?? 0
                )
            }
        } else if let artist = arguments.value("artist") {
            songs = try library.search(artist, limit: 10_000).filter {
                TextMatch.contains($0.artist, artist) || TextMatch.contains($0.albumArtist, artist)
            }
        } else if let query = arguments.value("search") {
            songs = try library.search(query, limit: 10_000)
        } else {
            if let saved = SavedState.load(from: statePath) {
                let items = try library.items(ids: saved.itemIDs)
                if !items.isEmpty { return (items, saved) }
            }
            songs = try library.songs(limit: 100_000)
        }
        return (songs, nil)
    }

    /// Records a play or a skip of `player` on a queue of its own: the write waits for the disk (the index's write
    /// lock, held by a scan for up to 10 s) or the daemon (its stickers, 3 s per step), and must not hold the status
    /// line or the end of the run, which share the events' queue. `flush(events)` lets the events already on
    /// `events`, then the records they asked for, finish as the command ends, after the keys and the status line
    /// are gone; it waits `flushPatience` seconds at most (a hung disk or daemon never holds the command's end), and
    /// says so when the records were not all written by then.
    private static func statisticsRecording(
        for player: some MusicPlayerController
    ) -> (record: @Sendable (MusicPlayerEvent) -> Void, flush: (DispatchQueue) -> Void) {
        let statistics = StatisticsRecorder(player: player, library: try? MusicLibrary())
        let recording = DispatchQueue(label: "addmusic.play.statistics")
        let record: @Sendable (MusicPlayerEvent) -> Void = { event in recording.async { try? statistics.record(event) }
        }
        return (
            record,
            { events in
                let written = DispatchSemaphore(value: 0)
                events.async { recording.async { written.signal() } }
                if written.wait(timeout: .now() + flushPatience) == .timedOut {
                    printError(Localizer.app.string("play.notRecorded"))
                }
            }
        )
    }

    /// How long the end of the command waits for the last plays and skips to be recorded: the index's write lock
    /// (10 s) and a little more.
    static let flushPatience = 12.0

    /// The songs of the playlist `name` (the user's own, else one in the music folders), in order, duplicates kept:
    /// the library's songs, files it does not hold (read directly), and missing files, which the player skips with
    /// a message (B-F1), and `http`/`https` streams (titled by their `#EXTINF` text). Other URLs and nested
    /// playlists are left out, each with a line that says so.
    private func playlistItems(_ name: String) throws -> [MediaItem] {
        let library = try MusicLibrary()
        // A smart playlist (B-H5), unless the user has a playlist of that name.
        if let smart = SmartPlaylist(name: name), !UserPlaylists().contains(name) {
            return try library.songs(in: smart)
        }
        let lookup = PlaylistLookup(roots: MusicFolders.resolve(flags: arguments.values("music-dir")), library: library)
        let found = try lookup.find(name)
        return try library.items(of: found.playlist, folder: found.folder).compactMap { item in
            switch item.target {
            case .song(let song): return song
            case .file(let path):
                return (try? MediaItem.unindexed(path)) ?? MediaItem(id: 0, path: path, title: path.stem)
            case .missing(let path): return MediaItem(id: 0, path: path, title: path.stem)
            case .stream(let url) where MediaItem.isStreamURL(url):
                return .stream(url: url, title: item.entry.title)
            case .stream(let url):
                printError(text.string("play.streamSkipped", TerminalSafeText.make(url)))
                return nil
            case .playlist(let path):
                printError(text.string("play.nestedSkipped", TerminalSafeText.make(path.description)))
                return nil
            }
        }
    }
}
