// Threads: the control plane runs on one serial queue ("addmusic.player"); public calls hop onto it synchronously,
// engine events arrive on it, and observers get their events on the queues they chose, in order.
import AudioEngine
import Dispatch
import MediaLibrary

/// The player that plays in this process, on the audio engine; its queue belongs to this app (B-L3: shuffle and
/// repeat off at launch).
public final class ApplicationMusicPlayer: MusicPlayerController, @unchecked Sendable {
    private let control = DispatchQueue(label: "addmusic.player")
    private var engine: PlaybackEngine!
    private var items: [MediaItem] = []
    private var index: Int?
    private var state = PlaybackState.stopped
    /// Whether the engine holds the queue at a position (false when stopped).
    private var loaded = false
    private var observers: [(queue: DispatchQueue, handler: @Sendable (MusicPlayerEvent) -> Void)] = []
    /// Where the queue and position are saved, if anywhere.
    private let statePath: String?
    private var saveTimer: DispatchSourceTimer?
    /// Where the next `play()` starts within the item, after a restore.
    private var resumeTime = 0.0

    /// The play order, shared with the engine's decoder thread (which asks it what follows each item).
    private let order = Locked(PlayOrder(items: [], shuffle: .off, current: nil, repeatMode: .none))
    private var shuffle = ShuffleMode.off
    private var currentVolume = 1.0

    /// A player on `output` (the audio server's, a WAV file's, or none); with `statePath`, the queue, item and
    /// position are saved there on every change and every second while playing.
    /// - Throws: the output's error when it cannot be opened.
    public init(output: AudioOutput, statePath: String? = nil) throws {
        self.statePath = statePath
        engine = try PlaybackEngine(output: output, events: control) { [weak self] event in
            // Delivered on `control`.
            self?.handle(event)
        }
        let order = self.order
        engine.setNextItemRule { index, _ in order.withLock { $0.next(after: index) } }
        if statePath != nil {
            let timer = DispatchSource.makeTimerSource(queue: control)
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler { [weak self] in
                if self?.state == .playing { self?.save() }
            }
            timer.resume()
            saveTimer = timer
        }
    }

    deinit {
        saveTimer?.cancel()
        engine?.shutDown()  // nil when the output could not be opened and init threw
    }

    /// Brings back a saved queue, paused at its item and time (B-F3); `items` are the saved ids resolved through
    /// the library (ids no longer there are left out, and the saved item is found by id).
    public func restore(_ saved: SavedPlayerState, items: [MediaItem]) {
        control.sync {
            engine.stop()
            loaded = false
            self.items = items
            let shuffle = self.shuffle
            order.withLock { $0 = PlayOrder(items: items, shuffle: shuffle, current: nil, repeatMode: $0.repeatMode) }
            emit(.queueChanged)
            let savedID = saved.index.flatMap { saved.itemIDs.indices.contains($0) ? saved.itemIDs[$0] : nil }
            let restoredIndex = savedID.flatMap { id in items.firstIndex { $0.id == id } }
            setIndex(restoredIndex)
            resumeTime = restoredIndex == nil ? 0 : saved.time
            setState(restoredIndex == nil ? .stopped : .paused)
        }
    }

    /// Shuffle is off at launch (B-L3).
    public var shuffleMode: ShuffleMode { control.sync { shuffle } }
    /// Repeat is off at launch (B-L3).
    public var repeatMode: RepeatMode { order.withLock { $0.repeatMode } }

    /// Shuffles the queue's order by songs or by albums, or restores it; the item playing plays on.
    public func setShuffleMode(_ mode: ShuffleMode) {
        control.sync {
            shuffle = mode
            let items = self.items, index = self.index
            order.withLock { $0 = PlayOrder(items: items, shuffle: mode, current: index, repeatMode: $0.repeatMode) }
        }
    }

    /// Repeats nothing, the item playing, or the whole queue.
    public func setRepeatMode(_ mode: RepeatMode) {
        order.withLock { $0.repeatMode = mode }
    }

    /// The loudness, 0 to 1 (1 at launch).
    public var volume: Double {
        get { control.sync { currentVolume } }
        set {
            control.sync {
                currentVolume = min(1, max(0, newValue))
                engine.setVolume(currentVolume)
            }
        }
    }

    public var playbackState: PlaybackState { control.sync { state } }
    public var nowPlayingItem: MediaItem? { control.sync { index.map { items[$0] } } }
    public var queue: [MediaItem] { control.sync { items } }

    public var currentPlaybackTime: Double { control.sync { playbackTime() } }

    private func playbackTime() -> Double {
        guard let index else { return 0 }
        guard loaded else { return resumeTime }
        guard let position = engine.position, position.index == index else { return 0 }
        return position.time
    }

    public func seek(to seconds: Double) {
        control.sync {
            guard loaded else {
                if index != nil { resumeTime = max(0, seconds) }
                return save()
            }
            engine.seek(to: max(0, seconds))
            save()
        }
    }

    public func setQueue(_ collection: MediaItemCollection) {
        control.sync {
            engine.stop()
            loaded = false
            items = collection.items
            let items = self.items, shuffle = self.shuffle
            order.withLock { $0 = PlayOrder(items: items, shuffle: shuffle, current: nil, repeatMode: $0.repeatMode) }
            setIndex(nil)
            setState(.stopped)
            emit(.queueChanged)
            save()
        }
    }

    public func append(_ collection: MediaItemCollection) {
        control.sync {
            let added = items.count..<(items.count + collection.items.count)
            items += collection.items
            let shuffled = shuffle != .off
            order.withLock { $0.append(added, shuffled: shuffled) }
            if loaded { engine.append(collection.items.map(Self.track)) }
            emit(.queueChanged)
            save()
        }
    }

    public func play() {
        control.sync {
            guard !items.isEmpty else { return }
            switch state {
            case .playing: return
            case .paused where loaded: engine.resume()
            default: start(at: index ?? order.withLock { $0.first } ?? 0, time: resumeTime)
            }
            setState(.playing)
        }
    }

    public func pause() {
        control.sync {
            guard state == .playing else { return }
            engine.pause()
            setState(.paused)
        }
    }

    public func stop() {
        control.sync {
            engine.stop()
            engine.resume()
            loaded = false
            setIndex(nil)
            setState(.stopped)
        }
    }

    public func skipToNextItem() {
        control.sync {
            let current = index
            let target = order.withLock { order in current.flatMap { order.next(after: $0) } ?? order.first }
            if let target, target != current || order.withLock({ $0.repeatMode }) == .one { moveTo(target) }
        }
    }

    public func skipToPreviousItem() {
        control.sync {
            guard let current = index else { return }
            if let target = order.withLock({ $0.previous(before: current) }) { moveTo(target) }
        }
    }

    public func skipToBeginning() {
        control.sync {
            guard loaded else { return }
            engine.seek(to: 0)
        }
    }

    public func skip(toItemAt index: Int) { control.sync { moveTo(index) } }

    public func observe(on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent) -> Void) {
        control.sync { observers.append((queue, handler)) }
    }

    // MARK: On the control queue

    private static func track(_ item: MediaItem) -> EngineTrack {
        EngineTrack(path: item.path.bytes, fileExtension: item.path.pathExtension)
    }

    private func start(at position: Int, time: Double = 0) {
        engine.play(items.map(Self.track), from: position, at: time)
        resumeTime = 0
        engine.resume()  // a pause from before a stop or a new queue must not hold the new start
        loaded = true
        setIndex(position)
    }

    private func moveTo(_ target: Int) {
        guard target >= 0, target < items.count else { return }
        if loaded {
            engine.skip(to: target)
            setIndex(target)
        } else {
            setIndex(target)
            resumeTime = 0
        }
    }

    private func handle(_ event: PlaybackEngine.Event) {
        switch event {
        case .itemStarted(let started):
            guard started < items.count else { return }
            setIndex(started)
        case .itemFailed(let failed, let message):
            if failed < items.count { emit(.itemSkipped(items[failed], message: message)) }
        case .finished, .outputFailed:
            // The end of the queue: stopped, and the next play starts at the first item (B-P2, B-N2).
            loaded = false
            setIndex(nil)
            setState(.stopped)
        case .deviceUnavailable:
            if state == .playing { setState(.paused) }
            emit(.outputDeviceUnavailable)
        case .audioServerUnavailable:
            emit(.audioServerUnavailable)
        case .audioServerAvailable:
            emit(.audioServerAvailable)
        }
    }

    private func setIndex(_ newIndex: Int?) {
        guard newIndex != index else { return }
        index = newIndex
        emit(.nowPlayingItemChanged(newIndex.map { items[$0] }))
        save()
    }

    private func setState(_ newState: PlaybackState) {
        guard newState != state else { return }
        state = newState
        emit(.playbackStateChanged(newState))
        save()
    }

    /// Writes the queue, item and time to the state file (atomically), when there is one.
    private func save() {
        guard let statePath else { return }
        try? SavedPlayerState(itemIDs: items.map(\.id), index: index, time: playbackTime()).save(to: statePath)
    }

    private func emit(_ event: MusicPlayerEvent) {
        for observer in observers {
            let handler = observer.handler
            observer.queue.async { handler(event) }
        }
    }
}
