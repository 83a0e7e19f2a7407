// Threads: the controller is isolated to the main actor: all screen state lives on the main thread and changes only
// there. Its intents, `state` and `preferences` are plain main-actor calls that return at once; a caller on another
// thread (a reader queue of the window, a test) hops to the main actor once, at its own edge. It tells the player
// what to do on "addmusic.controller.commands", never on the main thread. Player, session, app-sound, library and
// timer events arrive on the main queue. What may wait — the app sound's file and the audio server, artwork from the
// library or the music daemon, the config file, the library's watch and scans — runs on "addmusic.controller.work"
// (or, for scans, "addmusic.controller.scan"; for the other player made when the music moves to it,
// "addmusic.controller.switch"), and its outcome comes back to the main queue (`onMain`). State observers are called
// on the queues they chose with the newest state (coalesced); notice observers (the terminal player) get every
// notice, in order, on theirs. Off the main thread only `progress` and `playerSnapshot` (the player's snapshot),
// `playerKind` and `observeLog` answer; the player and its kind are kept under a lock because the commands queue uses
// them too.
import AudioEngine
import Dispatch
import FFmpegSupport
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The main screen's state and decisions, without a screen: it follows the rules of docs/BEHAVIOUR.md (B-L, B-A,
/// B-P, B-N, B-S, B-R, B-C, B-T) for whichever player plays the music, and a window (or a test) draws its `state`
/// and sends it the user's intents. It waits on a player's `SettledPlayerReads` only off the main thread (the old
/// player's last stop when the music moves); what it hands to the window and the desktop is the player's
/// `MusicPlayerController`, snapshots and commands.
@MainActor
public final class AppController {
    /// The player that plays the music and its kind; the other one takes its place when the music moves (B-P7).
    nonisolated let playing: Locked<(player: any SettledPlayerReads, kind: Preferences.PlayerKind)>
    /// The player that plays the music now.
    nonisolated var player: any SettledPlayerReads { playing.withLock { $0.player } }
    /// Which player plays the music now: the one launched with, until the music moves to the other (B-P7).
    public nonisolated var playerKind: Preferences.PlayerKind { playing.withLock { $0.kind } }
    /// Makes the other player when the music moves to it (nil: it cannot move).
    nonisolated let makePlayer: PlayerMaker?
    /// Where the other player is made and the old one let go, off the main thread.
    nonisolated let switching = DispatchQueue(label: "addmusic.controller.switch")
    /// Whether the music is moving to the other player (B-P7).
    var isHandingOff = false
    /// The user's music folders, where songs of the music daemon are looked for on this machine (B-P7).
    var musicFolders: [LibraryPath] = []
    /// The tag edits that can still be undone, by number (B-H10), and how many edits were made.
    var undoableTagEdits: [Int: [TagEditor.Written]] = [:]
    var tagEdits = 0
    /// The playlists deleted that can still be brought back, by number (B-Y6), and how many were deleted.
    var deletedPlaylists: [Int: PlaylistShelf.Deleted] = [:]
    var playlistDeletes = 0
    /// Told on the main thread each time another player takes the music over.
    var playerObservers: [@MainActor (MusicPlayerController, Preferences.PlayerKind) -> Void] = []
    nonisolated let session: AudioSession
    nonisolated let library: MusicLibrary?
    /// Where the application player's queue is saved as a playlist (the system player's goes to its daemon).
    nonisolated let playlists: UserPlaylists
    nonisolated let text: Localizer
    /// Where what may wait is done, in order, off the main thread.
    nonisolated let work = DispatchQueue(label: "addmusic.controller.work")
    /// Listens delivered to the user's scrobbling accounts (B-H11), on a queue of its own.
    public nonisolated let scrobbler: Scrobbler
    /// Where the player is told what to do: its commands return at once, but one that did not (a player that hangs)
    /// would hold only this queue, never the main thread.
    nonisolated let commands = DispatchQueue(label: "addmusic.controller.commands")
    /// Where the music folders are scanned after the preferences change them.
    nonisolated let scans = DispatchQueue(label: "addmusic.controller.scan")
    nonisolated let soundOutput: AudioOutput?
    /// The window, or the terminal player (see `Front`).
    nonisolated let front: Front
    nonisolated let soundPath: String?
    var storedPreferences: Preferences

    var current: MainScreenState
    /// How many passing messages have been posted.
    private var postedMessages = 0
    /// The preferences as the last save wrote them to the config file; used on the work queue.
    nonisolated let lastSaved = Locked<Preferences?>(nil)
    /// The app sound, once loaded; used on `work` only (its calls may wait for the audio server or the disk).
    nonisolated let appSound = Locked<AudioPlayer?>(nil)
    /// Whether a queue was handed to the player since its last queue event (which then tells what it holds).
    var queueAsked = false
    /// Whether music was played since launch (B-A3, B-A6).
    var playedOnce = false
    /// Whether the app sound is playing, as the user sees it: from Play App Sound until it ends or is stopped.
    var appSoundActive = false
    /// Whether an interruption began while the app sound played (B-R5).
    var appSoundInterrupted = false
    /// The item whose artwork is shown or on its way, so a late read for an item gone by is dropped.
    var artworkItem: MediaItem?
    /// The side in pixels of the large artwork the screen shows (0: none asked for).
    var largeArtworkSide = 0
    private var observers: [StateObserver] = []
    /// Told every notice, each on its queue (see `observeNotices`).
    var noticeObservers: [(queue: DispatchQueue, handler: @Sendable (MusicNotice) -> Void)] = []
    /// Whether `stop()` was asked for and its stop has not been reported yet (that stop is not the music's end).
    var stopAsked = false
    /// The player's state as its last event said, and whether a play was asked of it that it has not said it
    /// carried out (a stop asked of a stopped player is awaited only then).
    var reportedState = PlaybackState.stopped
    var playAsked = false
    /// The sleep timer, while one runs (B-P11; `AppController+Sleep.swift`).
    var sleep: SleepTimerState?
    nonisolated let logHandlers: Locked<[@Sendable (String) -> Void]>
    private var animation: BackgroundAnimation
    private var animationTimer: DispatchSourceTimer?
    var watcher: LibraryWatcher?
    /// The loudness analysis in the background (B-P10), while it runs; `analyzeAgain` when the library changed
    /// meanwhile.
    var loudnessAnalyzer: LoudnessAnalyzer?
    var analyzeAgain = false
    /// Whether the analysis ran in this window (it starts with the first song played or library change, so that a
    /// window that plays nothing never loads FFmpeg for it).
    var loudnessStarted = false

    private final class StateObserver: Sendable {
        let queue: DispatchQueue
        let handler: @Sendable (MainScreenState) -> Void
        /// The newest state not yet handed to `handler` (under its own lock: the observer's queue takes it without
        /// waiting for the main thread).
        let pending = Locked<MainScreenState?>(nil)

        init(queue: DispatchQueue, handler: @escaping @Sendable (MainScreenState) -> Void) {
            self.queue = queue
            self.handler = handler
        }
    }

    /// A controller for `player` (of kind `playerKind`), with the app sound on `session` (its output replaced by
    /// `soundOutput` when given, for tests and headless use; its file by `soundPath`, else the bundled sound),
    /// artwork and library changes from `library`, the queue saved as a playlist among `playlists`, strings from
    /// `text`, and the background animation per `preferences` (with `animation`'s timing); `makePlayer` makes the
    /// other player when the music moves to it (B-P7; nil: it cannot), for the window or the terminal player
    /// (`front`). Nothing happens until `start()`; any thread.
    public nonisolated init(
        player: any SettledPlayerReads, playerKind: Preferences.PlayerKind = .application, session: AudioSession,
        library: MusicLibrary? = nil, playlists: UserPlaylists = UserPlaylists(), preferences: Preferences,
        text: Localizer = .app,
        animation: BackgroundAnimation = BackgroundAnimation(), soundOutput: AudioOutput? = nil,
        soundPath: String? = nil, makePlayer: PlayerMaker? = nil, front: Front = .window
    ) {
        playing = Locked((player, playerKind))
        let handlers = Locked<[@Sendable (String) -> Void]>([])
        logHandlers = handlers
        scrobbler = Scrobbler { line in for handler in handlers.withLock({ $0 }) { handler(line) } }
        self.makePlayer = makePlayer
        self.session = session
        self.library = library
        self.playlists = playlists
        storedPreferences = preferences
        self.text = text
        self.animation = animation
        self.soundOutput = soundOutput
        self.soundPath = soundPath
        self.front = front
        var initial = MainScreenState(
            text: text.string("Instructions"), musicButtonTitle: text.string("Add Music"),
            appSoundButtonTitle: text.string("Play App Sound"), pickerPrompt: text.string("Add songs to play"),
            handOffTitle: text.string(Self.handOffKey(from: playerKind)))
        initial.isHandOffEnabled = makePlayer != nil
        initial.isAppSoundEnabled = front == .window
        current = initial
    }

    isolated deinit {
        animationTimer?.cancel()
        watcher?.stop()
        loudnessAnalyzer?.stop()
    }

    /// The path of the sound that ships with the app.
    public nonisolated static var bundledSoundPath: String? {
        AppResources.bundle?.path(forResource: "AppSound", ofType: "wav")
    }

    /// Hands `command` for the player to the commands queue, in the order asked.
    nonisolated func tell(_ command: @escaping @Sendable (MusicPlayerController) -> Void) {
        commands.async { [self] in command(player) }  // the player then, after a handoff the new one (B-P7)
    }

    /// Runs `body` on the main thread, after what waits on the main queue: how the work queues bring their outcome
    /// back.
    nonisolated func onMain(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }

    /// Launches: subscribes to the player and the session before returning (B-L5: a registration under their own
    /// brief locks), then, on the main thread, sets shuffle and repeat off for the application player (B-L3), shows
    /// what the player already plays (B-L4) and starts the background animation (B-L6); the app sound is loaded and
    /// prepared at full volume (B-S1) in the ambient category (B-S4) on the work queue. The terminal player has
    /// neither the animation nor the app sound. Returns at once.
    public func start() {
        listen(to: player)
        session.observe { [weak self] event in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.handle(event) } }
        }
        if front == .window {
            work.async { [self] in
                session.setCategory(.ambient)
                do { try session.setActive(true) } catch { log("audio session: \(error)") }
                loadAppSound()
            }
        }
        if playerKind == .application {
            tell { $0.setShuffleMode(.off) }
            tell { $0.setRepeatMode(.none) }
        }
        showPlayerAsItIs()
        if storedPreferences.backgroundAnimation && front == .window { startAnimation() }
        publish()
    }

    /// Where the playing item is and how long it lasts (nil with nothing playing); read as often as a clock
    /// ticks, so it is not part of `state`. Returns at once, from the player's snapshot (never waiting for it).
    public nonisolated var progress: (time: Double, duration: Double)? {
        let snapshot = player.snapshot
        return snapshot.nowPlayingItem.map { (snapshot.playbackTime(), $0.duration) }
    }

    /// The screen's state as last published. What the player and the work queue were asked may not be carried out
    /// yet: `afterPendingWork` runs code once it is.
    public var state: MainScreenState { current }

    /// Runs `body` on the command queue once the player has carried out every command asked before (a settled read
    /// waits for them there, within the player's deadlines), as a front's end needs before it shuts the player
    /// down: the last volume or pause asked is not lost (the terminal player's end after its sleep timer). Returns at
    /// once.
    public nonisolated func afterPlayerSettles(_ body: @escaping @Sendable () -> Void) {
        commands.async { [self] in
            _ = player.volume
            body()
        }
    }

    /// Runs `body` once everything asked of the controller so far is done: on the main thread, then on the commands
    /// and work queues, then on the main thread again (where what the work found is shown). Returns at once.
    public func afterPendingWork(_ body: @escaping @Sendable () -> Void) {
        commands.async { [work] in work.async { DispatchQueue.main.async(execute: body) } }
    }

    /// Calls `handler` on `queue` with the state after each change (the newest only, when changes come faster
    /// than `queue` takes them), starting with the state now. Returns at once.
    public func observe(on queue: DispatchQueue, _ handler: @escaping @Sendable (MainScreenState) -> Void) {
        let observer = StateObserver(queue: queue, handler: handler)
        observers.append(observer)
        deliver(current, to: observer)
    }

    /// Calls `handler` with each line the controller logs (route changes it only notes, B-R1, B-R4; faults), on the
    /// thread that logs it. Returns at once.
    public nonisolated func observeLog(_ handler: @escaping @Sendable (String) -> Void) {
        logHandlers.withLock { $0.append(handler) }
    }

    // MARK: On the main thread

    /// Shows the player's item, state and queue as they are at launch (B-L4; a restored queue too).
    private func showPlayerAsItIs() {
        let snapshot = player.snapshot
        current.queue = snapshot.queue
        if !snapshot.queue.items.isEmpty { current.musicButtonTitle = text.string("Show Music") }
        if let item = snapshot.nowPlayingItem {
            current.isPlayPauseEnabled = true
            show(item)
            notify(.started(item))  // a restored queue's item, the daemon's song: told as the first one
        }
        current.nowPlayingIndex = snapshot.nowPlayingIndex
        current.playPauseControl = snapshot.state == .playing ? .pause : .play
        reportedState = snapshot.state
        if !snapshot.queue.items.isEmpty { current.isPlayPauseEnabled = true }
    }

    func startAnimation() {
        guard animationTimer == nil else { return }
        var generator = SystemRandomNumberGenerator()
        animation.advance(using: &generator)
        current.backgroundColor = animation.to
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + animation.interval, repeating: animation.interval)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                // A tick already on its way when the animation was turned off is dropped.
                guard let self, self.storedPreferences.backgroundAnimation else { return }
                var generator = SystemRandomNumberGenerator()
                self.animation.advance(using: &generator)
                self.current.backgroundColor = self.animation.to
                self.publish()
            }
        }
        timer.resume()
        animationTimer = timer
    }

    func stopAnimation() {
        animationTimer?.cancel()
        animationTimer = nil
        current.backgroundColor = nil
    }

    nonisolated func log(_ line: String) {
        for handler in logHandlers.withLock({ $0 }) { handler(line) }
    }

    /// Posts a passing message (with a button for `action`, if any); the screen shows it once.
    func post(_ text: String, action: (action: PassingMessage.Action, label: String)? = nil) {
        postedMessages += 1
        current.message = PassingMessage(id: postedMessages, text: text, action: action)
    }

    /// Runs a passing message's action (its button, pressed).
    public func perform(_ action: PassingMessage.Action) {
        switch action {
        case .undoTagEdit(let number): undoTagEdit(number)
        case .undoPlaylistDelete(let number): undoPlaylistDelete(number)
        }
    }

    /// Hands the state to every observer, coalescing with what has not been delivered yet.
    func publish() {
        for observer in observers { deliver(current, to: observer) }
    }

    private func deliver(_ state: MainScreenState, to observer: StateObserver) {
        let scheduled = observer.pending.withLock { pending in
            defer { pending = state }
            return pending != nil
        }
        guard !scheduled else { return }
        observer.queue.async {
            let latest = observer.pending.withLock { pending in
                defer { pending = nil }
                return pending
            }
            if let latest { observer.handler(latest) }
        }
    }
}
