// Threads: the control plane runs on one serial queue ("addmusic.system-player"): public calls hop onto it, its
// commands go out on the command connection, and the daemon of the daemon's state lives there. A thread of its
// own ("addmusic.mpd.idle") waits in `idle` on a second connection, hands each change to the queue, and reconnects
// with backoff when the daemon goes away. Observers get events on the queues they chose.
import Dispatch
import FFmpegSupport
import Foundation
import MediaModel

/// The machine's shared music player: a music daemon spoken to over the MPD protocol. Its queue and state belong to
/// the daemon and are shared with every other client (mpc, ncmpcpp, phones); changes any client makes arrive as the
/// same events the application player sends.
public final class SystemMusicPlayer: MusicPlayerController, @unchecked Sendable {
    /// The daemon's state as last read.
    struct DaemonState: Equatable {
        var state = PlaybackState.stopped
        var songID: Int?
        var songPosition: Int?
        var elapsed = 0.0
        var readAt = Date()
        /// `readAt` as monotonic nanoseconds, for snapshots.
        var readAtUptime: UInt64 = 0
        var queue: [MediaItem] = []
        var playlistVersion = -1
        var random = false
        var repeats = false
        var single = false
        var volume = -1
    }

    let address: MPDAddress
    /// The daemon's music folder, when it is shared with this machine: local files under it map to daemon URIs.
    private(set) var musicDirectory: LibraryPath?
    let control = DispatchQueue(label: "addmusic.system-player")
    private let feed = PlayerEventFeed()
    // On `control`:
    var connection: MPDConnection?
    var daemon = DaemonState()
    /// The queue as last read, with a version of our own (the daemon may reuse its numbers after a restart).
    private var queueNow = QueueSnapshot()
    /// The snapshot of `daemon` as last taken, for `snapshot` from any thread.
    private let published = Locked(PlayerSnapshot())
    var available = false
    /// Set by `stop()`: the next `play()` starts the queue from its first item (B-P2).
    var stoppedFully = false
    /// Set by `shutDown()`: no more commands, no reconnecting.
    var isShut = false
    /// The idle thread's state, shared with that thread (which holds the player only weakly).
    private final class IdleState: @unchecked Sendable {
        let lock = NSLock()
        var connection: MPDConnection?
        var stopping = false
    }
    private let idle = IdleState()

    /// A player for the daemon at `address` (default: from `MPD_HOST`/`MPD_PORT` and the config file), whose music
    /// folder, if shared with this machine, is `musicDirectory` (default: the config file's `mpd-music-dir`, else
    /// what the daemon says when asked over its local socket). It connects at once (so its state is known when this
    /// returns, B-L4) and keeps reconnecting while the daemon is away (B-F4); it never fails to start.
    public init(
        address: MPDAddress = .configured(),
        musicDirectory: LibraryPath? = ConfigFile().byteValues("mpd-music-dir").last.flatMap {
            MusicFolders.root(configValue: $0)
        }
    ) {
        self.address = address
        self.musicDirectory = musicDirectory
        control.sync {
            if let connection = try? connect() {
                available = true
                if self.musicDirectory == nil,
                    let folder = try? connection.run("config").value(of: "music_directory")
                {
                    // Only local clients (on the daemon's socket) are told its folder.
                    self.musicDirectory = LibraryPath(folder)
                }
                try? refresh()
            }
        }
        let thread = Thread { [weak self, idle, address] in
            Self.watchForChanges(of: self, state: idle, address: address)
        }
        thread.name = "addmusic.mpd.idle"
        thread.start()
    }

    deinit { stopWatching() }

    /// Stops the idle thread and closes the connections; the player does nothing afterwards.
    public func shutDown() {
        stopWatching()
        control.sync {
            isShut = true
            connection = nil
        }
    }

    private func stopWatching() {
        let waiting = idle.lock.withLock {
            idle.stopping = true
            return idle.connection
        }
        waiting?.interrupt()
    }

    /// Where the daemon is expected, for messages.
    public var addressDescription: String { address.description }

    /// Whether the daemon answers now.
    public var isConnected: Bool { control.sync { available } }

    // MARK: State

    public var snapshot: PlayerSnapshot { published.withLock { $0 } }

    public var playbackState: PlaybackState { control.sync { daemon.state } }
    public var nowPlayingItem: MediaItem? { control.sync { Self.nowPlaying(in: daemon) } }
    public var queue: [MediaItem] { control.sync { daemon.queue } }

    public var currentPlaybackTime: Double {
        control.sync {
            guard daemon.songPosition != nil else { return 0 }
            let running = daemon.state == .playing ? Date().timeIntervalSince(daemon.readAt) : 0
            return daemon.elapsed + running
        }
    }

    public var volume: Double {
        get { control.sync { daemon.volume < 0 ? 1 : Double(daemon.volume) / 100 } }
        set {
            guard !newValue.isNaN else { return }  // NaN changes nothing (it would otherwise read as 0: silence)
            let level = min(100, max(0, Int(clamping: newValue * 100, rounding: .toNearestOrAwayFromZero)))
            command { try $0.run("setvol", [String(level)]) }
        }
    }

    public var shuffleMode: ShuffleMode { control.sync { daemon.random ? .songs : .off } }

    public var repeatMode: RepeatMode {
        control.sync { daemon.repeats ? (daemon.single ? .one : .all) : .none }
    }

    /// Shuffles through the daemon's `random` mode. The daemon shuffles by songs only, so `.albums` shuffles songs.
    public func setShuffleMode(_ mode: ShuffleMode) { command { try $0.run("random", [mode == .off ? "0" : "1"]) } }

    /// Repeats through the daemon's `repeat` and `single` modes.
    public func setRepeatMode(_ mode: RepeatMode) {
        command {
            try $0.runList([("repeat", [mode == .none ? "0" : "1"]), ("single", [mode == .one ? "1" : "0"])])
        }
    }

    // MARK: Commands

    /// Sets the daemon's own ReplayGain mode (`replay_gain_mode`) to `mode`'s source; its preamp is the daemon's
    /// configuration (`replaygain_preamp`), which the protocol cannot set. Nil leaves the shared daemon's mode.
    public func setReplayGain(_ mode: ReplayGainMode?) {
        guard let mode else { return }
        command { try $0.run("replay_gain_mode", [mode.source.rawValue]) }
    }

    public func seek(to seconds: Double) {
        command { try $0.run("seekcur", [String(format: "%.3f", MediaTime.position(seconds))]) }
    }

    public func setQueue(_ collection: MediaItemCollection) {
        do { try replaceQueue(with: collection) } catch { reportFailure(error) }
    }

    /// Replaces the daemon's queue with `collection`, as `setQueue(_:)` does, and says why when it cannot. A long
    /// queue goes out in several command lists (see `MPDConnection.runList(_:)`) and arrives complete and in order.
    /// On any thread (it waits for the player's queue).
    /// - Throws: `MPDError`: the daemon's refusal (`ack`, e.g. a song it does not have; the songs before it stay
    ///   queued) or the connection's failure (`disconnected`, `timeout`, `unreachable`).
    public func replaceQueue(with collection: MediaItemCollection) throws {
        let uris = collection.items.map(uri(for:))
        try commandReportingErrors { connection in
            stoppedFully = true
            try connection.runList([("clear", [])] + uris.map { ("add", [$0]) })
        }
    }

    /// Adds after the queue's last item: the daemon keeps the song playing, its time and its state (B-A4).
    public func append(_ collection: MediaItemCollection) {
        let uris = collection.items.map(uri(for:))
        command { try $0.runList(uris.map { ("add", [$0]) }) }
    }

    public func insert(_ collection: MediaItemCollection, at index: Int) {
        let uris = collection.items.map(uri(for:))
        command { connection in
            let at = min(max(0, index), daemon.queue.count)
            try connection.runList(uris.enumerated().map { ("addid", [$1, String(at + $0)]) })
        }
    }

    public func removeItem(at index: Int) {
        command { connection in
            guard daemon.queue.indices.contains(index) else { return }
            _ = try connection.run("delete", [String(index)])
        }
    }

    public func play() {
        command { connection in
            switch daemon.state {
            case .playing: return
            case .paused, .interrupted: _ = try connection.run("pause", ["0"])
            default:
                guard !daemon.queue.isEmpty else { return }
                _ = try connection.run("play", stoppedFully ? ["0"] : [])
                stoppedFully = false
            }
        }
    }

    public func pause() {
        command { connection in
            guard daemon.state == .playing else { return }
            _ = try connection.run("pause", ["1"])
        }
    }

    public func stop() {
        command { connection in
            stoppedFully = true
            guard daemon.state != .stopped else { return }
            _ = try connection.run("stop")
        }
    }

    public func skipToNextItem() { command { _ = try $0.run("next") } }
    public func skipToPreviousItem() { command { _ = try $0.run("previous") } }
    public func skipToBeginning() { command { _ = try $0.run("seekcur", ["0"]) } }

    public func skip(toItemAt index: Int) {
        command { connection in
            guard daemon.queue.indices.contains(index) else { return }
            _ = try connection.run("play", [String(index)])
            stoppedFully = false
        }
    }

    public func observe(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        feed.add(on: queue, handler)
    }

    /// The item's cover as a small JPEG: the picture embedded in its file (`readpicture`), else the cover file in
    /// its folder (`albumart`), else nil.
    public func artwork(for item: MediaItem) -> [UInt8]? {
        let uri = uri(for: item)
        return control.sync { () -> [UInt8]? in
            for name in ["readpicture", "albumart"] {
                do {
                    let picture = try withConnection { try $0.binary(name, uri: uri) }
                    if let picture { return ArtworkThumbnail.make(from: picture) }
                } catch MPDError.ack {
                    continue  // the daemon has none of this kind
                } catch {
                    return nil
                }
            }
            return nil
        }
    }

    /// Songs of the daemon's own database whose tags or file name contain `text` (its `search any`), for a picker
    /// in system-player mode: these are items the daemon can play.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func searchDatabase(_ text: String) throws -> [MediaItem] {
        try control.sync { MPDSong.items(from: try withConnection { try $0.run("search", ["any", text]) }) }
    }

    /// The albums of the daemon's database, sorted as it sorts them.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func databaseAlbums() throws -> [String] { try list("album") }

    /// The artists of the daemon's database.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func databaseArtists() throws -> [String] { try list("artist") }

    /// The songs of album `album` in the daemon's database (an exact match, as its `find` does).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func databaseSongs(album: String) throws -> [MediaItem] { try find("album", album) }

    /// The songs of artist `artist` in the daemon's database.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func databaseSongs(artist: String) throws -> [MediaItem] { try find("artist", artist) }

    private func list(_ tag: String) throws -> [String] {
        try control.sync { try withConnection { try $0.run("list", [tag]) }.map(\.value).filter { !$0.isEmpty } }
    }

    private func find(_ tag: String, _ value: String) throws -> [MediaItem] {
        try control.sync { MPDSong.items(from: try withConnection { try $0.run("find", [tag, value]) }) }
    }

    /// The daemon's URI for `item`: its own path when it came from the daemon (relative), else its path relative
    /// to the shared music folder, else a `file://` URI (which a local daemon plays for clients on its socket).
    func uri(for item: MediaItem) -> String {
        let path = item.path
        guard path.bytes.first == UInt8(ascii: "/") else { return path.description }
        if let musicDirectory, path.isInside(musicDirectory) {
            return String(decoding: path.bytes.dropFirst(musicDirectory.bytes.count + 1), as: UTF8.self)
        }
        return "file://" + path.description
    }

    // MARK: On the control queue

    /// Runs `body` with the command connection (connecting if needed), then reads the daemon's state and sends
    /// what changed. A daemon that is away leaves the command undone; the idle thread reports it and reconnects.
    private func command(_ body: (MPDConnection) throws -> Void) {
        do { try commandReportingErrors(body) } catch { reportFailure(error) }
    }

    /// Tells observers why a command failed, unless the daemon is simply away (the idle thread reports that).
    private func reportFailure(_ error: any Error) {
        switch error as? MPDError {
        case .disconnected?, .unreachable?: return
        default: emit(.commandFailed(message: String(describing: error)))
        }
    }

    /// As `command(_:)`, and throws what `body` threw (after reading the daemon's state all the same).
    private func commandReportingErrors(_ body: (MPDConnection) throws -> Void) throws {
        try control.sync {
            defer { try? refresh() }
            try withConnection(body)
        }
    }

    /// On `control`: runs `body` with the command connection, connecting first if needed. Any failure but a
    /// refusal (`ACK`) leaves the connection out of step with its replies, so it is dropped.
    func withConnection<T>(_ body: (MPDConnection) throws -> T) throws -> T {
        guard !isShut else { throw MPDError.disconnected }
        let connection = try self.connection ?? connect()
        do {
            return try body(connection)
        } catch let error as MPDError {
            if case .ack = error {} else { dropConnection() }
            throw error
        }
    }

    @discardableResult
    func connect() throws -> MPDConnection {
        let made = try MPDConnection(address: address)
        connection = made
        return made
    }

    func dropConnection() {
        connection = nil
    }

    /// Reads status (and the queue when its version moved) and sends the events for what changed.
    func refresh() throws {
        let status = MPDStatus(try withConnection { try $0.run("status") })
        var next = daemon
        next.state = status.state
        next.songID = status.songID
        next.songPosition = status.songPosition
        next.elapsed = status.elapsed ?? 0
        next.readAt = Date()
        next.readAtUptime = DispatchTime.now().uptimeNanoseconds
        next.random = status.random
        next.repeats = status.repeats
        next.single = status.single
        next.volume = status.volume ?? -1
        let version = status.playlistVersion ?? -1
        if version != daemon.playlistVersion {
            next.queue = try readQueue(length: status.playlistLength)
            next.playlistVersion = version
        }
        let previous = daemon
        daemon = next
        if next.playlistVersion != previous.playlistVersion { queueNow = queueNow.replaced(by: next.queue) }
        publish()
        if next.playlistVersion != previous.playlistVersion { emit(.queueChanged) }
        let item = Self.nowPlaying(in: next)
        if item != Self.nowPlaying(in: previous) || next.songID != previous.songID && item != nil {
            emit(.nowPlayingItemChanged(item))
        }
        if next.state != previous.state { emit(.playbackStateChanged(next.state)) }
        if (next.random, next.repeats, next.single, next.volume)
            != (previous.random, previous.repeats, previous.single, previous.volume)
        {
            emit(.settingsChanged)
        }
        if next.songID == previous.songID, next.songID != nil, Self.hasJumped(from: previous, to: next) {
            emit(.positionChanged)
        }
    }

    /// Whether the elapsed time of `next` is not where playing on from `previous` would have brought it.
    private static func hasJumped(from previous: DaemonState, to next: DaemonState) -> Bool {
        let ran = previous.state == .playing ? next.readAt.timeIntervalSince(previous.readAt) : 0
        return abs(next.elapsed - (previous.elapsed + ran)) > 1
    }

    /// On `control`: makes the daemon's state as last read what `snapshot` answers.
    private func publish() {
        var now = PlayerSnapshot()
        now.state = daemon.state
        now.queue = queueNow
        now.nowPlayingIndex = Self.nowPlaying(in: daemon) == nil ? nil : daemon.songPosition
        now.position = daemon.songPosition == nil ? 0 : daemon.elapsed
        now.positionReadAt = daemon.readAtUptime
        now.shuffleMode = daemon.random ? .songs : .off
        now.repeatMode = daemon.repeats ? (daemon.single ? .one : .all) : .none
        now.volume = daemon.volume < 0 ? 1 : Double(daemon.volume) / 100
        published.withLock { $0 = now }
    }

    /// On `control`: sends `event` with the snapshot now.
    private func emit(_ event: MusicPlayerEvent) { feed.send(event, snapshot: published.withLock { $0 }) }

    /// The songs read from the queue at once; a queue is read in windows of this many (a whole long queue in one
    /// reply could pass the daemon's own `max_output_buffer_size`, 8 MiB by default, and it would close the
    /// connection).
    static let queueWindow = 2048
    /// The longest queue read: 200,000 songs (the daemon's default `max_playlist_length` is 16,384), some 50 MB as
    /// media items.
    static let maximumQueue = 200_000

    /// On `control`: the daemon's queue, window by window, up to `length` songs (when the status said) or the
    /// first short window.
    private func readQueue(length: Int?) throws -> [MediaItem] {
        guard let length else {
            return MPDSong.items(from: try withConnection { try $0.run("playlistinfo") }, limit: Self.maximumQueue)
        }
        var items: [MediaItem] = []
        while items.count < min(length, Self.maximumQueue) {
            let range = "\(items.count):\(items.count + Self.queueWindow)"
            // A window is read into at most the songs it asked for, whatever the daemon sends.
            let window = MPDSong.items(
                from: try withConnection { try $0.run("playlistinfo", [range]) }, limit: Self.queueWindow)
            items += window
            if window.count < Self.queueWindow { break }
        }
        return items
    }

    /// The item playing or paused: the daemon's current song, unless it is stopped.
    static func nowPlaying(in daemon: DaemonState) -> MediaItem? {
        guard daemon.state != .stopped, let position = daemon.songPosition,
            daemon.queue.indices.contains(position)
        else { return nil }
        return daemon.queue[position]
    }

    // MARK: Idle thread

    /// The idle thread's loop: waits for changes on a connection of its own and hands each to the player's queue;
    /// when the daemon is away, says so once and tries again with a growing pause (0.1 s up to 2 s). Holds the
    /// player only for each hand-over, so a player let go ends the thread.
    private static func watchForChanges(of weakPlayer: SystemMusicPlayer?, state: IdleState, address: MPDAddress) {
        weak let player = weakPlayer
        var backoff = 0.1
        while !state.lock.withLock({ state.stopping }) {
            do {
                let waiting = try MPDConnection(address: address)
                let proceed = state.lock.withLock {
                    if !state.stopping { state.connection = waiting }
                    return !state.stopping
                }
                guard proceed else { return }
                // Each hand-over holds the player only for its own length, never across the wait below.
                if let owner = player { owner.control.sync { owner.daemonAnswered() } } else { return }
                while true {
                    _ = try waiting.idle(["player", "playlist", "options", "mixer", "database", "update"])
                    backoff = 0.1  // the daemon answers in full: a later loss starts the pauses afresh
                    if let owner = player { owner.control.sync { try? owner.refresh() } } else { return }
                }
            } catch {
                state.lock.withLock { state.connection = nil }
                if state.lock.withLock({ state.stopping }) { return }
                if let owner = player { owner.control.sync { owner.daemonWentAway() } } else { return }
                Thread.sleep(forTimeInterval: backoff)
                backoff = min(backoff * 2, 2)
            }
        }
    }

    /// On `control`: the daemon answers (again); read its state afresh and tell what changed.
    private func daemonAnswered() {
        if connection == nil { _ = try? connect() }
        do { try refresh() } catch { dropConnection() }
        if !available {
            available = true
            emit(.audioServerAvailable)
        }
    }

    /// On `control`: the daemon is away; say so once.
    private func daemonWentAway() {
        dropConnection()
        daemon.playlistVersion = -1  // a daemon that comes back may reuse the number for another queue
        if available {
            available = false
            emit(.audioServerUnavailable)
        }
    }
}
