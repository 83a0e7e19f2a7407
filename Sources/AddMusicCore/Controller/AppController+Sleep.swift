import Dispatch
import MediaModel
import MusicPlayer

/// The sleep timer (B-P11), on the main thread, for either player: the music fades out over its last seconds (at
/// most ten, at most half the time the timer had) and pauses, so that it goes on from there next time; the volume is
/// put back once it is paused. It reads the player's snapshot ten times a second and never waits on the player.
extension AppController {
    /// How often the timer looks at the music.
    static let sleepTick = 0.1
    /// The longest fade.
    static let sleepFade = 10.0

    /// Starts the sleep timer (one that runs is replaced).
    public func startSleep(_ plan: SleepPlan) {
        cancelSleep()
        let snapshot = player.snapshot
        // The song (for its end, or as the sign the queue plays) is taken once the player says it plays: a queue just
        // asked for may not have reached the player yet.
        let playing = snapshot.state == .playing ? snapshot.nowPlayingItem : nil
        let left =
            if case .after(let seconds) = plan { seconds } else {
                playing.flatMap { sleepSecondsLeft(plan, item: $0, snapshot: snapshot, elapsed: 0) } ?? 0
            }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + Self.sleepTick, repeating: Self.sleepTick)
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.sleepTick() } }
        sleep = SleepTimerState(
            plan: plan, began: DispatchTime.now().uptimeNanoseconds, item: playing,
            fade: min(Self.sleepFade, max(left, 0) / 2), volume: snapshot.volume, timer: timer)
        current.sleep = MainScreenState.Sleep(plan: plan, secondsLeft: Int(clamping: left, rounding: .up))
        timer.resume()
        publish()
    }

    /// Stops the sleep timer, the music as it is (its volume put back if the fade had begun).
    public func cancelSleep() {
        guard let state = sleep else { return }
        state.timer.cancel()
        if state.fading {
            let volume = state.volume
            tell { $0.setVolume(volume) }
        }
        sleep = nil
        current.sleep = nil
        publish()
    }

    /// One look at the music: the time left, the fade, the end.
    private func sleepTick() {
        guard var state = sleep else { return }
        let snapshot = player.snapshot
        if state.item == nil, !state.isTimed {
            // Set before the music played: the song (or queue) is the first that plays.
            guard snapshot.state == .playing, let playing = snapshot.nowPlayingItem else { return }
            state.item = playing
            let left = sleepSecondsLeft(state.plan, item: playing, snapshot: snapshot, elapsed: 0) ?? 0
            state.fade = min(Self.sleepFade, max(left, 0) / 2)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - state.began) / 1e9
        let left = sleepSecondsLeft(state.plan, item: state.item, snapshot: snapshot, elapsed: elapsed) ?? 0
        // Repeat plays the song (or the queue) again from its start, so the time left rises again: the end passed
        // between two looks. With a crossfade the first song is reported as it fades in, that long before the end.
        let near = 1 + (storedPreferences.crossfade ?? 0)
        let wentRound = !state.isTimed && (state.lastLeft.map { $0 <= near && left > $0 } ?? false)
        guard left > Self.sleepTick / 2, !wentRound else {
            endSleep(state)
            return
        }
        state.lastLeft = left
        if left <= state.fade {
            state.fading = true
            let volume = state.volume * left / state.fade
            tell { $0.setVolume(volume) }
        }
        sleep = state
        let shown = Int(clamping: left, rounding: .up)
        if current.sleep?.secondsLeft != shown {
            current.sleep = MainScreenState.Sleep(plan: state.plan, secondsLeft: shown)
            publish()
        }
    }

    /// The timer ran out: the music pauses, silent, then gets its volume back.
    private func endSleep(_ state: SleepTimerState) {
        state.timer.cancel()
        let volume = state.volume
        tell { player in
            player.setVolume(0)
            player.pause()
            player.setVolume(volume)
        }
        sleep = nil
        current.sleep = nil
        notify(.sleepEnded)
        publish()
    }

    /// The seconds left before the music pauses: the timer's own time, or what is left of `item` (the song playing
    /// when it began) or of the queue. Nil when the music has ended already.
    private func sleepSecondsLeft(
        _ plan: SleepPlan, item: MediaItem?, snapshot: PlayerSnapshot, elapsed: Double
    ) -> Double? {
        switch plan {
        case .after(let seconds):
            return seconds - elapsed
        case .endOfSong:
            guard let playing = snapshot.nowPlayingItem, let item, playing.id == item.id, playing.path == item.path
            else { return nil }
            return playing.duration - snapshot.playbackTime()
        case .endOfQueue:
            guard let index = snapshot.nowPlayingIndex, let playing = snapshot.nowPlayingItem,
                snapshot.state != .stopped
            else { return nil }
            let after = snapshot.queue.items.dropFirst(index + 1).map(\.duration).reduce(0, +)
            return playing.duration - snapshot.playbackTime() + after
        }
    }
}
