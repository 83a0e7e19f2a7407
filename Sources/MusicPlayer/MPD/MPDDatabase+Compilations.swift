import Foundation

/// The music daemon's compilations, for the picker's Compilations page with the system player. The daemon keeps no
/// compilation flag (ID3 `TCMP`, Vorbis `COMPILATION`), so an album counts as one when its album artist is "Various
/// Artists" (as MusicBrainz names it), or when it has songs by more than one artist and no album artist.
extension MPDDatabase {
    /// The compilations, A–Z (from the daemon's `list … group album`).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func compilations() throws(MPDError) -> [String] {
        let connection = try MPDConnection(address: address)
        let artists = try connection.run("list", ["artist", "group", "album"])
        let albumArtists = try connection.run("list", ["albumartist", "group", "album"])
        let byArtist = Self.grouped(artists, tag: "artist")
        let byAlbumArtist = Self.grouped(albumArtists, tag: "albumartist")
        return byArtist.keys.filter { album in
            guard !album.isEmpty else { return false }
            let named = byAlbumArtist[album] ?? []
            if named.contains(where: { $0.lowercased() == "various artists" }) { return true }
            return named.isEmpty && (byArtist[album]?.count ?? 0) > 1
        }.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
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
