import AddMusicCore
import MediaControls
import MediaLibrary
import MediaModel
import MusicPlayer

/// The playlists the desktop's controls publish (MPRIS's Playlists interface): the ones the window lists
/// (`PlaylistShelf`) for whichever player plays: the smart playlists, the user's and the music folders' files with
/// the application player, the daemon's stored playlists with the system player.
enum DesktopPlaylists {
    static func lookup(library: MusicLibrary?, roots: [LibraryPath]) -> PlaylistsLookup {
        PlaylistsLookup(
            list: { player in try shelf(for: player, library: library, roots: roots).list().map(published) },
            songs: { player, playlist in
                let shelf = shelf(for: player, library: library, roots: roots)
                guard let listed = try shelf.list().first(where: { published($0).key == playlist.key }) else {
                    return []
                }
                return try shelf.entries(of: listed).filter { !$0.isMissing }.map(\.item)
            })
    }

    /// The shelf of `player`'s playlists.
    static func shelf(for player: MusicPlayerController, library: MusicLibrary?, roots: [LibraryPath]) -> PlaylistShelf
    {
        let user = UserPlaylists()
        let smart = SmartPlaylists(folder: user.folder)
        if let daemon = player as? SystemMusicPlayer {
            return PlaylistShelf(store: .daemon(daemon.address), smart: smart)
        }
        return PlaylistShelf(store: .files(user: user, roots: roots, library: library), smart: smart)
    }

    /// A listed playlist as published: its key names its kind and its name (a music folder's file by its path).
    static func published(_ listed: PlaylistShelf.Listed) -> PlaylistsLookup.Playlist {
        let key =
            listed.isSmart
            ? "smart:" + listed.name : listed.file.map { "file:" + $0.description } ?? "own:" + listed.name
        return PlaylistsLookup.Playlist(key: key, name: listed.name)
    }
}
