// Threads: the control plane runs on one serial queue ("addmusic.system-player"): commands are put in a list of
// waiting commands (behind a lock) and return at once; the queue takes them in order, sends them on the command
// connection and keeps the daemon's last known state. The waiting reads (for scripts and tests) enter it with
// `sync`. A thread of its own ("addmusic.mpd.idle") waits in `idle` on a second connection, hands each change to the
// queue, and reconnects with backoff when the daemon goes away. Covers are read on a third connection and queue
// (`MPDArtworkReader`, "addmusic.system-player.artwork"). Observers get events on the queues they chose.
import AudioEngine
import Dispatch
import FFmpegSupport
import Foundation
import MediaModel

/// The machine's shared music player: a music daemon spoken to over the MPD protocol. Its queue and state belong to
/// the daemon and are shared with every other client (mpc, ncmpcpp, phones); changes any client makes arrive as the
/// same events the application player sends.
// state on `control`; what other threads share behind locks
public final class SystemMusicPlayer: SettledPlayerReads, @unchecked Sendable {
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

    /// The daemon's address.
    public let address: MPDAddress
    /// The daemon's music folder, when it is shared with this machine: local files under it map to daemon URIs.
    public private(set) var musicDirectory: LibraryPath?
    let control = DispatchQueue(label: "addmusic.system-player")
    let feed = PlayerEventFeed()
    // On `control`:
    var connection: MPDConnection?
    var daemon = DaemonState()
    /// The queue as last read, with a version of our own (the daemon may reuse its numbers after a restart).
    var queueNow = QueueSnapshot()
    /// The snapshot of `daemon` as last taken, for `snapshot` from any thread.
    let published = Locked(PlayerSnapshot())
    /// Whether the daemon answered last time it was asked, for `isConnected` from any thread.
    private let availability = Locked(false)
    var available: Bool {
        get { availability.withLock { $0 } }
        set { availability.withLock { $0 = newValue } }
    }
    /// Set by `stop()`: the next `play()` starts the queue from its first item (B-P2).
    var stoppedFully = false
    /// The commands asked and not yet carried out, shared between the callers and `control`.
    final class CommandState: @unchecked Sendable {  // every stored property behind `lock`
        let lock = NSLock()
        var pending = PendingCommands()
        /// A run of `drainCommands()` is on `control` (queued or running) and will take every command added.
        var drainScheduled = false
        /// The daemon did not answer the last command: new ones wait for the retry (or the daemon's return).
        var waitingForDaemon = false
        /// Set by `shutDown()`: no more commands, no reconnecting.
        var isShut = false
        /// The command connection, for `shutDown()` to interrupt a wait in progress.
        var connection: MPDConnection?
    }
    let commands = CommandState()
    var isShut: Bool { commands.lock.withLock { commands.isShut } }
    /// On `control`: a retry of the waiting commands is scheduled.
    var retryScheduled = false
    /// On `control`: the pause before the next retry, growing while the daemon does not answer.
    var retryPause = minimumRetryPause
    static let minimumRetryPause = 0.25
    static let maximumRetryPause = 2.0
    let artworkReader: MPDArtworkReader
    /// The idle thread's state, shared with that thread (which holds the player only weakly).
    final class IdleState: @unchecked Sendable {  // every stored property behind `lock`
        let lock = NSLock()
        var connection: MPDConnection?
        var stopping = false
    }
    let idle = IdleState()
    /// On `control`: how much of the song playing was heard while this process watched (B-H7).
    var tally: PlayTally?
    /// On `control`: this process asked for the next song since the song playing began.
    var nextAsked = false
    /// On `control`: this process asked for a seek since the daemon's state was last read.
    var seekAsked = false
    /// Checks every second, on `control`, whether the song playing has counted as played.
    var tallyTimer: DispatchSourceTimer?

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
        artworkReader = MPDArtworkReader(address: address)
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
        let timer = DispatchSource.makeTimerSource(queue: control)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in self?.checkTally() }
        timer.resume()
        tallyTimer = timer
    }

    deinit {
        tallyTimer?.cancel()
        stopWatching()
    }

    /// Stops the idle thread, drops the waiting commands and closes the connections (a wait for the daemon in
    /// progress ends at once); the player does nothing afterwards. Any thread; returns at once.
    public func shutDown() {
        tallyTimer?.cancel()
        stopWatching()
        artworkReader.shutDown()
        let busy = commands.lock.withLock {
            commands.isShut = true
            commands.pending.removeAll()
            return commands.connection
        }
        busy?.interrupt()
        control.async { [self] in dropConnection() }
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

    /// Whether the daemon answered when last asked. At once, from any thread.
    public var isConnected: Bool { available }

    // MARK: State

    public var snapshot: PlayerSnapshot { published.withLock { $0 } }

    // The reads below are for scripts and tests: each waits for `control`, so for the commands asked before it (and
    // while the daemon does not answer, for at most one attempt of theirs: each step has a 3 s deadline). An
    // interface reads `snapshot` instead.

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

    public var volume: Double { control.sync { daemon.volume < 0 ? 1 : Double(daemon.volume) / 100 } }

    public func setVolume(_ level: Double) {
        guard !level.isNaN else { return }  // NaN changes nothing (it would otherwise read as 0: silence)
        enqueue(.volume(min(100, max(0, Int(clamping: level * 100, rounding: .toNearestOrAwayFromZero)))))
    }

    public var shuffleMode: ShuffleMode { control.sync { daemon.random ? .songs : .off } }

    public var repeatMode: RepeatMode {
        control.sync { daemon.repeats ? (daemon.single ? .one : .all) : .none }
    }

    /// Shuffles through the daemon's `random` mode. The daemon shuffles by songs only, so `.albums` shuffles songs.
    public func setShuffleMode(_ mode: ShuffleMode) { enqueue(.shuffle(mode != .off)) }

    /// Repeats through the daemon's `repeat` and `single` modes.
    public func setRepeatMode(_ mode: RepeatMode) { enqueue(.repeatMode(mode)) }

    // MARK: Commands

    // Every command returns at once: it joins the waiting commands (see `PendingCommands` for how they coalesce, so
    // that the last intent wins) and is carried out in order on `control`; what came of it arrives as events, a
    // refusal as `commandFailed` with the daemon's own words. While the daemon does not answer, the commands wait
    // for it and are carried out when it answers again.

    /// Sets the daemon's own ReplayGain mode (`replay_gain_mode`) to `mode`'s source; its preamp is the daemon's
    /// configuration (`replaygain_preamp`), which the protocol cannot set. Nil leaves the shared daemon's mode.
    public func setReplayGain(_ mode: ReplayGainMode?) {
        guard let mode else { return }
        enqueue(.replayGain(mode.source.rawValue))
    }

    /// Sets the daemon's own crossfade (`crossfade`, whole seconds; its MixRamp settings stay as its configuration
    /// has them). The daemon fades every border alike, the songs of one album too, and none shorter than 20 seconds.
    public func setCrossfade(_ seconds: Double) {
        enqueue(.crossfade(Int(clamping: PlaybackEngine.crossfade(seconds), rounding: .toNearestOrAwayFromZero)))
    }

    public func seek(to seconds: Double) { enqueue(.seek(MediaTime.position(seconds))) }

    public func setQueue(_ collection: MediaItemCollection) { enqueue(.setQueue(collection.items.map(uri(for:)))) }

    /// The daemon's queue replaced, then played: two commands carried out in order (the daemon's own stop between
    /// them is its own; the terminal and the window do not end with the daemon's music).
    public func setQueueAndPlay(_ collection: MediaItemCollection) {
        setQueue(collection)
        play()
    }

    /// Replaces the daemon's queue with `collection`, as `setQueue(_:)` does, and says why when it cannot. A long
    /// queue goes out in several command lists (see `MPDConnection.runList(_:)`) and arrives complete and in order.
    /// For scripts: on any thread, it waits for the player's queue, for the commands asked before it, and for the
    /// daemon (each step within its 3 s deadline).
    /// - Throws: `MPDError`: the daemon's refusal (`ack`, e.g. a song it does not have; the songs before it stay
    ///   queued) or the connection's failure (`disconnected`, `timeout`, `unreachable`).
    public func replaceQueue(with collection: MediaItemCollection) throws {
        let uris = collection.items.map(uri(for:))
        try control.sync {
            drainCommands()
            defer { try? refresh() }
            try withConnection { connection in
                stoppedFully = true
                try connection.runList([("clear", [])] + uris.map { ("add", [$0]) })
            }
        }
    }

    /// Takes the music over from the application player (B-P7): the daemon's queue becomes the handoff's, and its
    /// item plays (or waits paused) from where the music is when the command reaches the daemon. Songs it cannot
    /// reach must be left out first (`reachable(_:)`): the daemon refuses the whole from the first of them.
    public func takeOver(_ handoff: PlayerHandoff) { enqueue(.takeOver(handoff.items.map(uri(for:)), handoff)) }

    /// Adds after the queue's last item: the daemon keeps the song playing, its time and its state (B-A4).
    public func append(_ collection: MediaItemCollection) { enqueue(.append(collection.items.map(uri(for:)))) }

    public func insert(_ collection: MediaItemCollection, at index: Int) {
        enqueue(.insert(collection.items.map(uri(for:)), at: index))
    }

    public func removeItem(at index: Int) { enqueue(.remove(at: index)) }
    public func moveItem(from: Int, to: Int) { enqueue(.move(from: from, to: to)) }
    public func clearQueue() { enqueue(.clear) }
    public func play() { enqueue(.play) }
    public func pause() { enqueue(.pause) }
    public func stop() { enqueue(.stop) }
    public func skipToNextItem() { enqueue(.next) }
    public func skipToPreviousItem() { enqueue(.previous) }
    public func skipToBeginning() { enqueue(.seek(0)) }
    public func skip(toItemAt index: Int) { enqueue(.skip(toIndex: index)) }

    public func observe(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        feed.add(on: queue, handler)
    }

    public func observeEveryEvent(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        feed.add(on: queue, coalescing: false, handler)
    }

    /// The item's cover as a small JPEG: the picture embedded in its file (`readpicture`), else the cover file in
    /// its folder (`albumart`), else nil. Any thread: read on a connection of its own (never behind the commands), it
    /// waits at most 1 s (`MPDArtworkReader.patience`) and answers nil at once for a while after the daemon failed to
    /// answer; the covers of recent songs are kept.
    public func artwork(for item: MediaItem) -> [UInt8]? { artworkReader.artwork(uri: uri(for: item)) }

    /// The daemon's song database, for scripts and the picker: each read opens its own connection, so a slow one
    /// never holds the player's commands.
    public var database: MPDDatabase { MPDDatabase(address: address) }

    /// The daemon's URI for `item`: its own path when it came from the daemon (relative), else its path relative
    /// to the shared music folder, else a `file://` URI (which a local daemon plays for clients on its socket).
    /// The daemon's URI for `item` (as the player sends it to the daemon): where its statistics are kept (B-H7).
    public func daemonURI(for item: MediaItem) -> String { uri(for: item) }

    /// The file of `item` on this machine: its own path when absolute, else its URI under the daemon's music folder
    /// when that folder is known here; nil for a stream or a song of a folder not shared with this machine.
    public func localPath(for item: MediaItem) -> LibraryPath? {
        let path = item.path
        if path.bytes.first == UInt8(ascii: "/") { return path }
        guard let musicDirectory, !path.description.contains("://") else { return nil }
        return LibraryPath(bytes: musicDirectory.bytes + [UInt8(ascii: "/")] + path.bytes)
    }

    func uri(for item: MediaItem) -> String {
        let path = item.path
        guard path.bytes.first == UInt8(ascii: "/") else { return path.description }
        if let musicDirectory, path.isInside(musicDirectory) {
            return String(decoding: path.bytes.dropFirst(musicDirectory.bytes.count + 1), as: UTF8.self)
        }
        return "file://" + path.description
    }
}
