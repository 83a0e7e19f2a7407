// Threads: all state lives on one serial queue ("addmusic.controller"). No public call waits for it: intents,
// registrations and settings are handed to it (`async`) and return at once; player, session, app-sound and library
// events are delivered on it; state observers are called on the queues they chose, with the newest state
// (coalesced); `state`, `progress` and `preferences` answer from copies kept under a brief lock.
import AudioEngine
import Dispatch
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The main screen's state and decisions, without a screen: it follows the rules of docs/BEHAVIOUR.md (B-L, B-A,
/// B-P, B-N, B-S, B-R, B-C, B-T) for whichever `MusicPlayerController` plays the music, and a window (or a test) draws its
/// `state` and sends it the user's intents.
public final class AppController: @unchecked Sendable {
    let queue = DispatchQueue(label: "addmusic.controller")
    let player: MusicPlayerController
    /// Which player plays the music in this run.
    public let playerKind: Preferences.PlayerKind
    let session: AudioSession
    let library: MusicLibrary?
    let text: Localizer
    private let soundOutput: AudioOutput?
    private let soundPath: String?
    private var storedPreferences: Preferences

    // On `queue`:
    var current: MainScreenState
    /// How many passing messages have been posted.
    private var postedMessages = 0
    /// The player's snapshot as its last event gave it, for `progress`.
    private let lastSnapshot = Locked(PlayerSnapshot())
    /// The preferences as last saved, for `preferences` from any thread.
    private let preferencesNow: Locked<Preferences>
    var appSound: AudioPlayer?
    /// Whether a queue was handed to the player since its last queue event (which then tells what it holds).
    var queueAsked = false
    /// Whether music was played since launch (B-A3, B-A6).
    var playedOnce = false
    /// Whether the app sound is playing, as the user sees it: from Play App Sound until it ends or is stopped.
    var appSoundActive = false
    /// Whether an interruption began while the app sound played (B-R5).
    var appSoundInterrupted = false
    private var observers: [StateObserver] = []
    private var logHandlers: [@Sendable (String) -> Void] = []
    private var animation: BackgroundAnimation
    private var animationTimer: DispatchSourceTimer?
    private var watcher: LibraryWatcher?

    /// The state as last published, for `state` from any thread.
    private let published: Locked<MainScreenState>

    private final class StateObserver: Sendable {
        let queue: DispatchQueue
        let handler: @Sendable (MainScreenState) -> Void
        /// The newest state not yet handed to `handler` (under its own lock: the observer's queue takes it without
        /// waiting for the controller's).
        let pending = Locked<MainScreenState?>(nil)

        init(queue: DispatchQueue, handler: @escaping @Sendable (MainScreenState) -> Void) {
            self.queue = queue
            self.handler = handler
        }
    }

    /// A controller for `player` (of kind `playerKind`), with the app sound on `session` (its output replaced by
    /// `soundOutput` when given, for tests and headless use; its file by `soundPath`, else the bundled sound),
    /// artwork and library changes from `library`, strings from `text`, and the background animation per
    /// `preferences` (with `animation`'s timing). Nothing happens until `start()`.
    public init(
        player: MusicPlayerController, playerKind: Preferences.PlayerKind = .application, session: AudioSession,
        library: MusicLibrary? = nil, preferences: Preferences, text: Localizer = .app,
        animation: BackgroundAnimation = BackgroundAnimation(), soundOutput: AudioOutput? = nil,
        soundPath: String? = nil
    ) {
        self.player = player
        self.playerKind = playerKind
        self.session = session
        self.library = library
        storedPreferences = preferences
        preferencesNow = Locked(preferences)
        self.text = text
        self.animation = animation
        self.soundOutput = soundOutput
        self.soundPath = soundPath
        current = MainScreenState(
            text: text.string("Instructions"), musicButtonTitle: text.string("Add Music"),
            appSoundButtonTitle: text.string("Play App Sound"), pickerPrompt: text.string("Add songs to play"))
        published = Locked(current)
    }

    deinit {
        animationTimer?.cancel()
        watcher?.stop()
    }

    /// The path of the sound that ships with the app.
    public static var bundledSoundPath: String? { Bundle.module.path(forResource: "AppSound", ofType: "ogg") }

    /// Launches: subscribes to the player and the session before returning (B-L5: a registration under their own
    /// brief locks), then, on the controller's queue, sets shuffle and repeat off for the application player (B-L3),
    /// shows what the player already plays (B-L4), loads and prepares the app sound at full volume (B-S1) in the
    /// ambient category (B-S4), and starts the background animation (B-L6). Returns at once.
    public func start() {
        let queue = self.queue
        player.observe(on: queue) { [weak self] event, snapshot in self?.handle(event, snapshot) }
        session.observe { [weak self] event in
            guard let self else { return }
            queue.async { self.handle(event) }
        }
        queue.async { [self] in
            session.setCategory(.ambient)
            do { try session.setActive(true) } catch { log("audio session: \(error)") }
            if playerKind == .application {
                player.setShuffleMode(.off)
                player.setRepeatMode(.none)
            }
            loadAppSound()
            showPlayerAsItIs()
            if storedPreferences.backgroundAnimation { startAnimation() }
            publish()
        }
    }

    /// Where the playing item is and how long it lasts (nil with nothing playing); read as often as a clock
    /// ticks, so it is not part of `state`. Returns at once, from the player's snapshot (never waiting for it).
    public var progress: (time: Double, duration: Double)? {
        let snapshot = player.snapshot
        return snapshot.nowPlayingItem.map { (snapshot.playbackTime(), $0.duration) }
    }

    /// The screen's state as last published; any thread, at once. Intents asked before may not be carried out yet:
    /// `afterPendingWork` runs code once they are.
    public var state: MainScreenState { published.withLock { $0 } }

    /// Runs `body` on the controller's queue once everything asked of the controller so far is done. Returns at once.
    public func afterPendingWork(_ body: @escaping @Sendable () -> Void) { queue.async(execute: body) }

    /// Calls `handler` on `queue` with the state after each change (the newest only, when changes come faster
    /// than `queue` takes them), starting with the state now. Returns at once.
    public func observe(on queue: DispatchQueue, _ handler: @escaping @Sendable (MainScreenState) -> Void) {
        self.queue.async { [self] in
            let observer = StateObserver(queue: queue, handler: handler)
            observers.append(observer)
            deliver(current, to: observer)
        }
    }

    /// Calls `handler` on the controller's queue with each line the controller logs (route changes it only
    /// notes, B-R1, B-R4; faults). Returns at once.
    public func observeLog(_ handler: @escaping @Sendable (String) -> Void) {
        queue.async { [self] in logHandlers.append(handler) }
    }

    /// Watches the music folders `roots` for changes on disk and tells the screen (B-C1). Returns at once: the
    /// folders are put under watch on the controller's queue, and a failure is logged and told as a passing message.
    public func watchLibrary(roots: [LibraryPath]) {
        queue.async { [self] in
            guard let library else { return }
            do {
                let watcher = try library.startWatching(roots: roots, queue: queue) { [weak self] _ in
                    self?.noteLibraryChange()
                }
                self.watcher?.stop()
                self.watcher = watcher
            } catch {
                log("library watch: \(error)")
                post(text.string("message.scanFailed", "\(error)"))
                publish()
            }
        }
    }

    /// Tells the screen the library changed (a scan made outside the watcher: music folders added in the
    /// preferences).
    public func libraryChanged() { queue.async { [self] in noteLibraryChange() } }

    private func noteLibraryChange() {
        post(text.string("message.libraryChanged"))
        publish()
    }

    // MARK: Preferences

    /// The preferences as they are now; any thread, at once (a copy kept beside the queue's own).
    public var preferences: Preferences { preferencesNow.withLock { $0 } }

    /// Turns the background animation on or off and saves the choice. Returns at once (the config file is written on
    /// the controller's queue, never the caller's); a save that fails is told as a passing message, and the choice
    /// holds for this run all the same.
    public func setBackgroundAnimation(_ on: Bool) {
        queue.async { [self] in
            storedPreferences.backgroundAnimation = on
            savePreferences()
            if on {
                startAnimation()
            } else {
                animationTimer?.cancel()
                animationTimer = nil
                current.backgroundColor = nil
            }
            publish()
        }
    }

    /// Sets how ReplayGain tags set each song's level, on the player in use (the application player's samples, the
    /// music daemon's own mode), and saves it. Returns at once, as `setBackgroundAnimation(_:)`.
    public func setReplayGain(_ mode: ReplayGainMode) {
        queue.async { [self] in
            storedPreferences.replayGain = mode
            savePreferences()
            player.setReplayGain(mode)
            publish()
        }
    }

    /// Chooses the player for the next launch and saves it (B-L2). Returns at once, as `setBackgroundAnimation(_:)`.
    public func setPlayerKind(_ kind: Preferences.PlayerKind) {
        queue.async { [self] in
            storedPreferences.playerKind = kind
            savePreferences()
            publish()
        }
    }

    /// On the queue: writes the preferences to the config file, telling the user when that fails, and makes them
    /// what `preferences` answers.
    private func savePreferences() {
        do {
            try storedPreferences.save()
        } catch {
            post(text.string("message.notSaved", "\(error)"))
        }
        preferencesNow.withLock { [storedPreferences] in $0 = storedPreferences }
    }

    // MARK: On the queue

    private func loadAppSound() {
        guard let path = soundPath ?? Self.bundledSoundPath else {
            log("the app sound is missing from the app's resources")
            current.isAppSoundEnabled = false
            return
        }
        do {
            let sound = try AudioPlayer(contentsOf: path, session: session, output: soundOutput, callbacks: queue)
            sound.volume = 1
            sound.onFinish = { [weak self] _ in self?.appSoundFinished() }
            sound.onDecodeError = { [weak self] error in self?.log("app sound: \(error)") }
            if !sound.prepareToPlay() { log("the app sound cannot be prepared") }
            appSound = sound
        } catch {
            log("the app sound cannot be loaded: \(error)")
            current.isAppSoundEnabled = false
        }
    }

    /// Shows the player's item, state and queue as they are at launch (B-L4; a restored queue too).
    private func showPlayerAsItIs() {
        let snapshot = player.snapshot
        current.queue = snapshot.queue
        if !snapshot.queue.items.isEmpty { current.musicButtonTitle = text.string("Show Music") }
        if let item = snapshot.nowPlayingItem {
            current.isPlayPauseEnabled = true
            show(item)
        }
        current.nowPlayingIndex = snapshot.nowPlayingIndex
        current.playPauseControl = snapshot.state == .playing ? .pause : .play
        if !snapshot.queue.items.isEmpty { current.isPlayPauseEnabled = true }
    }

    private func startAnimation() {
        guard animationTimer == nil else { return }
        var generator = SystemRandomNumberGenerator()
        animation.advance(using: &generator)
        current.backgroundColor = animation.to
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + animation.interval, repeating: animation.interval)
        timer.setEventHandler { [weak self] in
            // A tick already on its way when the animation was turned off is dropped.
            guard let self, self.storedPreferences.backgroundAnimation else { return }
            var generator = SystemRandomNumberGenerator()
            self.animation.advance(using: &generator)
            self.current.backgroundColor = self.animation.to
            self.publish()
        }
        timer.resume()
        animationTimer = timer
    }

    /// Shows `item` as playing: "Now Playing: TITLE by ARTIST" and its artwork or the placeholder (B-N1).
    func show(_ item: MediaItem) {
        let artist = item.artist ?? text.string("Unknown Artist")
        current.text = "\(text.string("Now Playing:")) \(item.title) \(text.string("by")) \(artist)"
        if let artworkID = item.artworkID, let bytes = try? library?.thumbnail(artworkID: artworkID) {
            current.artwork = .thumbnail(bytes)
        } else if let bytes = player.artwork(for: item) {
            current.artwork = .thumbnail(bytes)
        } else {
            current.artwork = .placeholder
        }
    }

    func log(_ line: String) {
        for handler in logHandlers { handler(line) }
    }

    /// Posts a passing message (on the controller's queue); the screen shows it once.
    func post(_ text: String) {
        postedMessages += 1
        current.message = PassingMessage(id: postedMessages, text: text)
    }

    /// Hands the state to every observer, coalescing with what has not been delivered yet.
    func publish() {
        published.withLock { [current] in $0 = current }
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
