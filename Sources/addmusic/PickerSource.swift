import MediaLibrary
import MusicPlayer

/// What the picker browses: the local library, or, with the system player, the music daemon's own database, so that
/// every song it offers is one the player can play.
enum PickerSource {
    case library(MusicLibrary)
    case daemon(SystemMusicPlayer)

    /// An album or an artist as a picker row: its text and the key that finds its songs.
    struct Group {
        var text: String
        var key: String
        var artworkID: Int64? = nil
    }

    /// Songs matching `query` (every word a prefix, in the library; the daemon's `search any`), all when empty.
    func songs(matching query: String) -> [MediaItem] {
        switch self {
        case .library(let library):
            (query.isEmpty ? try? library.songs(limit: 100_000) : try? library.search(query, limit: 10_000)) ?? []
        case .daemon(let player): (try? player.searchDatabase(query)) ?? []
        }
    }

    /// Albums whose title contains `query` (all when empty).
    func albums(matching query: String) -> [Group] {
        let all: [Group]
        switch self {
        case .library(let library):
            all = ((try? library.albums(limit: 100_000)) ?? []).map {
                Group(
                    text: [$0.title, $0.artist].compactMap { $0 }.joined(separator: " — "), key: $0.id,
                    artworkID: $0.artworkID)
            }
        case .daemon(let player):
            all = ((try? player.databaseAlbums()) ?? []).map { Group(text: $0, key: $0) }
        }
        return query.isEmpty ? all : all.filter { TextMatch.contains($0.text, query) }
    }

    /// Artists whose name contains `query` (all when empty).
    func artists(matching query: String) -> [Group] {
        let all: [Group]
        switch self {
        case .library(let library):
            all = ((try? library.artists(limit: 100_000)) ?? []).map { Group(text: $0.name, key: $0.id) }
        case .daemon(let player):
            all = ((try? player.databaseArtists()) ?? []).map { Group(text: $0, key: $0) }
        }
        return query.isEmpty ? all : all.filter { TextMatch.contains($0.text, query) }
    }

    /// The thumbnail `id` of the library's artwork (the daemon's songs have none here: reading each row's picture
    /// from the daemon would hold up scrolling).
    func thumbnail(_ id: Int64) -> [UInt8]? {
        guard case .library(let library) = self else { return nil }
        return try? library.thumbnail(artworkID: id)
    }

    /// The songs of the album `key`.
    func songs(ofAlbum key: String) -> [MediaItem] {
        switch self {
        case .library(let library): (try? library.songs(ofAlbum: key)) ?? []
        case .daemon(let player): (try? player.databaseSongs(album: key)) ?? []
        }
    }

    /// The songs of the artist `key`.
    func songs(ofArtist key: String) -> [MediaItem] {
        switch self {
        case .library(let library): (try? library.songs(ofArtist: key)) ?? []
        case .daemon(let player): (try? player.databaseSongs(artist: key)) ?? []
        }
    }
}
