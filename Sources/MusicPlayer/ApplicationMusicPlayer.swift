// Threads: the control plane runs on one serial queue ("addmusic.player"); public calls hop onto it synchronously,
// engine events arrive on it, and observers get their events on the queues they chose, in order.
import AudioEngine
import Dispatch
import Foundation
import MediaModel

/// The player that plays in this process, on the audio engine; its queue belongs to this app (B-L3: shuffle and
/// repeat off at launch).
public final class ApplicationMusicPlayer: MusicPlayerController, @unchecked Sendable {
    private let control: DispatchQueue
    private let engine: PlaybackEngine
    /// The queue: the one copy there is (snapshots share its storage).
    private var queueNow = QueueSnapshot()
    private var items: [MediaItem] { queueNow.items }
    private var index: Int?
    private var state = PlaybackState.stopped
    /// Whether the engine holds the queue at a position (false when stopped).
    private var loaded = false
    private let feed = PlayerEventFeed()
    /// Where the queue and position are saved, if anywhere.
    private let statePath: String?
    private var saveTimer: DispatchSourceTimer?
    /// Whether the last save failed (and was told).
    private var saveFailed = false
    /// Where the next `play()` starts within the item, after a restore.
    private var resumeTime = 0.0
    /// The title the stream playing sent last; nil when a file plays or none came yet.
    private var streamTitle: String?
    private var isShutDown = false
    /// How much of the song playing was heard, for the play statistics (nil: none is being heard).
    private var tally: PlayTally?
    /// Checks twice a second whether the song playing has counted as played.
    private var tallyTimer: DispatchSourceTimer?

    /// The play order and the engine's slots, shared with the engine's decoder thread (which asks what follows
    /// each item).
    private let lineup = Locked(
        QueueLineup(order: PlayOrder(items: [], shuffle: .off, current: nil, repeatMode: .none)))
    private var shuffle = ShuffleMode.off
    private var currentVolume = 1.0
    /// How ReplayGain tags set each song's level; read wherever tracks are handed to the engine.
    private let replayGain = Locked(ReplayGainMode.off)
    /// The snapshot as last taken on the control queue, for `snapshot` from any thread.
    private let published = Locked(PlayerSnapshot())

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
        let lineup = self.lineup
        engine.setNextItemRule { slot, _ in lineup.withLock { $0.nextSlot(after: slot) } }
        if statePath != nil {
            let timer = DispatchSource.makeTimerSource(queue: control)
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler { [weak self] in
                guard let self, self.state == .playing else { return }
                self.save()
                self.publish()
            }
            timer.resume()
            saveTimer = timer
        }
        let tallyTimer = DispatchSource.makeTimerSource(queue: control)
        tallyTimer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        tallyTimer.setEventHandler { [weak self] in self?.checkTally() }
        tallyTimer.resume()
        self.tallyTimer = tallyTimer
    }

    /// Where the engine's events go: the player, once it exists, held weakly. Set once in `init` while `control`
    /// is held, read only on `control`.
    private final class EventTarget: @unchecked Sendable {
        weak var player: ApplicationMusicPlayer?
    }

    deinit {
        saveTimer?.cancel()
        tallyTimer?.cancel()
        if !isShutDown { engine.shutDown() }
    }

    /// Saves the state a last time, stops the engine's threads and closes the output (a WAV file is complete
    /// afterwards). The player cannot play again; calling it twice does nothing.
    public func shutDown() {
        control.sync {
            guard !isShutDown else { return }
            isShutDown = true
            saveTimer?.cancel()
            tallyTimer?.cancel()
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
    public var repeatMode: RepeatMode { lineup.withLock { $0.order.repeatMode } }

    /// Shuffles the queue's order by songs or by albums, or restores it; the item playing plays on.
    public func setShuffleMode(_ mode: ShuffleMode) {
        control.async { [self] in
            shuffle = mode
            resetOrder(current: index)
            engine.nextItemRuleChanged()
            emit(.settingsChanged)
        }
    }

    /// Repeats nothing, the item playing, or the whole queue.
    public func setRepeatMode(_ mode: RepeatMode) {
        control.async { [self] in
            lineup.withLock { $0.order.repeatMode = mode }
            engine.nextItemRuleChanged()
            emit(.settingsChanged)
        }
    }

    /// The loudness, 0 to 1 (1 at launch; values outside are clamped; NaN changes nothing).
    public var volume: Double {
        get { control.sync { currentVolume } }
        set {
            guard !newValue.isNaN else { return }
            control.async { [self] in
                currentVolume = min(1, max(0, newValue))
                engine.setVolume(currentVolume)
                emit(.settingsChanged)
            }
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

    private func playbackTime() -> Double {
        guard let index else { return 0 }
        guard loaded else { return resumeTime }
        guard let position = engine.position, lineup.withLock({ $0.item(ofSlot: position.index) }) == index else {
            return 0
        }
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

    public func setQueue(_ collection: MediaItemCollection) {
        control.async { [self] in
            replaceQueue(with: collection.items)
            setIndex(nil)
            setState(.stopped)
            emit(.queueChanged)
            save()
        }
    }

    public func append(_ collection: MediaItemCollection) {
        control.async { [self] in add(collection.items, at: items.count, appending: true) }
    }

    public func insert(_ collection: MediaItemCollection, at position: Int) {
        control.async { [self] in add(collection.items, at: min(max(0, position), items.count), appending: false) }
    }

    public func removeItem(at position: Int) {
        control.async { [self] in
            guard items.indices.contains(position) else { return }
            let current = index
            if current == position { leaveTally(skipped: false) }
            // The item playing goes: the one after it in the play order takes its place.
            let successor = current == position ? lineup.withLock { $0.order.following(position) } : nil
            var remaining = items
            remaining.remove(at: position)
            queueNow = queueNow.replaced(by: remaining)
            lineup.withLock {
                $0.order.remove(position)
                $0.remove(at: position)
            }
            if let current, current > position {
                index = current - 1  // the same item, moved up
            } else if current == position {
                index = nil  // for the moment: the snapshot below must not name another item as playing
            }
            emit(.queueChanged)
            if current == position {
                if let successor, successor != position {
                    moveTo(successor > position ? successor - 1 : successor)
                } else {
                    unload()
                    emit(.nowPlayingItemChanged(nil))
                    setState(.stopped)
                }
            }
            if loaded { engine.nextItemRuleChanged() }
            save()
        }
    }

    public func moveItem(from: Int, to: Int) {
        control.async { [self] in
            guard items.indices.contains(from), items.indices.contains(to), from != to else { return }
            var moved = items
            moved.insert(moved.remove(at: from), at: to)
            queueNow = queueNow.replaced(by: moved)
            let shuffled = shuffle != .off
            lineup.withLock {
                $0.order.move(from: from, to: to, shuffled: shuffled)
                $0.move(from: from, to: to)
            }
            // The same item plays on from where it is (its engine slot is the same): only its place changes.
            if let current = index { index = PlayOrder.moved(current, from: from, to: to) }
            emit(.queueChanged)
            if loaded { engine.nextItemRuleChanged() }
            save()
        }
    }

    public func clearQueue() {
        control.async { [self] in
            replaceQueue(with: [])
            // The empty queue first: an observer then knows the stop that follows is no end of the music.
            let hadItem = index != nil
            index = nil
            streamTitle = nil
            resumeTime = 0
            emit(.queueChanged)
            if hadItem { emit(.nowPlayingItemChanged(nil)) }
            setState(.stopped)
            save()
        }
    }

    public func play() {
        control.async { [self] in
            guard !items.isEmpty else { return }
            switch state {
            case .playing: return
            case .paused where loaded, .interrupted where loaded: engine.resume()
            default: start(at: index ?? lineup.withLock { $0.order.first } ?? 0, time: resumeTime)
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
            let (target, repeatOne) = lineup.withLock { lineup in
                (
                    current.flatMap { lineup.order.next(after: $0) } ?? lineup.order.first,
                    lineup.order.repeatMode == .one
                )
            }
            if let target, target != current || repeatOne {
                leaveTally(skipped: true)  // left with next (B-H2)
                moveTo(target)
            }
        }
    }

    public func skipToPreviousItem() {
        control.async { [self] in
            guard let current = index else { return }
            if let target = lineup.withLock({ $0.order.previous(before: current) }) {
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
            guard replayGain.withLock({ $0 }) != mode else { return }
            replayGain.withLock { $0 = mode }
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

    /// Like `observe(on:_:)`, but nothing is coalesced: every item that started is reported, however briefly it
    /// played (for a log of what played).
    public func observeEveryEvent(
        on queue: DispatchQueue, _ handler: @escaping @Sendable (MusicPlayerEvent, PlayerSnapshot) -> Void
    ) {
        feed.add(on: queue, coalescing: false, handler)
    }

    // MARK: On the control queue

    private func track(_ item: MediaItem) -> EngineTrack {
        if let url = item.streamURL { return EngineTrack(streamURL: url) }
        return EngineTrack(
            path: item.path.bytes, fileExtension: item.path.pathExtension,
            gain: Float(replayGain.withLock { $0 }.scale(for: item.replayGain)))
    }

    /// Puts `newItems` into the queue at `at` as one change; the item playing plays on. Shuffled, appended items
    /// play after the rest (shuffled among themselves) and inserted ones at random places after the item playing.
    private func add(_ newItems: [MediaItem], at: Int, appending: Bool) {
        guard !newItems.isEmpty else { return }
        let added = at..<(at + newItems.count)
        var grown = items
        grown.insert(contentsOf: newItems, at: at)
        queueNow = queueNow.replaced(by: grown)
        let shuffled = shuffle != .off, loaded = self.loaded, current = index
        lineup.withLock {
            if appending {
                $0.order.append(added, shuffled: shuffled)
            } else {
                $0.order.insert(added, shuffled: shuffled, after: current)
            }
            $0.insert(count: added.count, at: at, loaded: loaded)
        }
        if let current, current >= at { index = current + added.count }  // the same item, moved along
        if loaded {
            engine.append(newItems.map(track))
            engine.nextItemRuleChanged()
        }
        emit(.queueChanged)
        save()
    }

    /// Leaves the item playing (its play counted if heard enough, never a skip), stops the engine and makes `items`
    /// the queue, in its own order, with no item chosen yet. On `control`.
    private func replaceQueue(with items: [MediaItem]) {
        leaveTally(skipped: false)
        unload()
        queueNow = queueNow.replaced(by: items)
        resetOrder(current: nil)
    }

    /// Builds the play order afresh for the queue, with `current` (if any) kept first when shuffled.
    private func resetOrder(current: Int?) {
        let items = self.items, shuffle = self.shuffle
        lineup.withLock {
            $0.order = PlayOrder(items: items, shuffle: shuffle, current: current, repeatMode: $0.order.repeatMode)
        }
    }

    /// Stops the engine and forgets its slots; the queue and index stay.
    private func unload() {
        engine.stop()
        loaded = false
        lineup.withLock { $0.loadAll(count: 0) }
    }

    /// Hands the queue to the engine from `position` at `time`; playing unless `resuming` is false (a paused
    /// player handing it over again stays paused).
    private func start(at position: Int, time: Double = 0, resuming: Bool = true) {
        // The same pass through the song when it is handed over again where it is heard (a ReplayGain change).
        let heardUntil = loaded && tally?.item.id == items[position].id ? playbackTime() : nil
        let count = items.count
        lineup.withLock { $0.loadAll(count: count) }
        engine.play(items.map(track), from: position, at: time)
        let slot = lineup.withLock { $0.slot(ofItem: position) } ?? position
        if let heardUntil {
            tally?.jump(from: heardUntil, to: time)
            tally?.slot = slot
        } else {
            tally = PlayTally(item: items[position], slot: slot, at: time)
        }
        resumeTime = 0
        if resuming { engine.resume() }  // a pause from before a stop or a new queue must not hold the new start
        loaded = true
        setIndex(position)
    }

    private func moveTo(_ target: Int) {
        guard target >= 0, target < items.count else { return }
        if loaded, let slot = lineup.withLock({ $0.slot(ofItem: target) }) {
            engine.skip(to: slot)
            tally = PlayTally(item: items[target], slot: slot, at: 0)
            setIndex(target)
        } else {
            setIndex(target)
            resumeTime = 0
        }
    }

    private func handle(_ event: PlaybackEngine.Event) {
        switch event {
        case .itemStarted(let slot):
            // A slot whose item was removed meanwhile is no longer in the queue.
            if let started = lineup.withLock({ $0.item(ofSlot: slot) }) {
                if tally?.slot != slot {
                    // The song before played to its end: heard up to there.
                    settleTally(heardUpTo: tally?.item.duration)
                    tally = PlayTally(item: items[started], slot: slot, at: 0)
                }
                setIndex(started)
            }
        case .itemFailed(let slot, let message):
            if let failed = lineup.withLock({ $0.item(ofSlot: slot) }) {
                emit(.itemSkipped(items[failed], message: message))
            }
        case .finished, .outputFailed:
            // The end of the queue: stopped, and the next play starts at the first item (B-P2, B-N2). The last song
            // played to its end, or as far as the failed output took it.
            if case .finished = event {
                settleTally(heardUpTo: tally?.item.duration)
            } else {
                leaveTally(skipped: false)
            }
            unload()
            setIndex(nil)
            setState(.stopped)
        case .deviceUnavailable:
            if state == .playing { setState(.paused) }
            emit(.outputDeviceUnavailable)
        case .audioServerUnavailable:
            emit(.audioServerUnavailable)
        case .audioServerAvailable:
            emit(.audioServerAvailable)
        case .interruptionBegan:
            // Audio that takes priority (a call): the output has paused; the music waits for the end (B-R5).
            if state == .playing { setState(.interrupted) }
        case .interruptionEnded(let shouldResume):
            // The call's end unknown (the audio server went away during it): paused, for the user to play on.
            if state == .interrupted {
                if shouldResume { engine.resume() }
                setState(shouldResume ? .playing : .paused)
            }
        case .streamTitleChanged(let slot, let title):
            guard let item = lineup.withLock({ $0.item(ofSlot: slot) }), item == index else { return }
            streamTitle = title
            emit(.streamTitleChanged(title))
        case .streamReconnecting(let slot, let attempt, let message):
            if let item = lineup.withLock({ $0.item(ofSlot: slot) }) {
                emit(.streamReconnecting(items[item], attempt: attempt, message: message))
            }
        case .formatFallback(let wanted, let used):
            // Told once per format: the music plays on, in a format the server takes.
            let line =
                "addmusic: the audio output does not take \(wanted); playing \(used), dithered where it holds less\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// Counts the play of the song playing if it was heard enough by now (twice a second while playing).
    private func checkTally() {
        guard state == .playing, let slot = tally?.slot, let position = engine.position, position.index == slot
        else { return }
        if tally?.wentBack(to: position.time) == true, let again = tally?.item {
            // Played again from the start with no seek (repeat one): the pass before played to its end.
            settleTally(heardUpTo: again.duration)
            tally = PlayTally(item: again, slot: slot, at: 0)
        }
        if tally?.countsNow(heardUpTo: position.time) == true, let item = tally?.item { emit(.playCounted(item)) }
    }

    /// The song playing is left where it is heard now: its play counts if it was heard enough, else leaving it
    /// with next (`skipped`) counts a skip (B-H1, B-H2).
    private func leaveTally(skipped: Bool) {
        guard let tally else { return }
        let position = loaded ? engine.position.flatMap { $0.index == tally.slot ? $0.time : nil } : nil
        settleTally(heardUpTo: position ?? (loaded ? nil : resumeTime), skipped: skipped)
    }

    /// Ends the pass through the song playing, heard up to `position` (nil: no further than checked last).
    private func settleTally(heardUpTo position: Double?, skipped: Bool = false) {
        guard var ending = tally else { return }
        tally = nil
        if let position, ending.countsNow(heardUpTo: position) {
            emit(.playCounted(ending.item))
        } else if skipped && !ending.counted {
            emit(.skipCounted(ending.item))
        }
    }

    private func setIndex(_ newIndex: Int?) {
        guard newIndex != index else { return }
        index = newIndex
        streamTitle = nil
        emit(.nowPlayingItemChanged(newIndex.map { items[$0] }))
        save()
    }

    private func setState(_ newState: PlaybackState) {
        guard newState != state else { return }
        state = newState
        emit(.playbackStateChanged(newState))
        save()
    }

    /// Writes the queue, item and time to the state file (atomically), when there is one. A failure is told once
    /// (`stateNotSaved`), until a save succeeds again.
    private func save() {
        guard let statePath else { return }
        do {
            try SavedPlayerState(itemIDs: items.map(\.id), index: index, time: playbackTime()).save(to: statePath)
            saveFailed = false
        } catch {
            guard !saveFailed else { return }
            saveFailed = true
            emit(.stateNotSaved(path: statePath, error: "\(error)", diskFull: DiskFull.isDiskFull(error)))
        }
    }

    /// Takes the snapshot afresh and makes it what `snapshot` answers.
    @discardableResult
    private func publish(position: Double? = nil) -> PlayerSnapshot {
        var now = PlayerSnapshot()
        now.state = state
        now.queue = queueNow
        now.nowPlayingIndex = index
        now.setPosition(position ?? playbackTime())
        now.shuffleMode = shuffle
        now.repeatMode = lineup.withLock { $0.order.repeatMode }
        now.volume = currentVolume
        now.streamTitle = streamTitle
        published.withLock { $0 = now }
        return now
    }

    /// Sends `event` with a snapshot taken now (its position `position` when given: a seek not heard yet).
    private func emit(_ event: MusicPlayerEvent, position: Double? = nil) {
        feed.send(event, snapshot: publish(position: position))
    }
}
