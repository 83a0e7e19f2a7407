import MediaModel

/// A folder of the music folders as the Folders page shows it: its path, its name, and how many songs it holds at
/// any depth.
public struct LibraryFolder: Sendable, Equatable {
    public var path: LibraryPath
    /// Its last component (a music folder: its whole path).
    public var name: String
    public var songCount: Int

    public init(path: LibraryPath, name: String, songCount: Int) {
        self.path = path
        self.name = name
        self.songCount = songCount
    }
}
