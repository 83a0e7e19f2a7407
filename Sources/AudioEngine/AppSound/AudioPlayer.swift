// Threads: control calls from any thread, behind one lock; a prepared player owns a `SoundPlayback` thread.
// `onFinish` and `onDecodeError` are called on the queue given to `init`.
import FFmpegSupport
import Foundation

/// Plays a short sound (the app sound) from a file or from bytes in memory, alongside the music: it decodes the
/// whole sound into memory and opens its stream when prepared, so that `play()` is heard at once. Several players
/// can play together. Made with an `AudioSession`, its stream has the session category's role, and it pauses when
/// the session is interrupted.
public final class AudioPlayer: @unchecked Sendable {  // every mutable property behind `lock`
    private let path: [UInt8]
    private let fileExtension: String
    private let session: AudioSession?
    private let givenOutput: AudioOutput?
    private let callbacks: DispatchQueue
    private let format = PCMFormat()
    private let lock = NSLock()
    private var playback: SoundPlayback?
    private var loops = 0
    private var level = 1.0
    /// The callbacks, apart from the player: the sound thread reads them without holding the player (were it let
    /// go there, its `deinit` would wait for that very thread).
    private let finishHandler = FinishHandler()
    private var decodeErrorHandler: (@Sendable (FFmpegError) -> Void)?
    private var wasPaused = false
    /// The temporary file holding bytes given in memory, removed with the player.
    private let temporaryFile: String?
    /// The sound when it is a plain WAV in the player's format, read once, without FFmpeg; otherwise nil, and FFmpeg
    /// decodes the file when the player is prepared.
    private let wave: PCMWaveFile?

    /// The file's length in seconds.
    public let duration: Double

    /// A player for the sound in the file at `path` (any format FFmpeg decodes). Its stream comes from `session`
    /// (with the session's category), or is `output` when given (a WAV file or a null output, for tests and
    /// headless use). Callbacks are delivered on `callbacks`.
    /// - Throws: `FFmpegError` when the file cannot be opened as audio.
    public init(
        contentsOf path: String, session: AudioSession? = nil, output: AudioOutput? = nil,
        callbacks: DispatchQueue = DispatchQueue(label: "addmusic.audioplayer")
    ) throws {
        let track = EngineTrack(path: path)
        self.path = track.path
        fileExtension = track.fileExtension
        self.session = session
        givenOutput = output
        self.callbacks = callbacks
        temporaryFile = nil
        wave = PCMWaveFile(path: track.path, matching: format)
        duration =
            try wave?.duration ?? AudioDecoder(path: track.path, fileExtension: fileExtension, format: format).duration
        session?.register(self)
    }

    /// A player for a sound held in memory (the bytes of a file in any format FFmpeg decodes); `fileExtension`
    /// names its format ("ogg", "wav", …) to pick the demuxer.
    /// - Throws: `FFmpegError` when the bytes are not audio; the file system's error when they cannot be staged.
    public init(
        data: [UInt8], fileExtension: String, session: AudioSession? = nil, output: AudioOutput? = nil,
        callbacks: DispatchQueue = DispatchQueue(label: "addmusic.audioplayer")
    ) throws {
        // FFmpeg reads files; the bytes go to a private temporary file for as long as the player lives.
        let staged = NSTemporaryDirectory() + "/addmusic-sound-\(UUID().uuidString).\(fileExtension)"
        try Data(data).write(to: URL(fileURLWithPath: staged), options: [.atomic])
        path = Array(staged.utf8)
        self.fileExtension = fileExtension.lowercased()
        self.session = session
        givenOutput = output
        self.callbacks = callbacks
        temporaryFile = staged
        wave = self.fileExtension == "wav" ? PCMWaveFile(bytes: data, matching: format) : nil
        do {
            duration =
                try wave?.duration
                ?? AudioDecoder(path: path, fileExtension: self.fileExtension, format: format).duration
        } catch {
            try? FileManager.default.removeItem(atPath: staged)
            throw error
        }
        session?.register(self)
    }

    deinit {
        playback?.close()
        if let temporaryFile { try? FileManager.default.removeItem(atPath: temporaryFile) }
    }

    /// Called with true when the sound has played to its end (all its loops), false when it stopped because its
    /// output failed.
    public var onFinish: (@Sendable (_ successfully: Bool) -> Void)? {
        get { finishHandler.get() }
        set { finishHandler.set(newValue) }
    }

    /// Called when the sound cannot be decoded (wholly or from some point on); what decoded before still plays.
    public var onDecodeError: (@Sendable (FFmpegError) -> Void)? {
        get { lock.withLock { decodeErrorHandler } }
        set { lock.withLock { decodeErrorHandler = newValue } }
    }

    /// How many more times the sound plays after the first: 0 once, n more times, negative until stopped.
    public var numberOfLoops: Int {
        get { lock.withLock { loops } }
        set { lock.withLock { loops = newValue } }
    }

    /// The loudness, 0 to 1 (values outside are clamped; NaN changes nothing).
    public var volume: Double {
        get { lock.withLock { level } }
        set {
            guard !newValue.isNaN else { return }
            let value = min(1, max(0, newValue))
            let current = lock.withLock {
                level = value
                return playback
            }
            current?.setVolume(value)
        }
    }

    /// Whether it is playing now.
    public var isPlaying: Bool { lock.withLock { playback }?.isPlaying ?? false }

    /// Seconds into the sound; settable (the output's buffer is dropped, so the new time is heard at once).
    public var currentTime: Double {
        get { lock.withLock { playback }?.currentTime ?? 0 }
        set {
            guard let playback = prepared() else { return }
            playback.seek(to: newValue)
        }
    }

    /// Decodes the sound into memory and opens its stream (paused), so that `play()` starts at once. Returns false
    /// when nothing of it could be decoded. Preparing a prepared player does nothing.
    @discardableResult
    public func prepareToPlay() -> Bool { prepared() != nil }

    /// Plays from the current time (from the start after the end or a stop that rewound); prepares first when
    /// needed. Returns false when the sound cannot be played.
    @discardableResult
    public func play() -> Bool {
        guard let playback = prepared() else { return false }
        let (loops, afresh) = lock.withLock {
            defer { wasPaused = false }
            return (self.loops, !wasPaused)
        }
        playback.play(loops: loops, afresh: afresh)
        return true
    }

    /// Pauses; `play()` goes on from the same place.
    public func pause() {
        guard let playback = lock.withLock({ playback }), playback.isPlaying else { return }
        lock.withLock { wasPaused = true }
        playback.pause()
    }

    /// Stops; the current time stays where it was (set it to 0 to rewind) and the stream stays ready.
    public func stop() {
        lock.withLock { wasPaused = false }
        lock.withLock { playback }?.stop()
    }

    /// The session was interrupted: pause, as the server paused the stream or will.
    func pauseForInterruption() { pause() }

    // MARK: Preparing

    /// The whole sound in the player's format (what decoded before an error, which is reported).
    private func decodedSamples() -> [Float] {
        if let wave { return wave.samples }
        let decoded = PendingSamples(capacity: 1 << 16)
        do {
            let decoder = try AudioDecoder(path: path, fileExtension: fileExtension, format: format)
            while try decoder.decode(into: decoded) {}
        } catch {
            if let handler = decodeErrorHandler { callbacks.async { handler(error) } }
        }
        return Array(decoded.samples)
    }

    private func prepared() -> SoundPlayback? {
        lock.lock()
        defer { lock.unlock() }
        if let playback { return playback }
        let samples = decodedSamples()
        guard !samples.isEmpty else { return nil }
        let output = givenOutput ?? session?.makeOutput() ?? PulseOutput(role: AudioSession.Category.ambient.streamRole)
        output.pause()  // opened paused: nothing is heard before `play()`
        let opened: AudioOutput
        do {
            try output.open(format)
            opened = output
        } catch {
            // No audio server: the sound "plays" silently, in time, so the app behaves the same (B-F4).
            opened = NullOutput(clocked: true)
            try? opened.open(format)
            opened.pause()
        }
        if level < 1 { opened.setVolume(level) }
        let callbacks = self.callbacks
        let finish = finishHandler
        let newPlayback = SoundPlayback(output: opened, samples: samples, format: format) { success in
            guard let handler = finish.get() else { return }
            callbacks.async { handler(success) }
        }
        playback = newPlayback
        return newPlayback
    }
}

/// The finished callback of an `AudioPlayer`, behind a lock of its own.
private final class FinishHandler: @unchecked Sendable {  // `handler` behind `lock`
    private let lock = NSLock()
    private var handler: (@Sendable (Bool) -> Void)?

    func get() -> (@Sendable (Bool) -> Void)? { lock.withLock { handler } }
    func set(_ newValue: (@Sendable (Bool) -> Void)?) { lock.withLock { handler = newValue } }
}
