/// A block of decoded samples, or a mark between them, on its way from the decoder thread to the output thread.
struct PCMChunk: Sendable {
    /// What a chunk carries.
    enum Content: Sendable {
        /// `count` interleaved samples, held in the ring's slot `slot`, of the track `token`, starting `startFrame`
        /// frames into it.
        case samples(slot: Int, count: Int, token: EngineToken, startFrame: Int)
        /// Track `token` begins: its samples are of `format` and carry `precision` bits. Sent before its first
        /// samples; where the stream does not carry that format exactly, the output thread plays out what it wrote
        /// and re-opens the stream in it.
        case begin(token: EngineToken, format: PCMFormat, precision: Int)
        /// The stream of track `token` sent `title`, heard from here on.
        case streamTitle(token: EngineToken, title: String)
        /// The stream of track `token` dropped or stalled after the audio before this chunk (`message` says how) and
        /// is being reconnected, the `attempt`th time in a row.
        case streamDropped(token: EngineToken, attempt: Int, message: String)
        /// Track `token` could not be played; nothing of it is heard.
        case failed(token: EngineToken, message: String)
        /// Track `token` was decoded to its end and nothing was handed over to follow it (yet).
        case end(token: EngineToken)

        /// The track the chunk belongs to.
        var token: EngineToken {
            switch self {
            case .samples(_, _, let token, _), .begin(let token, _, _), .streamTitle(let token, _),
                .streamDropped(let token, _, _), .failed(let token, _), .end(let token):
                token
            }
        }
    }

    /// The engine's generation when the chunk was made; a seek, a new track or a stop starts a new one and older
    /// chunks are dropped.
    var generation: Int
    var content: Content
}
