import AudioEngine
import MediaModel
import MusicPlayer

/// What the player, the audio session and the app sound report; all handled on the main thread.
extension AppController {
    /// `snapshot` is the player as it was when it sent `event`: the screen is drawn from it, never from a question
    /// to the player.
    func handle(_ event: MusicPlayerEvent, _ snapshot: PlayerSnapshot) {
        current.nowPlayingIndex = snapshot.nowPlayingIndex
        current.shuffleMode = snapshot.shuffleMode
        current.repeatMode = snapshot.repeatMode
        current.volume = snapshot.volume
        switch event {
        case .nowPlayingItemChanged, .playbackStateChanged:
            scrobbler.playerChanged(item: snapshot.nowPlayingItem, playing: snapshot.state == .playing)
        default: break
        }
        switch event {
        case .playbackStateChanged(let state):
            show(state)
            noteState(state)
        case .nowPlayingItemChanged(let item):
            if let item {
                show(item)
                notify(.started(item))
            } else if !current.queue.items.isEmpty {
                current.artwork = .placeholder
                forgetArtwork()
            }
        case .queueChanged: showQueue(snapshot.queue)
        case .settingsChanged, .positionChanged:
            break  // not shown on the main screen; the progress clock reads the position
        case .streamTitleChanged(let title):
            // A stream's own title (untrusted text, controls shown as symbols) is the now-playing line as it changes.
            current.text = "\(text.string("Now Playing:")) \(TerminalSafeText.make(title))"
            notify(.streamTitle(title))
        case .playCounted, .skipCounted:
            recordStatistics(event)
        default: tellProblem(event)
        }
        publish()
    }

    /// The play/pause control for the player's new state (B-P2): paused → play; playing → pause; stopped → play
    /// (the player itself made it a full stop, so the next play starts the queue from its first item).
    private func show(_ state: PlaybackState) {
        switch state {
        case .playing:
            current.playPauseControl = .pause
            playedOnce = true  // also when another client (the desktop's media keys, mpc) started it
            // B-P10: the songs' loudness is measured from the first song played on (FFmpeg is loaded by then).
            if !loudnessStarted && playerKind == .application { analyzeLoudness() }
        case .paused, .interrupted, .seekingForward, .seekingBackward:
            current.playPauseControl = .play
        case .stopped:
            current.playPauseControl = .play
            if !current.queue.items.isEmpty {
                // B-N2: the music ended; invite the user to play it again.
                current.text = text.string("Music-ended Instructions")
                current.musicButtonTitle = text.string("Show Music")
            }
        }
    }

    /// The player's queue, as it came with its event.
    private func showQueue(_ queue: QueueSnapshot) {
        current.queue = queue
        let asked = queueAsked
        queueAsked = false
        if current.queue.items.isEmpty && !asked {
            // Cleared (here or by another client of a shared player): the screen is as at launch (B-L1, B-A7).
            showEmptyQueue()
        } else if !current.queue.items.isEmpty {
            // Filled elsewhere too (the desktop's media controls, another client of the daemon): B-A5 holds.
            current.isPlayPauseEnabled = true
            current.musicButtonTitle = text.string("Show Music")
        }
    }

    /// What went wrong, or right again, as a passing message and a line of the log.
    private func tellProblem(_ event: MusicPlayerEvent) {
        switch event {
        case .itemSkipped(let item, let message):
            // B-F1, B-C1: a missing or broken file is skipped with a message, never a crash.
            post(text.string("message.skipped", item.title, message))
            notify(.skipped(item, reason: message))
            log("skipped \(item.path): \(message)")
        case .outputDeviceUnavailable:
            notify(.deviceLost)
            log("the music's output device went away; the music paused")  // B-P4
        case .audioServerUnavailable:
            // B-F4: the audio server, or the system player's daemon, went away; the app keeps running.
            post(text.string(playerKind == .system ? "message.daemonLost" : "message.serverLost"))
            notify(.serverLost)
        case .audioServerAvailable:
            post(text.string(playerKind == .system ? "message.daemonBack" : "message.serverBack"))
            notify(.serverBack)
        case .stateNotSaved(let path, let error, let diskFull):
            let said = FailureText.stateNotSaved(path: path, error: error, diskFull: diskFull, text: text)
            post(said)
            notify(.stateNotSaved(said))
            log("the player's state was not saved to \(path): \(error)")
        case .commandFailed(let message):
            post(text.string("message.daemonFailed", message))
            notify(.commandFailed(message))
            log("the music daemon did not carry out a command: \(message)")
        case .streamReconnecting(let item, let attempt, let message):
            notify(.streamReconnecting(item, attempt: attempt, reason: message))
            post(
                text.string(
                    "message.streamReconnecting", TerminalSafeText.make(item.title), TerminalSafeText.make(message)))
            log("the stream \(item.path) dropped (\(message)); reconnecting")
        default: break
        }
    }

    func handle(_ event: AudioSession.Event) {
        switch event {
        case .routeChanged(let reason, let previousRoute):
            if reason == .oldDeviceUnavailable && appSoundActive && appSound.withLock({ $0 })?.isPlaying == true {
                // B-R2: the device the app sound played on went away while it played.
                appSoundLostItsDevice()
                log("route change (\(reason)) from \(previousRoute): the app sound paused")
            } else {
                // B-R1, B-R4: noted, nothing else.
                log("route change (\(reason)) from \(previousRoute)")
            }
        case .interruptionBegan:
            // B-R5: the session paused the app sound; note whether it was playing.
            appSoundInterrupted = appSoundActive
            log("interruption began")
        case .interruptionEnded(let shouldResume):
            // Without shouldResume the call's end is not known (the audio server went away during it): the app
            // sound does not play on by itself (B-R5).
            log(shouldResume ? "interruption ended" : "interruption ended with the audio server's loss")
            resumeAfterInterruption(playOn: shouldResume)
        }
        publish()
    }
}
