import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel

/// Finds playlists by name for the commands: the user's own (in `$XDG_DATA_HOME/addmusic/playlists`) first, then
/// the playlist files in the music folders (by name, by path below a music folder, or by full path).
struct PlaylistLookup {
    /// A playlist found, with the folder its relative entries are taken from.
    struct Found {
        var playlist: Playlist
        var folder: LibraryPath
        var path: LibraryPath
        var isUsers: Bool
    }

    let user = UserPlaylists()
    let roots: [LibraryPath]
    let library: MusicLibrary
    let text = Localizer.app

    /// Every playlist: the user's, then the music folders' (those that cannot be read are listed with the reason).
    /// A music folder's playlist is named by its file's stem; `relativePath` tells those of one name apart.
    func all() -> [(path: LibraryPath, isUsers: Bool, name: String, result: Result<Playlist, PlaylistError>)] {
        var listed: [(path: LibraryPath, isUsers: Bool, name: String, result: Result<Playlist, PlaylistError>)] = []
        for name in user.names() {
            let path = LibraryPath((try? user.path(of: name)) ?? user.folder)
            listed.append((path, true, name, Self.reading { () throws(PlaylistError) in try user.read(name) }))
        }
        for found in library.playlists(in: roots) {
            let result = Self.reading { () throws(PlaylistError) in try Playlist.read(found.path) }
            listed.append((found.path, false, found.name, result))
        }
        return listed
    }

    private static func reading(_ body: () throws(PlaylistError) -> Playlist) -> Result<Playlist, PlaylistError> {
        do { return .success(try body()) } catch { return .failure(error) }
    }

    /// The playlist `name` names.
    /// - Throws: `CommandError.failure` when none or several match; `PlaylistError` when its file cannot be read.
    func find(_ name: String) throws -> Found {
        if user.contains(name) {
            return Found(
                playlist: try user.read(name), folder: user.folderPath, path: LibraryPath(try user.path(of: name)),
                isUsers: true)
        }
        let candidates = library.playlists(in: roots)
        var matches = candidates.filter { $0.relativePath == name || $0.path.description == name }
        if matches.isEmpty { matches = candidates.filter { $0.name == name } }
        if matches.isEmpty { matches = candidates.filter { $0.name.localizedLowercase == name.localizedLowercase } }
        if matches.isEmpty, name.contains("/"), PlaylistFormat(path: LibraryPath(name)) != nil,
            FileManager.default.fileExists(atPath: name)
        {
            let path = LibraryPath.absolute(name)
            return Found(playlist: try Playlist.read(path), folder: path.parent, path: path, isUsers: false)
        }
        guard let match = matches.first else {
            throw CommandError.failure(text.string("playlist.notFound", TerminalSafeText.make(name)))
        }
        guard matches.count == 1 else {
            let paths = matches.map { "  " + TerminalSafeText.make($0.relativePath) }.joined(separator: "\n")
            throw CommandError.failure(text.string("playlist.ambiguous", TerminalSafeText.make(name)) + "\n" + paths)
        }
        var playlist = try Playlist.read(match.path)
        playlist.name = match.name
        return Found(playlist: playlist, folder: match.path.parent, path: match.path, isUsers: false)
    }
}
