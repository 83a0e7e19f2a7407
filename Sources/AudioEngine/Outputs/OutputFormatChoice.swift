/// Which format the music stream takes (`output-format` in the config file).
public enum OutputFormatChoice: String, Hashable, Sendable, CaseIterable {
    /// Each song's own rate, channels and sample format; the stream is re-opened when it does not carry a song's
    /// samples exactly (see `PCMFormat.carriesExactly`).
    case native
    /// Always 16-bit stereo at 44.1 kHz (`PCMFormat.fixed`), dithered from songs that hold more.
    case fixed
}
