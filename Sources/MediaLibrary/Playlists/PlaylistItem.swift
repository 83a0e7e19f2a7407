import MediaModel

/// One entry of a playlist with what it points at in the library: a song, a file the library does not hold, nothing
/// (missing), a stream or another playlist. Entries are listed in the playlist's order, duplicates and missing ones
/// included.
public struct PlaylistItem: Hashable, Sendable {
    /// What an entry points at.
    public enum Target: Hashable, Sendable {
        /// A song of the library. Held in a box of its own: an entry is copied by one reference, and the entries of
        /// one song (a playlist may hold it twice) share it.
        indirect case song(MediaItem)
        /// A file that exists but is not in the library (outside the music folders, or not scanned yet).
        case file(LibraryPath)
        /// A path where nothing is: kept, shown as missing.
        case missing(LibraryPath)
        /// A stream URL (`http`/`https` ones play as streams).
        case stream(String)
        /// Another playlist file (not expanded: nested playlists are never opened).
        case playlist(LibraryPath)
    }

    /// The entry as the playlist file holds it.
    public var entry: PlaylistEntry
    /// What it points at.
    public var target: Target

    /// Whether the entry points nowhere.
    public var isMissing: Bool {
        if case .missing = target { return true }
        return false
    }
}
