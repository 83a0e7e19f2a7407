import MediaLibrary
import MediaModel
import MusicPlayer

/// What the picker browses: the local library, or, with the system player, the music daemon's own database, so that
/// every song it offers is one the player can play. The library's rows are read a page at a time as they are shown.
/// Every member reads the index or asks the daemon: call them off the main thread.
enum PickerSource: Sendable {
    case library(MusicLibrary)
    case daemon(SystemMusicPlayer)

    /// An album or an artist as a picker row: its text and the key that finds its songs.
    struct Group: Sendable {
        var text: String
        var key: String
        var artworkID: Int64? = nil
    }

    /// Songs matching `query` (every word a prefix, in the library; the daemon's `search any`), all when empty.
    func songs(matching query: String) -> RowReader<MediaItem> {
        switch self {
        case .library(let library) where query.isEmpty:
            RowReader(count: (try? library.songCount()) ?? 0) { (try? library.songs(offset: $0, limit: $1)) ?? [] }
        case .library(let library):
            RowReader(count: (try? library.searchCount(query)) ?? 0) {
                (try? library.search(query, offset: $0, limit: $1)) ?? []
            }
        case .daemon(let player): RowReader((try? player.searchDatabase(query)) ?? [])
        }
    }

    /// Every album, read a page at a time.
    func albums() -> RowReader<Group> {
        switch self {
        case .library(let library):
            RowReader(count: (try? library.albumCount()) ?? 0) { offset, limit in
                ((try? library.albums(offset: offset, limit: limit)) ?? []).map {
                    Group(
                        text: [$0.title, $0.artist].compactMap { $0 }.joined(separator: " — "), key: $0.id,
                        artworkID: $0.artworkID)
                }
            }
        case .daemon(let player):
            RowReader(((try? player.databaseAlbums()) ?? []).map { Group(text: $0, key: $0) })
        }
    }

    /// Every artist, read a page at a time.
    func artists() -> RowReader<Group> {
        switch self {
        case .library(let library):
            RowReader(count: (try? library.artistCount()) ?? 0) { offset, limit in
                ((try? library.artists(offset: offset, limit: limit)) ?? []).map { Group(text: $0.name, key: $0.id) }
            }
        case .daemon(let player):
            RowReader(((try? player.databaseArtists()) ?? []).map { Group(text: $0, key: $0) })
        }
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
        case .library(let library): (try? library.songs(ofAlbum: key, limit: 100_000)) ?? []
        case .daemon(let player): (try? player.databaseSongs(album: key)) ?? []
        }
    }

    /// The songs of the artist `key`.
    func songs(ofArtist key: String) -> [MediaItem] {
        switch self {
        case .library(let library): (try? library.songs(ofArtist: key, limit: 100_000)) ?? []
        case .daemon(let player): (try? player.databaseSongs(artist: key)) ?? []
        }
    }
}
