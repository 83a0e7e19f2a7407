import Foundation

/// The music daemon's compilations, for the picker's Compilations page with the system player. The daemon keeps no
/// compilation flag (ID3 `TCMP`, Vorbis `COMPILATION`), so an album counts as one when its album artist is "Various
/// Artists" (as MusicBrainz names it), or when it has songs by more than one artist and no album artist.
extension SystemMusicPlayer {
    /// The compilations of the daemon's database, A–Z. Waits for the daemon (its `list … group album`): never call
    /// it on the main thread.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func databaseCompilations() throws -> [String] {
        try control.sync {
            let artists = try withConnection { try $0.run("list", ["artist", "group", "album"]) }
            let albumArtists = try withConnection { try $0.run("list", ["albumartist", "group", "album"]) }
            let byArtist = Self.grouped(artists, tag: "artist")
            let byAlbumArtist = Self.grouped(albumArtists, tag: "albumartist")
            return byArtist.keys.filter { album in
                guard !album.isEmpty else { return false }
                let named = byAlbumArtist[album] ?? []
                if named.contains(where: { $0.lowercased() == "various artists" }) { return true }
                return named.isEmpty && (byArtist[album]?.count ?? 0) > 1
            }.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        }
    }

    /// The values of `tag` under each album of a `list TAG group album` reply (the album line comes first, then its
    /// values).
    private static func grouped(_ reply: MPDReply, tag: String) -> [String: Set<String>] {
        var groups: [String: Set<String>] = [:]
        var album: String?
        for (key, value) in reply {
            if key.caseInsensitiveCompare("album") == .orderedSame {
                album = value
                groups[value, default: []] = groups[value] ?? []
            } else if key.caseInsensitiveCompare(tag) == .orderedSame, let album, !value.isEmpty {
                groups[album, default: []].insert(value)
            }
        }
        return groups
    }
}
