import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The smart playlists of the system player (B-H5, B-H7), computed from the music daemon's stickers
/// (`sticker find song "" NAME`) and database, in the orders of the library's. Each call waits on the daemon (a
/// connection per step, 3 s deadline): never call it on the main thread.
public struct DaemonSmartPlaylists: Sendable {
    let stickers: MPDStickers
    let lookup: MPDSongLookup
    let database: MPDDatabase
    let definitions: SmartPlaylists

    /// The smart playlists of the daemon at `address`, defined in `definitions`.
    public init(address: MPDAddress = .configured(), definitions: SmartPlaylists = SmartPlaylists()) {
        stickers = MPDStickers(address: address)
        lookup = MPDSongLookup(address: address)
        database = MPDDatabase(address: address)
        self.definitions = definitions
    }

    /// The songs of the smart playlist `name`: a built-in one never edited from the stickers it needs alone
    /// (`songs(in:)`), any other by its rules over the whole database (`songs(matching:)`).
    /// - Throws: `SmartPlaylistError` when it has no definition or its file is wrong; `MPDError`.
    public func songs(named name: String) throws -> [MediaItem] {
        if definitions.isBuiltInUnchanged(name), let builtIn = SmartPlaylist(name: name) {
            return try songs(in: builtIn)
        }
        return try songs(matching: try definitions.rules(of: name))
    }

    /// The songs a smart playlist of `rules` holds at `now`, from the daemon's database and stickers (B-H9): each
    /// song with its stickers, dated added by its file's modification time (all the daemon keeps before MPD 0.24).
    /// - Throws: `MPDError` when the daemon cannot be reached or has no sticker database.
    public func songs(matching rules: SmartRules, now: Date = Date()) throws -> [MediaItem] {
        let statistics = try stickers.statisticsOfAllSongs()
        let songs = try database.datedSongs().map { song in
            var found = statistics[song.item.path.description] ?? PlayStatistics()
            found.dateAdded = song.modified
            return (item: song.item, statistics: found)
        }
        return rules.select(from: songs, now: now)
    }

    /// Whether the daemon keeps stickers, and so has smart playlists.
    /// - Throws: `MPDError` when the daemon cannot be reached.
    public func isAvailable() throws -> Bool { try stickers.isAvailable() }

    /// The songs of `playlist`, `limit` at most. Recently Added follows the files' modification times, which is
    /// what the daemon (before MPD 0.24) knows of when a song came.
    /// - Throws: `MPDError` when the daemon cannot be reached or has no sticker database.
    public func songs(in playlist: SmartPlaylist, limit: Int = SmartPlaylist.limit) throws -> [MediaItem] {
        func values(_ name: String) throws -> [String: Double] {
            var found: [String: Double] = [:]
            for (uri, value) in try stickers.songs(with: name) { found[uri] = Double(value) ?? 0 }
            return found
        }
        let uris: [String]
        switch playlist {
        case .recentlyAdded:
            return try lookup.recentlyModified(limit: limit)
        case .recentlyPlayed:
            uris = try values("lastPlayed").sorted { ($0.value, $0.key) > ($1.value, $1.key) }.map(\.key)
        case .mostPlayed:
            let played = try values("lastPlayed")
            uris = try values("playCount").filter { $0.value > 0 }.sorted {
                ($0.value, played[$0.key] ?? 0) > ($1.value, played[$1.key] ?? 0)
            }.map(\.key)
        case .topRated:
            let counts = try values("playCount")
            uris = try values("rating").filter { $0.value >= 8 }.sorted {
                ($0.value, counts[$0.key] ?? 0) > ($1.value, counts[$1.key] ?? 0)
            }.map(\.key)
        case .neverPlayed:
            let played = Set(try values("playCount").filter { $0.value > 0 }.keys)
            uris = try lookup.allURIs().filter { !played.contains($0) }
        }
        return try lookup.songs(at: Array(uris.prefix(limit)))
    }
}
