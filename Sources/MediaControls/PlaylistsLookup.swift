import MediaModel
import MusicPlayer

/// What MPRIS's Playlists interface reads of the app's playlists, handed in by the app so that this module does not
/// depend on where they are kept: the playlists of the player publishing (the user's, the music folders' files and
/// the smart ones for the application player; the daemon's stored playlists and the smart ones for the system
/// player) and the songs of one. Called on the service's queue "addmusic.mpris.playlists"; both may wait on the disk
/// or the daemon.
public struct PlaylistsLookup: Sendable {
    /// A playlist: a key naming it for as long as it exists (its kind and name, or its file), and its name.
    public struct Playlist: Hashable, Sendable {
        public var key: String
        public var name: String

        public init(key: String, name: String) {
            self.key = key
            self.name = name
        }
    }

    private let listOf: @Sendable (MusicPlayerController) throws -> [Playlist]
    private let songsOf: @Sendable (MusicPlayerController, Playlist) throws -> [MediaItem]

    /// A lookup that asks `list` for the playlists of a player, in the order the app shows them, and `songs` for
    /// the songs of one, in its order (entries that point at nothing left out).
    public init(
        list: @escaping @Sendable (_ player: MusicPlayerController) throws -> [Playlist],
        songs: @escaping @Sendable (_ player: MusicPlayerController, _ playlist: Playlist) throws -> [MediaItem]
    ) {
        listOf = list
        songsOf = songs
    }

    /// The playlists `player` plays from.
    /// - Throws: what reading them throws (a file, the index, the daemon).
    public func list(for player: MusicPlayerController) throws -> [Playlist] { try listOf(player) }

    /// The songs of `playlist` as `player` plays them.
    /// - Throws: what reading them throws.
    public func songs(of playlist: Playlist, for player: MusicPlayerController) throws -> [MediaItem] {
        try songsOf(player, playlist)
    }
}
