import AddMusicCore
import MediaLibrary
import MediaModel

/// A row of the picker's Folders page: a folder (opened to what it holds; picked, it stands for every song in it),
/// or a song of the folder shown.
enum FolderRow: Sendable {
    case folder(LibraryFolder)
    case song(MediaItem)

    /// The row's text: "Name/ · 12 songs" (the daemon's folders uncounted: "Name/"), or "Title — Artist".
    func text(_ localizer: Localizer) -> String {
        switch self {
        case .folder(let folder):
            let name = RowText.shown(folder.name) + "/"
            return folder.songCount < 0 ? name : name + " · " + localizer.count("count.songs", folder.songCount)
        case .song(let item): return RowText.song(item)
        }
    }

    /// The text a search matches: a folder's name, a song's title and artist.
    var searchText: String {
        switch self {
        case .folder(let folder): folder.name
        case .song(let item): [item.title, item.artist].compactMap { $0 }.joined(separator: " ")
        }
    }
}
