/// The eight ways into the library the picker offers (B-A1, B-A8), in its switcher's order: each a page of songs, of
/// groups (an album, an artist, …) that open to their songs, or of folders.
enum PickerKind: String, CaseIterable, Sendable {
    case playlists, artists, songs, albums, genres, compilations, composers, folders

    /// The key of its title in the app's strings ("picker.albums").
    var titleKey: String { "picker." + rawValue }

    /// The icon beside its title in the switcher.
    var iconName: String {
        switch self {
        case .playlists: "view-list-symbolic"
        case .artists: "avatar-default-symbolic"
        case .songs: "audio-x-generic-symbolic"
        case .albums: "media-optical-symbolic"
        case .genres: "folder-music-symbolic"
        case .compilations: "media-playlist-repeat-symbolic"
        case .composers: "document-edit-symbolic"
        case .folders: "folder-symbolic"
        }
    }

    /// Whether its groups are albums, shown as a grid of covers.
    var showsCovers: Bool { self == .albums || self == .compilations }
}
