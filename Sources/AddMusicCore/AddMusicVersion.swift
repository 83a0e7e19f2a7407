/// The version `addmusic --version` prints.
public enum AddMusicVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
