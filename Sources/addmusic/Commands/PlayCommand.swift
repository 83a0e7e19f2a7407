import AddMusicCore
import AudioEngine
import Foundation
import MediaControls
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic play [--album TEXT | --artist TEXT | --genre TEXT | --composer TEXT | --search TEXT | --playlist NAME |
/// FILE|URL…] [--output pulse|null|wav:PATH] [--eq PRESET|off] [--crossfade SECONDS]`: a terminal player on the application player, through the window's
/// app controller (`TerminalPlayer`: a one-line status and keys, space play/pause, s stop, n next, p previous, ←/→
/// seek 10 s, q quit). The queue, item and position
/// are saved as it plays; with nothing chosen, the last queue resumes where it was left (B-F3), else the whole
/// library plays. An `http`/`https` URL (given, or in a playlist) plays as a stream, its titles shown as they
/// change. Not on a terminal, it prints a line per song (and per stream title) and ends when the music does.
struct PlayCommand {
    let arguments: Arguments
    let text = Localizer.app

    @MainActor
    func run() throws -> Int32 {
        let preferences = try Preferences(playerFlag: arguments.value("player"))
        let sleep = try chosenSleep()
        let equalizer = try chosenEqualizer(among: preferences.equalizerPresets)
        // `--crossfade` for this run, else the one the preferences keep.
        let crossfade = try chosenCrossfade() ?? preferences.crossfade
        if preferences.playerKind == .system {
            // `--eq off` asks for what the daemon does anyway; a preset it cannot play.
            if case .some(.some) = equalizer { throw CommandError.failure(text.string("play.eqOnDaemon")) }
            return try runOnSystemPlayer(preferences, crossfade: crossfade, sleep: sleep)
        }
        let statePath = SavedPlayerState.defaultPath
        let (items, saved) = try chooseItems(statePath: statePath)
        guard !items.isEmpty else {
            printError(text.string("play.nothing"))
            return 1
        }
        let player = try ApplicationMusicPlayer(
            output: try OutputChoice.make(arguments), statePath: statePath, outputFormat: preferences.outputFormat)
        player.setReplayGain(preferences.replayGain)
        // `--eq` for this run, else the one the preferences keep.
        player.setEqualizer(equalizer ?? preferences.chosenEqualizer)
        player.setCrossfade(crossfade ?? 0)
        if let saved { player.restore(saved, items: items) }
        let library = try? MusicLibrary()
        // The window's controller, for the terminal: it records plays and skips (B-H1, B-H2) and tells each song.
        // The terminal plays no app sound: its session only carries the controller's (unused) session events.
        let session = AudioSession(events: DispatchQueue(label: "addmusic.session"))
        let controller = AppController(
            player: player, session: session, library: library, preferences: preferences, text: text,
            front: .terminal)
        let terminal = TerminalPlayer(controller: controller, text: text, endsWithTheMusic: true)
        controller.start()
        if saved != nil {
            controller.play()  // the saved queue plays on where it was left (B-F3)
        } else {
            controller.playQueue(items)
        }
        if let sleep { controller.startSleep(sleep) }
        let controls = DesktopControls.publish(
            player, library: library, roots: MusicFolders.resolve(flags: arguments.values("music-dir")), raise: nil
        ) {
            DispatchQueue.main.async { MainActor.assumeIsolated { terminal.end() } }
        }
        terminal.run { player.shutDown() }
        controls?.close()
        return 0
    }

    /// The equalizer `--eq PRESET` names among the built-in presets and the user's `presets`: nil without the
    /// option, `.some(nil)` for `off`.
    /// - Throws: `CommandError.failure` naming the presets when it names none.
    private func chosenEqualizer(among presets: [EqualizerPreset]) throws -> Equalizer?? {
        guard let name = arguments.value("eq") else { return nil }
        if name.lowercased() == "off" { return .some(nil) }
        guard let preset = EqualizerChoice(name: name).equalizer(among: presets) else {
            let names = (Equalizer.presets.map(\.name) + presets.map(\.name)).map(TerminalSafeText.make)
            throw CommandError.failure(
                text.string("play.eqUnknown", TerminalSafeText.make(name), names.joined(separator: ", ")))
        }
        return preset
    }

    /// The sleep timer `--sleep 30m|90s|1h|song|queue` asks for (B-P11): nil without the option.
    /// - Throws: `CommandError.failure` when it names none.
    private func chosenSleep() throws -> SleepPlan? {
        guard let value = arguments.value("sleep") else { return nil }
        guard let plan = SleepPlan(text: value) else {
            throw CommandError.failure(text.string("play.sleepInvalid", TerminalSafeText.make(value)))
        }
        return plan
    }

    /// The seconds `--crossfade SECONDS` names (0–12; 0: none): nil without the option.
    /// - Throws: `CommandError.failure` when it is not a number of seconds within 0–12.
    private func chosenCrossfade() throws -> Double? {
        guard let value = arguments.value("crossfade") else { return nil }
        guard let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds <= PlaybackEngine.longestCrossfade
        else { throw CommandError.failure(text.string("play.crossfadeInvalid", TerminalSafeText.make(value))) }
        return seconds
    }

    /// `--player system` (or `player = system` in the config file): the queue goes to the music daemon, from its own
    /// database (by album, artist, genre, composer or search) or from files it shares; with nothing chosen, its queue plays on. On a
    /// terminal, the status line and keys drive it until q, and the daemon plays on afterwards; otherwise the command
    /// names what plays and ends.
    @MainActor
    private func runOnSystemPlayer(_ preferences: Preferences, crossfade: Double?, sleep: SleepPlan?) throws -> Int32 {
        let player = SystemMusicPlayer()
        guard player.isConnected else {
            player.shutDown()
            throw CommandError.failure(text.string("play.noDaemon", player.addressDescription))
        }
        player.setReplayGain(preferences.replayGain)
        if let crossfade { player.setCrossfade(crossfade) }
        do {
            try fillDaemonQueue(of: player)
        } catch {
            player.shutDown()
            throw error
        }
        guard !player.queue.isEmpty else {
            player.shutDown()
            printError(text.string("play.nothing"))
            return 1
        }
        // Not on a terminal the command ends at once and the daemon plays on; with a sleep timer it stays until then.
        guard isatty(STDOUT_FILENO) != 0 || sleep != nil else {
            player.play()
            if let item = player.nowPlayingItem { print(TerminalPlayer.line(for: item, text: text)) }
            player.shutDown()
            return 0
        }
        let library = try? MusicLibrary()
        // Plays and skips heard while this command runs are recorded (the daemon's stickers, else the library, B-H7).
        let session = AudioSession(events: DispatchQueue(label: "addmusic.session"))
        let controller = AppController(
            player: player, playerKind: .system, session: session, library: library, preferences: preferences,
            text: text, front: .terminal)
        let terminal = TerminalPlayer(controller: controller, text: text, endsWithTheMusic: false)
        controller.start()
        controller.play()
        if let sleep { controller.startSleep(sleep) }
        let controls = DesktopControls.publish(
            player, library: library, roots: MusicFolders.resolve(flags: arguments.values("music-dir")), raise: nil
        ) {
            DispatchQueue.main.async { MainActor.assumeIsolated { terminal.end() } }
        }
        terminal.run { player.shutDown() }
        controls?.close()
        return 0
    }

    /// Hands the daemon the songs the arguments name, when they name any (else its queue plays on as it is).
    private func fillDaemonQueue(of player: SystemMusicPlayer) throws {
        let items = try daemonChoice(on: player)
        guard !items.isEmpty else { return }
        do {
            try player.replaceQueue(with: MediaItemCollection(items: items))
        } catch {
            // The daemon's own words (a song it does not have, a connection it closed), not "nothing to play".
            throw CommandError.failure(
                text.string(
                    "play.daemonFailed", player.addressDescription, TerminalSafeText.make(String(describing: error))))
        }
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
            } else if SmartPlaylists().contains(name), !UserPlaylists().contains(name),
                (try? smart.isAvailable()) == true
            {
                return try smart.songs(named: name)  // from the daemon's stickers (B-H7, B-H9)
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
                } else if let tracks = try? library?.cueTracks(of: path), !tracks.isEmpty {
                    items += tracks  // a cue sheet, or the file its tracks are of (B-I7)
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

    /// The songs of the playlist `name` (the user's own, else one in the music folders), in order, duplicates kept:
    /// the library's songs, files it does not hold (read directly), and missing files, which the player skips with
    /// a message (B-F1), and `http`/`https` streams (titled by their `#EXTINF` text). Other URLs and nested
    /// playlists are left out, each with a line that says so.
    private func playlistItems(_ name: String) throws -> [MediaItem] {
        let library = try MusicLibrary()
        // A smart playlist (B-H5, B-H9), unless the user has a playlist of that name.
        let smart = SmartPlaylists()
        if smart.contains(name), !UserPlaylists().contains(name) {
            return try library.songs(matching: try smart.rules(of: name))
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
