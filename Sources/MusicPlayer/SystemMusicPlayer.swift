// Threads: the control plane runs on one serial queue ("addmusic.system-player"): commands are put in a list of
// waiting commands (behind a lock) and return at once; the queue takes them in order, sends them on the command
// connection and keeps the daemon's last known state. The waiting reads (for scripts and tests) enter it with
// `sync`. A thread of its own ("addmusic.mpd.idle") waits in `idle` on a second connection, hands each change to the
// queue, and reconnects with backoff when the daemon goes away. Covers are read on a third connection and queue
// (`MPDArtworkReader`, "addmusic.system-player.artwork"). Observers get events on the queues they chose.
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

    /// The daemon's address.
    public let address: MPDAddress
    /// The daemon's music folder, when it is shared with this machine: local files under it map to daemon URIs.
    public private(set) var musicDirectory: LibraryPath?
    let control = DispatchQueue(label: "addmusic.system-player")
    private let feed = PlayerEventFeed()
    // On `control`:
    var connection: MPDConnection?
    var daemon = DaemonState()
    /// The queue as last read, with a version of our own (the daemon may reuse its numbers after a restart).
    private var queueNow = QueueSnapshot()
    /// The snapshot of `daemon` as last taken, for `snapshot` from any thread.
    private let published = Locked(PlayerSnapshot())
    /// Whether the daemon answered last time it was asked, for `isConnected` from any thread.
    private let availability = Locked(false)
    var available: Bool {
        get { availability.withLock { $0 } }
        set { availability.withLock { $0 = newValue } }
    }
    /// Set by `stop()`: the next `play()` starts the queue from its first item (B-P2).
    var stoppedFully = false
    /// The commands asked and not yet carried out, shared between the callers and `control`.
    private final class CommandState: @unchecked Sendable {
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
    private let commands = CommandState()
    var isShut: Bool { commands.lock.withLock { commands.isShut } }
    /// On `control`: a retry of the waiting commands is scheduled.
    private var retryScheduled = false
    /// On `control`: the pause before the next retry, growing while the daemon does not answer.
    private var retryPause = minimumRetryPause
    static let minimumRetryPause = 0.25
    static let maximumRetryPause = 2.0
    private let artworkReader: MPDArtworkReader
    /// The idle thread's state, shared with that thread (which holds the player only weakly).
    private final class IdleState: @unchecked Sendable {
        let lock = NSLock()
        var connection: MPDConnection?
        var stopping = false
    }
    private let idle = IdleState()
    /// On `control`: how much of the song playing was heard while this process watched (B-H7).
    var tally: PlayTally?
    /// On `control`: this process asked for the next song since the song playing began.
    var nextAsked = false
    /// On `control`: this process asked for a seek since the daemon's state was last read.
    var seekAsked = false
    /// Checks every second, on `control`, whether the song playing has counted as played.
    private var tallyTimer: DispatchSourceTimer?

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

    public var volume: Double {
        get { control.sync { daemon.volume < 0 ? 1 : Double(daemon.volume) / 100 } }
        set {
            guard !newValue.isNaN else { return }  // NaN changes nothing (it would otherwise read as 0: silence)
            enqueue(.volume(min(100, max(0, Int(clamping: newValue * 100, rounding: .toNearestOrAwayFromZero)))))
        }
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

    public func seek(to seconds: Double) { enqueue(.seek(MediaTime.position(seconds))) }

    public func setQueue(_ collection: MediaItemCollection) { enqueue(.setQueue(collection.items.map(uri(for:)))) }

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

    // MARK: On the control queue

    /// Any thread: adds `command` to the waiting ones and, unless a run is on its way (or the commands wait for the
    /// daemon's return), schedules one on `control`.
    private func enqueue(_ command: SystemCommand) {
        let schedule = commands.lock.withLock {
            guard !commands.isShut else { return false }
            commands.pending.add(command)
            guard !commands.drainScheduled, !commands.waitingForDaemon else { return false }
            commands.drainScheduled = true
            return true
        }
        if schedule { control.async { [self] in drainCommands() } }
    }

    /// On `control`: the oldest waiting command, or nil (and no run scheduled any more) when there is none.
    private func takeCommand() -> SystemCommand? {
        commands.lock.withLock {
            if let command = commands.pending.takeFirst() { return command }
            commands.drainScheduled = false
            return nil
        }
    }

    /// On `control`: carries out the waiting commands in order, reading the daemon's state after each and sending
    /// what changed. A refusal, or a reply that breaks the protocol, is told (`commandFailed`, the daemon's words) and
    /// the next command goes on. When the daemon does not answer (a deadline passed, the connection closed or
    /// refused), the player says so once (`audioServerUnavailable`); the command is kept if sending it again is safe
    /// (else told as failed) and the rest wait for a retry, after a pause that grows from 0.25 s to 2 s, or at once
    /// when the idle thread sees the daemon back.
    private func drainCommands() {
        while let command = takeCommand() {
            guard !isShut else { continue }
            // How far it went: not sent (safe to send again), sent without an answer, or carried out.
            var progress = CommandProgress.unsent
            do {
                let connection = try commandConnection()
                progress = .sent
                try run(command, on: connection)
                progress = .done
                try refresh()
                daemonAnswersCommands()
            } catch let error as MPDError {
                switch error {
                case .ack, .malformed, .replyTooLarge, .unsendable:
                    emit(.commandFailed(message: String(describing: error)))
                    try? refresh()
                case .timeout, .disconnected, .unreachable:
                    dropConnection()
                    let repeatable = progress == .unsent || progress == .sent && command.isSafeToRepeat
                    if progress == .sent && !repeatable { emit(.commandFailed(message: String(describing: error))) }
                    waitForDaemon(keeping: repeatable ? command : nil)
                    return
                }
            } catch {
                emit(.commandFailed(message: String(describing: error)))
            }
        }
    }

    private enum CommandProgress { case unsent, sent, done }

    /// On `control`: a command went through; if the daemon had stopped answering, say it is back.
    private func daemonAnswersCommands() {
        retryPause = Self.minimumRetryPause
        guard !available else { return }
        available = true
        emit(.audioServerAvailable)
    }

    /// On `control`: puts `command` back before the waiting ones, stops taking commands until the retry, and
    /// schedules it.
    private func waitForDaemon(keeping command: SystemCommand?) {
        if available {
            available = false
            emit(.audioServerUnavailable)
        }
        commands.lock.withLock {
            if let command { commands.pending.putBack(command) }
            commands.waitingForDaemon = !commands.pending.isEmpty
            commands.drainScheduled = false
        }
        guard !retryScheduled, !isShut else { return }
        retryScheduled = true
        let pause = retryPause
        retryPause = min(retryPause * 2, Self.maximumRetryPause)
        control.asyncAfter(deadline: .now() + pause) { [weak self] in self?.retryCommands() }
    }

    /// On `control`: tries the waiting commands again; with none, asks the daemon whether it answers again, until
    /// it does (a daemon stopped and resumed may send the idle thread nothing).
    private func retryCommands() {
        retryScheduled = false
        let (run, idle) = commands.lock.withLock {
            commands.waitingForDaemon = false
            guard !commands.drainScheduled, !commands.isShut else { return (false, false) }
            commands.drainScheduled = true
            return (true, commands.pending.isEmpty)
        }
        guard run else { return }
        if idle && !available {
            do {
                if connection == nil { _ = try commandConnection() } else { try refresh() }
                daemonAnswersCommands()
            } catch {
                dropConnection()
                waitForDaemon(keeping: nil)
                return
            }
        }
        drainCommands()
    }

    /// On `control`: the command connection; a new one reads the daemon's state first, so that a command is judged
    /// (play or resume, an index in range) against the daemon as it is now, not as it was before it went away.
    private func commandConnection() throws -> MPDConnection {
        if let connection { return connection }
        let made = try connect()
        try refresh()
        return made
    }

    /// On `control`: sends `command`, judged against the daemon's state as last read.
    /// - Throws: `MPDError`: a refusal, or the connection's failure.
    private func run(_ command: SystemCommand, on connection: MPDConnection) throws(MPDError) {
        switch command {
        case .play:
            switch daemon.state {
            case .playing: return
            case .paused, .interrupted: try connection.run("pause", ["0"])
            default:
                guard !daemon.queue.isEmpty else { return }
                try connection.run("play", stoppedFully ? ["0"] : [])
                stoppedFully = false
            }
        case .pause:
            guard daemon.state == .playing else { return }
            try connection.run("pause", ["1"])
        case .stop:
            stoppedFully = true
            guard daemon.state != .stopped else { return }
            try connection.run("stop")
        case .seek(let seconds):
            try connection.run("seekcur", [String(format: "%.3f", seconds)])
            seekAsked = true
        case .next:
            try connection.run("next")
            nextAsked = true
        case .previous: try connection.run("previous")
        case .skip(let index):
            guard daemon.queue.indices.contains(index) else { return }
            try connection.run("play", [String(index)])
            stoppedFully = false
        case .setQueue(let uris):
            stoppedFully = true
            try connection.runList([("clear", [])] + uris.map { ("add", [$0]) })
        case .takeOver(let uris, let handoff):
            stoppedFully = handoff.index == nil
            var list: [(String, [String])] = [("clear", [])] + uris.map { ("add", [$0]) }
            if let index = handoff.index {
                // One list: the daemon starts at the time (a seek from stopped plays), and pauses at once if asked.
                let seconds = handoff.position()
                list.append(
                    seconds > 0
                        ? ("seek", [String(index), String(format: "%.3f", seconds)]) : ("play", [String(index)]))
                if !handoff.playing { list.append(("pause", ["1"])) }
            }
            try connection.runList(list)
        case .append(let uris): try connection.runList(uris.map { ("add", [$0]) })
        case .insert(let uris, let index):
            let at = min(max(0, index), daemon.queue.count)
            try connection.runList(uris.enumerated().map { ("addid", [$1, String(at + $0)]) })
        case .remove(let index):
            guard daemon.queue.indices.contains(index) else { return }
            try connection.run("delete", [String(index)])
        case .move(let from, let to):
            guard daemon.queue.indices.contains(from), daemon.queue.indices.contains(to), from != to else { return }
            try connection.run("move", [String(from), String(to)])
        case .clear:
            stoppedFully = true
            try connection.run("clear")
        case .volume(let level): try connection.run("setvol", [String(level)])
        case .shuffle(let on): try connection.run("random", [on ? "1" : "0"])
        case .repeatMode(let mode):
            try connection.runList([("repeat", [mode == .none ? "0" : "1"]), ("single", [mode == .one ? "1" : "0"])])
        case .replayGain(let source): try connection.run("replay_gain_mode", [source])
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
        let shut = commands.lock.withLock {
            if !commands.isShut { commands.connection = made }
            return commands.isShut
        }
        if shut { throw MPDError.disconnected }
        connection = made
        return made
    }

    func dropConnection() {
        connection = nil
        commands.lock.withLock { commands.connection = nil }
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
        let counted = followTally(from: previous, to: next)
        if next.playlistVersion != previous.playlistVersion { queueNow = queueNow.replaced(by: next.queue) }
        publish()
        for event in counted { emit(event) }  // the song left counts (a play or a skip) before the next is announced
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
    func emit(_ event: MusicPlayerEvent) { feed.send(event, snapshot: published.withLock { $0 }) }

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
                    let changed = try waiting.idle(["player", "playlist", "options", "mixer", "database", "update"])
                    backoff = 0.1  // the daemon answers in full: a later loss starts the pauses afresh
                    guard let owner = player else { return }
                    if changed.contains("database") { owner.artworkReader.forget() }
                    owner.control.sync { try? owner.refresh() }
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

    /// On `control`: the daemon answers (again); read its state afresh, tell what changed, and carry out the
    /// commands that waited for it.
    private func daemonAnswered() {
        if connection == nil { _ = try? connect() }
        do { try refresh() } catch { dropConnection() }
        if !available {
            available = true
            emit(.audioServerAvailable)
        }
        retryPause = Self.minimumRetryPause
        retryCommands()
    }

    /// On `control`: the idle thread lost the daemon; say so once. A command connection opened since (the daemon
    /// came back before the idle thread's next try) is asked first, so that a daemon that answers is never called
    /// away.
    private func daemonWentAway() {
        if connection != nil, (try? refresh()) != nil { return }
        dropConnection()
        daemon.playlistVersion = -1  // a daemon that comes back may reuse the number for another queue
        if available {
            available = false
            emit(.audioServerUnavailable)
        }
    }
}
