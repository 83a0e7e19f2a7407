/// Where the engine's samples go: the audio server, a WAV file, or nowhere.
///
/// The engine calls every method from its output thread, except `pause`, `resume` and `flush`, which come from the
/// control side; implementations make those safe to call while a `write` is in progress.
public protocol AudioOutput: AnyObject, Sendable {
    /// Prepares to receive samples of `format`. Called again with another format (the next song's), it re-opens
    /// its stream in that one; the caller has drained what it wrote before. A format the device does not take is
    /// replaced by one it does (`acceptedFormat(for:)`).
    /// - Throws: the output's own error when it cannot open (no audio server, a folder that cannot be written).
    func open(_ format: PCMFormat) throws
    /// The format a stream opened for `format` really has: `format` itself, or the nearest one the device takes
    /// (another sample format, rate or channel count), which the engine then decodes into. Quick: it asks no server.
    func acceptedFormat(for format: PCMFormat) -> PCMFormat
    /// Hands over `samples` (interleaved frames of the format opened, as floats at full scale ±1); returns when the
    /// output has taken them all. `precision` is the bits the samples carry (the song's, or 32 once a gain or a
    /// resampler touched them): where the stream's sample format holds fewer, the output dithers. A clocked output
    /// blocks here at the pace of playback; an unclocked one returns at once. Returns how many samples it took (whole
    /// frames): all of them, unless `interrupt()` or `flush()` ended the call early.
    @discardableResult
    func write(_ samples: UnsafeBufferPointer<Float>, precision: Int) throws -> Int
    /// Stops taking samples for now, keeping what it holds; a `write` in progress waits.
    func pause()
    /// Takes samples again after `pause`.
    func resume()
    /// Drops what it holds and has not played yet, so no old audio is heard.
    func flush()
    /// Ends a `write` (or `drain`) in progress at once, keeping what the output holds, which plays on: the engine
    /// then ends the music it cut off (a skip, a seek, a stop) with a short fade of its own rather than a click.
    func interrupt()
    /// Plays out what it holds, returning when it has been heard.
    func drain() throws
    /// Releases the device or file.
    func close()
    /// Seconds of audio taken by `write` but not yet heard.
    var delay: Double { get }
    /// Sets the loudness, 0 (silent) to 1 (as decoded), for what plays from now on.
    func setVolume(_ volume: Double)
    /// Tells the output whom to tell of what happens to its device; called once, before `open`.
    func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void)
}

extension AudioOutput {
    /// Outputs that write any format take every one.
    public func acceptedFormat(for format: PCMFormat) -> PCMFormat { format }

    /// Outputs whose `write` never waits (a file) have nothing to interrupt.
    public func interrupt() {}

    /// Outputs without a mixer (a file, nowhere) keep the samples as they are.
    public func setVolume(_ volume: Double) {}

    /// Outputs without a device (a file, nowhere) have nothing to report.
    public func setEventHandler(_ handler: @escaping @Sendable (AudioOutputEvent) -> Void) {}
}
