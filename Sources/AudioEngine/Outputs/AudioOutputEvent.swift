/// What an output reports of its device, from the thread it learns it on (never the engine's output thread).
public enum AudioOutputEvent: Sendable, Equatable {
    /// The device it played on went away (headphones unplugged); the output has paused itself (B-P4).
    case deviceUnavailable
    /// The audio server went away (killed, restarting); the output keeps trying to reach it (B-F4).
    case serverUnavailable
    /// The audio server answers again; playback goes on (B-F4).
    case serverAvailable
    /// The server asked this stream to stop for audio that takes priority (a call: `module-role-cork`); the output
    /// has paused itself.
    case interruptionBegan
    /// The interruption is over; the output stays paused until `resume()`. `shouldResume` is true when the call
    /// let the stream go (its last stream left, or the server's uncork request), false when its end is not known:
    /// the server went away during the call, and a call on the new server would be a new one.
    case interruptionEnded(shouldResume: Bool)
    /// The server refused the stream's format; the output plays in `used` instead (dithered where it holds less).
    /// Told once per format refused.
    case formatRefused(wanted: PCMFormat, used: PCMFormat)
}
