/// The playlist file formats AddMusic reads and writes, named by the file's extension.
public enum PlaylistFormat: String, Sendable, CaseIterable {
    /// `.m3u`: one entry a line, `#EXTINF` comments; UTF-8, else read as Windows-1252.
    case m3u
    /// `.m3u8`: the same in UTF-8.
    case m3u8
    /// `.pls`: an INI-like `[playlist]` with `FileN`, `TitleN`, `LengthN` keys.
    case pls

    /// The format of a file with `pathExtension` (case-insensitive), or nil when it is no playlist.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// The format of the file at `path`, by its extension, or nil.
    public init?(path: LibraryPath) {
        self.init(pathExtension: path.pathExtension)
    }
}
