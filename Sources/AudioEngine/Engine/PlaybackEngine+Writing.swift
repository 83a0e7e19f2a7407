import Foundation

// MARK: The output thread

extension PlaybackEngine {
    /// What the output thread keeps between chunks: the stream's format (opened in `init`), whether anything was
    /// written to it since, the bits the current song's samples carry, and the track it told as started last.
    private struct WriterState {
        var opened = PCMFormat.fixed
        var written = false
        var precision = 16
        var lastStarted: (generation: Int, token: EngineToken)?
        /// The cuts' fades (`CutFade`): the last frame written, and whether the music still sounds from it.
        let fade = CutFade()
        /// The generation of the samples written last.
        var lastGeneration = -1
    }

    func outputLoop() {
        var state = WriterState()
        while let chunk = ring.pop() {
            defer { ring.release(chunk) }
            guard admit(chunk) else { continue }
            switch chunk.content {
            case .begin(_, let format, let songPrecision):
                state.precision = songPrecision
                guard !state.opened.carriesExactly(format) else { continue }
                reopen(in: format, for: chunk, state: &state)
            case .samples(let slot, let count, let token, let startFrame):
                write(slot: slot, count: count, token: token, startFrame: startFrame, of: chunk, state: &state)
                control.withLock {
                    outputWriting = false
                    control.broadcast()
                }
            case .failed(let token, let message):
                send(.failed(token, message: message), generation: chunk.generation)
            case .streamTitle(let token, let title):
                send(.streamTitleChanged(token, title: title), generation: chunk.generation)
            case .streamDropped(let token, let attempt, let message):
                send(.streamReconnecting(token, attempt: attempt, message: message), generation: chunk.generation)
            case .end(let token):
                playOut(token, generation: chunk.generation, state: &state)
            }
        }
    }

    /// Whether `chunk` is to be played: of the engine's generation, and of the track playing or the next one. The
    /// next one's first chunk is the border: from here on it is the track playing, and none is next.
    private func admit(_ chunk: PCMChunk) -> Bool {
        control.lock()
        defer { control.unlock() }
        let token = chunk.content.token
        guard isLiveLocked(token, generation: chunk.generation) else { return false }
        if token == next?.token {
            now = next
            next = nil
        }
        if case .samples = chunk.content { outputWriting = true }
        return true
    }

    /// A boundary of formats the stream cannot bridge: plays out the last song, then re-opens the stream in the next
    /// one's.
    private func reopen(in format: PCMFormat, for chunk: PCMChunk, state: inout WriterState) {
        if state.written { try? output.drain() }
        state.fade.silenced()
        if isStale(chunk.generation) { return }
        do {
            try output.open(format)
        } catch {
            stop()
            send(.outputFailed(message: String(describing: error)))
            return
        }
        state.opened = format
        state.written = false
    }

    private func write(
        slot: Int, count: Int, token: EngineToken, startFrame: Int, of chunk: PCMChunk, state: inout WriterState
    ) {
        let samples = UnsafeMutableBufferPointer(rebasing: ring.samples(of: slot)[..<count])
        if chunk.generation != state.lastGeneration {
            // The first samples after a start, a seek or a skip: what was cut off ends first, and a seek fades in.
            state.lastGeneration = chunk.generation
            // After a skip that fades, the samples go on from the last ones written: nothing to end or fade in.
            let continued = control.withLock { continuedGeneration == chunk.generation }
            let smoothly = control.withLock { smoothCut } && !continued
            if state.fade.endCutOff(on: output, format: state.opened, smoothly: smoothly), startFrame > 0, !continued {
                state.fade.fadeIn(samples, format: state.opened)
            }
        }
        if state.lastStarted.map({ $0.generation != chunk.generation || $0.token != token }) ?? true {
            state.lastStarted = (chunk.generation, token)
            send(.started(token), generation: chunk.generation)
        }
        do {
            state.written = true
            let taken = try output.write(UnsafeBufferPointer(samples), precision: state.precision)
            guard taken >= count else {
                // Cut off (a skip, a seek, a stop): the rest of the chunk fades out, unless the output was flushed.
                if isStale(chunk.generation) {
                    state.fade.fadeOut(
                        UnsafeBufferPointer(samples), after: taken, on: output, format: state.opened,
                        smoothly: control.withLock { smoothCut })
                    // A stop: nothing follows the fade, which the server plays only when told to play out (PipeWire
                    // holds back a stream's last fragment). A start meanwhile ends the wait.
                    if control.withLock({ now == nil && smoothCut }) {
                        try? output.drain()
                        state.fade.silenced()
                    }
                }
                return
            }
            state.fade.wrote(UnsafeBufferPointer(samples), channels: state.opened.channels)
        } catch {
            stop()
            send(.outputFailed(message: String(describing: error)))
            return
        }
        let end = Double(startFrame + count / state.opened.channels) / Double(state.opened.sampleRate)
        control.lock()
        if generation == chunk.generation { playing = (token, end) }
        lastWritten = (token, startFrame + count / state.opened.channels, state.opened)
        control.unlock()
    }

    /// The end of track `token`, with nothing handed over after it when it was decoded: unless a next track came
    /// since (it is decoded behind this mark), the track is played out and, if still nothing follows, the engine is
    /// idle.
    private func playOut(_ token: EngineToken, generation: Int, state: inout WriterState) {
        if control.withLock({ next != nil }) { return }
        try? output.drain()
        state.fade.silenced()
        finishUnlessFollowed(token, generation: generation)
    }
}
