import AudioEngine
import Dispatch
import Foundation
import MediaModel

/// The player and its engine, on the control queue: what is handed over (the item playing and the one to follow it,
/// each under a fresh token), and the engine's events, which move the player at each border.
extension ApplicationMusicPlayer {
    func track(_ item: MediaItem) -> EngineTrack {
        if let url = item.streamURL { return EngineTrack(streamURL: url) }
        var track = EngineTrack(
            path: item.audioFile.bytes, fileExtension: item.audioFile.pathExtension,
            gain: Float(replayGain.scale(for: item)))
        if let segment = item.segment {
            track.start = segment.startSeconds
            track.end = segment.endSeconds
        }
        return track
    }

    /// Stops the engine and forgets what it was handed; the queue and index stay.
    func unload() {
        engine.stop()
        loaded = false
        nowToken = nil
        handedNext = nil
    }

    /// A token for a hand-over to the engine, never used before.
    func freshToken() -> EngineToken {
        lastToken += 1
        return EngineToken(lastToken)
    }

    /// Hands the engine the item to follow the one playing, by the play order, unless that item is handed over
    /// already: after every change of the queue or the order, and at each border.
    func handNext() {
        guard loaded, let index else { return }
        guard let target = order.next(after: index) else {
            if handedNext != nil {
                handedNext = nil
                engine.clearNext()
            }
            return
        }
        if handedNext?.index == target { return }
        let token = freshToken()
        handedNext = (token, target)
        var next = track(items[target])
        next.crossfades = !PlayOrder.joinsGaplessly(items[index], items[target])
        engine.setNext(next, token: token)
    }

    /// Hands the queue to the engine from `position` at `time`; playing unless `resuming` is false (a paused
    /// player handing it over again stays paused).
    func start(at position: Int, time: Double = 0, resuming: Bool = true) {
        // The same pass through the song when it is handed over again where it is heard (a ReplayGain change).
        let heardUntil = loaded && tally?.item.id == items[position].id ? playbackTime() : nil
        let token = freshToken()
        engine.play(track(items[position]), token: token, at: time)
        nowToken = token
        handedNext = nil
        if let heardUntil {
            tally?.jump(from: heardUntil, to: time)
            tally?.pass = token.value
        } else {
            tally = PlayTally(item: items[position], pass: token.value, at: time)
        }
        resumeTime = 0
        if resuming { engine.resume() }  // a pause from before a stop or a new queue must not hold the new start
        loaded = true
        setIndex(position)
        handNext()
    }

    /// Plays item `target` from its start (a skip), paused where the player is paused.
    func moveTo(_ target: Int) {
        guard target >= 0, target < items.count else { return }
        if loaded {
            tally = nil
            start(at: target, resuming: false)
        } else {
            setIndex(target)
            resumeTime = 0
        }
    }

    func handle(_ event: PlaybackEngine.Event) {
        switch event {
        case .started(let token): passed(to: token)
        case .failed(let token, let message): failed(token, message: message)
        case .finished(let token):
            guard token == nowToken else { return }
            // A next item handed over after the engine had played out the last: it plays now.
            if let handed = handedNext {
                settleTally(heardUpTo: tally?.item.duration)
                return start(at: handed.index, resuming: false)
            }
            // The end of the queue: stopped, and the next play starts at the first item (B-P2, B-N2). The last
            // song played to its end.
            settleTally(heardUpTo: tally?.item.duration)
            endOfMusic()
        case .outputFailed:
            // Played as far as the failed output took it.
            leaveTally(skipped: false)
            endOfMusic()
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
        case .streamTitleChanged(let token, let title):
            guard token == nowToken else { return }
            streamTitle = title
            emit(.streamTitleChanged(title))
        case .streamReconnecting(let token, let attempt, let message):
            if token == nowToken, let index {
                emit(.streamReconnecting(items[index], attempt: attempt, message: message))
            }
        case .formatFallback(let wanted, let used):
            // Told once per format: the music plays on, in a format the server takes.
            let line =
                "addmusic: the audio output does not take \(wanted); playing \(used), dithered where it holds less\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// The engine began to play `token`: after a start or a seek, the item playing; at a border, the item handed
    /// over next, which now plays.
    func passed(to token: EngineToken) {
        if token == nowToken {
            failuresInARow = 0
            return
        }
        guard let handed = handedNext, handed.token == token, items.indices.contains(handed.index) else {
            return engineWentAstray()
        }
        failuresInARow = 0
        // The song before played to its end: heard up to there.
        settleTally(heardUpTo: tally?.item.duration)
        nowToken = token
        handedNext = nil
        tally = PlayTally(item: items[handed.index], pass: token.value, at: 0)
        setIndex(handed.index)
        handNext()
    }

    /// Item `token` could not be played and was skipped. The item just started: the engine goes on to the one handed
    /// over next, if any. The item handed over next, at its border: the music goes on after it. After as many
    /// failures in a row as the queue holds, nothing in it plays and the music stops.
    func failed(_ token: EngineToken, message: String) {
        let failedIndex = token == nowToken ? index : handedNext.flatMap { $0.token == token ? $0.index : nil }
        guard let failedIndex, items.indices.contains(failedIndex) else { return }
        emit(.itemSkipped(items[failedIndex], message: message))
        failuresInARow += 1
        let exhausted = failuresInARow >= items.count
        if token == nowToken {
            tally = nil  // nothing of it was heard
            if exhausted { endOfMusic() }
            return
        }
        // The song before played to its end.
        settleTally(heardUpTo: tally?.item.duration)
        if !exhausted, let target = order.next(after: failedIndex) {
            start(at: target, resuming: false)
        } else {
            endOfMusic()
        }
    }

    /// The engine began a track the player had taken back (a next item replaced just as it began): the music goes
    /// where the player now says, the item handed over instead, or nowhere.
    func engineWentAstray() {
        settleTally(heardUpTo: tally?.item.duration)
        if let handed = handedNext, items.indices.contains(handed.index) {
            start(at: handed.index, resuming: false)
        } else {
            endOfMusic()
        }
    }

    /// Playback ended (the queue played out, the output failed, or nothing in the queue plays): stopped, and the
    /// next play starts at the first item.
    func endOfMusic() {
        unload()
        setIndex(nil)
        setState(.stopped)
    }
}
