/// A block of decoded samples on its way from the decoder thread to the output thread.
struct PCMChunk: Sendable {
    /// What a chunk carries.
    enum Content: Sendable {
        /// `count` interleaved samples, held in the ring's slot `slot`, of the queue's item `index`, starting
        /// `startFrame` frames into it.
        case samples(slot: Int, count: Int, index: Int, startFrame: Int)
        /// Item `index` begins: its samples are of `format` and carry `precision` bits. Sent before its first
        /// samples; where the stream does not carry that format exactly, the output thread plays out what it wrote
        /// and re-opens the stream in it.
        case begin(index: Int, format: PCMFormat, precision: Int)
        /// The stream of item `index` sent `title`, heard from here on.
        case streamTitle(index: Int, title: String)
        /// The stream of item `index` dropped or stalled after the audio before this chunk (`message` says how) and
        /// is being reconnected, the `attempt`th time in a row.
        case streamDropped(index: Int, attempt: Int, message: String)
        /// Item `index` could not be played; the decoder has moved on.
        case failed(index: Int, message: String)
        /// The queue has been decoded to its end, the decoder's `end`th. Unless `final` (nothing in the queue plays),
        /// items appended since, or a repeat turned on, may have continued it (see `PlaybackEngine.ended`).
        case endOfQueue(end: Int, final: Bool)
    }

    /// The engine's generation when the chunk was made; a seek or skip starts a new one and older chunks are dropped.
    var generation: Int
    var content: Content
}
