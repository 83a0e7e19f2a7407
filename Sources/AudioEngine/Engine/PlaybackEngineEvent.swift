extension PlaybackEngine {
    /// What the engine reports, in the order it is heard, on its event queue.
    public enum Event: Sendable, Equatable {
        /// Track `token` began to play (its first samples reached the output); sent again after a seek. When it was
        /// the next track, the one before it has been played out: this is the border, and the engine holds no next
        /// track until one is handed over.
        case started(EngineToken)
        /// Track `token` could not be played (missing, unreadable, not audio): heard as nothing where it would have
        /// played. When it was the next track, this is the border, as `started` is.
        case failed(EngineToken, message: String)
        /// Track `token` has been played out and nothing followed it: the engine is idle.
        case finished(EngineToken)
        /// The output failed; playback has stopped.
        case outputFailed(message: String)
        /// The device the output played on went away; playback is paused, `resume()` plays on elsewhere (B-P4).
        case deviceUnavailable
        /// The audio server went away; the engine waits for it and plays on when it is back (B-F4).
        case audioServerUnavailable
        /// The audio server is back.
        case audioServerAvailable
        /// Audio that takes priority (a call) began; the output has paused.
        case interruptionBegan
        /// The interruption ended; `resume()` plays on. Without `shouldResume`, its end is not known (the server went
        /// away during the call): playing on is the user's choice.
        case interruptionEnded(shouldResume: Bool)
        /// The output does not take a song's format (`wanted`); it plays in `used`, dithered where that holds less.
        /// Sent once per format.
        case formatFallback(wanted: PCMFormat, used: PCMFormat)
        /// The stream of track `token` sent the title `title` (ICY `StreamTitle`, untrusted text), sent when the
        /// audio that came with it is heard.
        case streamTitleChanged(EngineToken, title: String)
        /// The stream of track `token` dropped or stalled (`message` says how); the engine reconnects, this being the
        /// `attempt`th time in a row. Sent when the audio that came before the drop has been heard.
        case streamReconnecting(EngineToken, attempt: Int, message: String)
    }
}
