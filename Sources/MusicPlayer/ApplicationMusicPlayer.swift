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

    /// Shuffle is off at launch (B-L3).
    public private(set) var shuffleMode = ShuffleMode.off
    /// Repeat is off at launch (B-L3).
    public private(set) var repeatMode = RepeatMode.none

    /// A player on `output` (the audio server's, a WAV file's, or none).
    /// - Throws: the output's error when it cannot be opened.
    public init(output: AudioOutput) throws {
        engine = try PlaybackEngine(output: output, events: control) { [weak self] event in
            // Delivered on `control`.
            self?.handle(event)
        }
    }

    deinit { engine.shutDown() }

    public var playbackState: PlaybackState { control.sync { state } }
    public var nowPlayingItem: MediaItem? { control.sync { index.map { items[$0] } } }
    public var queue: [MediaItem] { control.sync { items } }

    public var currentPlaybackTime: Double {
        control.sync {
            guard let index, let position = engine.position, position.index == index else { return 0 }
            return position.time
        }
    }

    public func seek(to seconds: Double) {
        control.sync {
            guard loaded else { return }
            engine.seek(to: max(0, seconds))
        }
    }

    public func setQueue(_ collection: MediaItemCollection) {
        control.sync {
            engine.stop()
            loaded = false
            items = collection.items
            setIndex(nil)
            setState(.stopped)
            emit(.queueChanged)
        }
    }

    public func append(_ collection: MediaItemCollection) {
        control.sync {
            items += collection.items
            if loaded { engine.append(collection.items.map(Self.track)) }
            emit(.queueChanged)
        }
    }

    public func play() {
        control.sync {
            guard !items.isEmpty else { return }
            switch state {
            case .playing: return
            case .paused where loaded: engine.resume()
            default: start(at: index ?? 0)
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

    public func skipToNextItem() { control.sync { moveTo((index ?? -1) + 1) } }

    public func skipToPreviousItem() { control.sync { moveTo(max(0, (index ?? 0) - 1)) } }

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

    private func start(at position: Int) {
        engine.play(items.map(Self.track), from: position)
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
        }
    }

    private func handle(_ event: PlaybackEngine.Event) {
        switch event {
        case .itemStarted(let started):
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
        }
    }

    private func setIndex(_ newIndex: Int?) {
        guard newIndex != index else { return }
        index = newIndex
        emit(.nowPlayingItemChanged(newIndex.map { items[$0] }))
    }

    private func setState(_ newState: PlaybackState) {
        guard newState != state else { return }
        state = newState
        emit(.playbackStateChanged(newState))
    }

    private func emit(_ event: MusicPlayerEvent) {
        for observer in observers {
            let handler = observer.handler
            observer.queue.async { handler(event) }
        }
    }
}
