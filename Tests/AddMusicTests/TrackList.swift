import AudioEngine
import Foundation

/// A list of tracks played on a real `PlaybackEngine` the way its owner plays a queue: track `i` is handed over as
/// token `i`, and the track after it is handed over as next at each border (a track started or failed) and when
/// tracks are appended. Its events reach `onEvent` unchanged, after the list has answered them.
final class TrackList: @unchecked Sendable {  // `tracks` guarded by `lock`; the engine is thread-safe
    let engine: PlaybackEngine
    private let lock = NSLock()
    private var tracks: [EngineTrack] = []
    /// The track the engine plays or was last told to: appending after it hands the new one over.
    private var current = 0
    /// The track last handed over as next. Handed once: an event that arrives after the engine moved on (a failure
    /// of the track before, told late) must not hand the track playing over again, as a track to follow itself.
    private var handed: Int?

    init(
        output: AudioOutput, outputFormat: OutputFormatChoice = .native, streamTimeout: Double = 10,
        events: DispatchQueue, onEvent: @escaping @Sendable (PlaybackEngine.Event) -> Void
    ) throws {
        let target = Target()
        engine = try PlaybackEngine(
            output: output, outputFormat: outputFormat, streamTimeout: streamTimeout, events: events
        ) { event in
            target.list?.answer(event)
            onEvent(event)
        }
        target.list = self
    }

    /// Where the engine's events go once the list exists (set once in `init`, before anything plays).
    private final class Target: @unchecked Sendable {
        weak var list: TrackList?
    }

    /// Plays `tracks` from track `index`, `time` seconds in.
    func play(_ tracks: [EngineTrack], from index: Int = 0, at time: Double = 0) {
        lock.withLock {
            self.tracks = tracks
            current = index
            handed = nil
        }
        engine.play(tracks[index], token: EngineToken(index), at: time)
        handNext(after: index)
    }

    /// Adds `tracks` at the end; when the last track plays, the first of them is handed over as next.
    func append(_ added: [EngineTrack]) {
        let last = lock.withLock {
            tracks += added
            return current
        }
        handNext(after: last)
    }

    /// Plays track `index` from its start.
    func skip(to index: Int) {
        let track = lock.withLock {
            current = index
            handed = nil
            return tracks[index]
        }
        engine.play(track, token: EngineToken(index))
        handNext(after: index)
    }

    func seek(to time: Double) { engine.seek(to: time) }
    func pause() { engine.pause() }
    func resume() { engine.resume() }
    func setOutputFormat(_ choice: OutputFormatChoice) { engine.setOutputFormat(choice) }
    func shutDown() { engine.shutDown() }

    /// The track playing (its index in the list) and how far into it.
    var position: (index: Int, time: Double)? { engine.position.map { ($0.token.value, $0.time) } }

    private func answer(_ event: PlaybackEngine.Event) {
        switch event {
        case .started(let token), .failed(let token, _):
            lock.withLock { current = token.value }
            handNext(after: token.value)
        default: break
        }
    }

    private func handNext(after index: Int) {
        let next = lock.withLock { () -> EngineTrack? in
            guard index + 1 < tracks.count, handed != index + 1 else { return nil }
            handed = index + 1
            return tracks[index + 1]
        }
        if let next { engine.setNext(next, token: EngineToken(index + 1)) }
    }
}

extension PlaybackEngine.Event {
    /// Whether this is the end of the music (`finished`, whichever track ended it).
    var isFinished: Bool {
        if case .finished = self { true } else { false }
    }
}
