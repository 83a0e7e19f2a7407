/// Which folders hold the user's music: those named by `--music-dir`, else by the config file's `music-dir`
/// lines, else the XDG music folder (`xdg-user-dir MUSIC`, else `~/Music`).
public enum MusicFolders {
    /// The roots to scan, as absolute paths.
    public static func resolve(flags: [String], config: ConfigFile = ConfigFile()) -> [LibraryPath] {
        if !flags.isEmpty { return flags.map(LibraryPath.absolute) }
        let configured = config.values("music-dir")
        if !configured.isEmpty { return configured.map(LibraryPath.absolute) }
        return [LibraryPath.absolute(XDGDirectories.music)]
    }

    /// Where the demo library is written when the music folders hold no music.
    public static var demoLibraryPath: String { XDGDirectories.dataHome + "/addmusic/demo-library" }
}
