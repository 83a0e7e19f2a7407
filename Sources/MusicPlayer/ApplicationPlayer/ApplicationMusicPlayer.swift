// Threads: the control plane runs on one serial queue ("addmusic.player"): commands hop onto it and return at once;
// the waiting reads (`playbackState`, `queue`, `nowPlayingItem`, `currentPlaybackTime`, and the getters of
// `shuffleMode`, `repeatMode` and `volume`), `setReplayGain`, `restore` and `shutDown` wait for it; engine events
// arrive on it, and observers get their events on the queues they chose, in order. The player is
// split by job: commands here, queue edits (+Queue), what is handed to the engine and its events (+Engine), and
// what it tells (+State).
import AudioEngine
import Dispatch
import Foundation
import MediaModel

/// The player that plays in this process, on the audio engine; its queue belongs to this app (B-L3: shuffle and
/// repeat off at launch).
public final class ApplicationMusicPlayer: SettledPlayerReads, @unchecked Sendable {  // state on `control` only
    let control: DispatchQueue
    let engine: PlaybackEngine
    /// The queue: the one copy there is (snapshots share its storage).
    var queueNow = QueueSnapshot()
    var items: [MediaItem] { queueNow.items }
    var index: Int?
    var state = PlaybackState.stopped
    /// Whether the engine holds the queue at a position (false when stopped).
    var loaded = false
    let feed = PlayerEventFeed()
    /// Where the queue and position are saved, if anywhere.
    let statePath: String?
    var saveTimer: DispatchSourceTimer?
    /// Whether the last save failed (and was told).
    var saveFailed = false
    /// Where the next `play()` starts within the item, after a restore.
    var resumeTime = 0.0
    /// The title the stream playing sent last; nil when a file plays or none came yet.
    var streamTitle: String?
    var isShutDown = false
    /// How much of the song playing was heard, for the play statistics (nil: none is being heard).
    var tally: PlayTally?
    /// Twice a second while playing: whether the song playing has counted as played, and the snapshot's position
    /// taken afresh from what is heard.
    var heardTimer: DispatchSourceTimer?

    /// The order the queue plays in (shuffle and repeat): the player alone keeps it, and hands the engine the item
    /// to follow the one playing after every change and at each border.
    var order = PlayOrder(items: [], shuffle: .off, current: nil, repeatMode: .none)
    /// The engine's name for the item playing, and the item handed over to follow it (its queue index; -1 once it
    /// left the queue, to be replaced).
    var nowToken: EngineToken?
    var handedNext: (token: EngineToken, index: Int)?
    /// The last token handed out; each hand-over takes the next.
    var lastToken = 0
    /// Items that failed one after another: as many as the queue holds, and nothing in it plays.
    var failuresInARow = 0
    var shuffle = ShuffleMode.off
    var currentVolume = 1.0
    /// How ReplayGain tags set each song's level; read wherever tracks are handed to the engine.
    var replayGain = ReplayGainMode.off
    /// The snapshot as last taken on the control queue, for `snapshot` from any thread.
    let published = Locked(PlayerSnapshot())

    /// A player on `output` (the audio server's, a WAV file's, or none), its stream in each song's own format or the
    /// fixed one (`outputFormat`); with `statePath`, the queue, item and position are saved there on every change and
    /// every second while playing. `streamTimeout` bounds each wait for a stream (its answer, its first audio, a gap
    /// between its bytes).
    /// - Throws: the output's error when it cannot be opened.
    public init(
        output: AudioOutput, statePath: String? = nil, outputFormat: OutputFormatChoice = .native,
        streamTimeout: Double = 10
    ) throws {
        self.statePath = statePath
        let control = DispatchQueue(label: "addmusic.player")
        self.control = control
        // The engine comes first and names its player only once there is one: events wait on the held queue until
        // then (and the queue is let go as well should the output fail to open).
        let target = EventTarget()
        control.suspend()
        defer { control.resume() }
        engine = try PlaybackEngine(
            output: output, outputFormat: outputFormat, streamTimeout: streamTimeout, events: control
        ) { event in
            // Delivered on `control`.
            target.player?.handle(event)
        }
        target.player = self
        if statePath != nil { saveTimer = whilePlaying(every: 1) { $0.save() } }
        // The snapshot between events tells the time from its position and the clock; output that stalls (a busy
        // machine, a server that starts late) is heard later than that, so the position is read again, silently.
        heardTimer = whilePlaying(every: 0.5) { player in
            player.checkTally()
            player.publish()
        }
    }

    /// A timer on `control` that calls `body` every `seconds` while the player plays.
    private func whilePlaying(every seconds: Double, _ body: @escaping (ApplicationMusicPlayer) -> Void)
        -> DispatchSourceTimer
    {
        let timer = DispatchSource.makeTimerSource(queue: control)
        timer.schedule(deadline: .now() + seconds, repeating: seconds)
        timer.setEventHandler { [weak self] in
            guard let self, self.state == .playing else { return }
            body(self)
        }
        timer.resume()
        return timer
    }

    /// Where the engine's events go: the player, once it exists, held weakly. Set once in `init` while `control`
    /// is held, read only on `control`.
    private final class EventTarget: @unchecked Sendable {  // set while `control` is held, read only on `control`
        weak var player: ApplicationMusicPlayer?
    }

    deinit {
        saveTimer?.cancel()
        heardTimer?.cancel()
        if !isShutDown { engine.shutDown() }
    }

    /// Saves the state a last time, stops the engine's threads and closes the output (a WAV file is complete
    /// afterwards). The player cannot play again; calling it twice does nothing.
    public func shutDown() {
        control.sync {
            guard !isShutDown else { return }
            isShutDown = true
            saveTimer?.cancel()
            heardTimer?.cancel()
            save()
            engine.shutDown()
        }
    }

    /// Brings back a saved queue, paused at its item and time (B-F3); `items` are the saved ids resolved through
    /// the library (ids no longer there are left out, and the saved item is found by id).
    public func restore(_ saved: SavedPlayerState, items: [MediaItem]) {
        control.sync {
            replaceQueue(with: items)
            emit(.queueChanged)
            let savedID = saved.index.flatMap { saved.itemIDs.indices.contains($0) ? saved.itemIDs[$0] : nil }
            let restoredIndex = savedID.flatMap { id in items.firstIndex { $0.id == id } }
            setIndex(restoredIndex)
            // A time past the song's end (a file shortened since) starts the song over.
            let time = MediaTime.position(saved.time)
            resumeTime = restoredIndex.map { items[$0].duration <= 0 || time < items[$0].duration ? time : 0 } ?? 0
            setState(restoredIndex == nil ? .stopped : .paused)
            publish()
        }
    }

    /// Takes the music over from the other player (B-P7): the handoff's queue, its item from where the music is
    /// when this runs, playing or paused. Returns at once.
    public func takeOver(_ handoff: PlayerHandoff) {
        control.async { [self] in
            replaceQueue(with: handoff.items)
            setIndex(nil)
            emit(.queueChanged)
            guard let target = handoff.index else {
                setState(.stopped)
                return save()
            }
            if handoff.playing {
                start(at: target, time: handoff.position())
                setState(.playing)
            } else {
                setIndex(target)
                resumeTime = handoff.position()
                setState(.paused)
            }
            save()
            publish()
        }
    }

    /// Shuffle is off at launch (B-L3).
    public var shuffleMode: ShuffleMode { control.sync { shuffle } }

    /// Repeat is off at launch (B-L3).
    public var repeatMode: RepeatMode { control.sync { order.repeatMode } }

    /// Shuffles the queue's order by songs or by albums, or restores it; the item playing plays on.
    public func setShuffleMode(_ mode: ShuffleMode) {
        control.async { [self] in
            shuffle = mode
            resetOrder(current: index)
            handNext()
            emit(.settingsChanged)
        }
    }

    /// Repeats nothing, the item playing, or the whole queue.
    public func setRepeatMode(_ mode: RepeatMode) {
        control.async { [self] in
            order.repeatMode = mode
            handNext()
            emit(.settingsChanged)
        }
    }

    /// The loudness, 0 to 1 (1 at launch; values outside are clamped; NaN changes nothing).
    public var volume: Double { control.sync { currentVolume } }

    public func setVolume(_ level: Double) {
        guard !level.isNaN else { return }
        control.async { [self] in
            currentVolume = min(1, max(0, level))
            engine.setVolume(currentVolume)
            emit(.settingsChanged)
        }
    }

    /// The player as it is now; at once, from any thread (an interface reads this, or the snapshots its events
    /// carry).
    public var snapshot: PlayerSnapshot { published.withLock { $0 } }

    // The members below wait for the commands asked before them (the control queue never waits on a device, but
    // may on the disk): for scripts and tests. An interface reads `snapshot`.

    public var playbackState: PlaybackState { control.sync { state } }
    public var nowPlayingItem: MediaItem? { control.sync { index.map { items[$0] } } }
    public var queue: [MediaItem] { control.sync { items } }

    public var currentPlaybackTime: Double { control.sync { playbackTime() } }

    func playbackTime() -> Double {
        guard index != nil else { return 0 }
        guard loaded else { return resumeTime }
        guard let position = engine.position, position.token == nowToken else { return 0 }
        return position.time
    }

    /// Moves to `seconds` into the item playing; a stream plays where it is live and does not seek.
    public func seek(to seconds: Double) {
        control.async { [self] in
            if let index, items[index].streamURL != nil { return }
            guard loaded else {
                if index != nil { resumeTime = MediaTime.position(seconds) }
                emit(.positionChanged)
                return save()
            }
            tally?.jump(from: playbackTime(), to: MediaTime.position(seconds))
            engine.seek(to: MediaTime.position(seconds))
            save()
            emit(.positionChanged, position: MediaTime.position(seconds))
        }
    }

    public func play() {
        control.async { [self] in
            guard !items.isEmpty else { return }
            switch state {
            case .playing: return
            case .paused where loaded, .interrupted where loaded: engine.resume()
            default: start(at: index ?? order.first ?? 0, time: resumeTime)
            }
            setState(.playing)
        }
    }

    public func pause() {
        control.async { [self] in
            guard state == .playing || state == .interrupted else { return }
            engine.pause()
            setState(.paused)
        }
    }

    public func stop() {
        control.async { [self] in
            leaveTally(skipped: false)
            unload()
            engine.resume()
            setIndex(nil)
            setState(.stopped)
        }
    }

    public func skipToNextItem() {
        control.async { [self] in
            let current = index
            let target = current.flatMap { order.next(after: $0) } ?? order.first
            if let target, target != current || order.repeatMode == .one {
                leaveTally(skipped: true)  // left with next (B-H2)
                moveTo(target)
            }
        }
    }

    public func skipToPreviousItem() {
        control.async { [self] in
            guard let current = index else { return }
            if let target = order.previous(before: current) {
                leaveTally(skipped: false)
                moveTo(target)
            }
        }
    }

    public func skipToBeginning() {
        control.async { [self] in
            guard loaded else { return }
            tally?.jump(from: playbackTime(), to: 0)
            engine.seek(to: 0)
            emit(.positionChanged, position: 0)
        }
    }

    public func skip(toItemAt index: Int) {
        control.async { [self] in
            guard items.indices.contains(index) else { return }
            leaveTally(skipped: false)
            moveTo(index)
        }
    }

    public func observe(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        feed.add(on: queue, handler)
    }

    /// Applied to the decoded samples (nil: off). A change applies at once: a loaded queue is handed to the engine
    /// again from the position heard, playing or paused as it was.
    public func setReplayGain(_ mode: ReplayGainMode?) {
        let mode = mode ?? .off
        control.sync {
            guard replayGain != mode else { return }
            replayGain = mode
            guard loaded, let index else { return }
            start(at: index, time: playbackTime(), resuming: state == .playing)
        }
    }

    /// Sets which format the stream takes (each song's own, or the fixed one); a song playing goes on in it from
    /// where it is heard. Returns at once.
    public func setOutputFormat(_ choice: OutputFormatChoice) {
        let engine = self.engine
        control.async { engine.setOutputFormat(choice) }
    }

    /// Sets the crossfade (0–12 s; 0: none): every border fades but one to the next song of the same album, which
    /// joins sample-exact (B-P9). Returns at once.
    public func setCrossfade(_ seconds: Double) {
        let engine = self.engine
        control.async { engine.setCrossfade(seconds) }
    }

    /// Sets the equalizer (nil: none); a song playing goes on through it from where it is heard. Returns at once.
    public func setEqualizer(_ equalizer: Equalizer?) {
        let engine = self.engine
        control.async { engine.setEqualizer(equalizer) }
    }

    /// Like `observe(on:_:)`, but nothing is coalesced: every item that started is reported, however briefly it
    /// played (for a log of what played).
    public func observeEveryEvent(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        feed.add(on: queue, coalescing: false, handler)
    }

}
