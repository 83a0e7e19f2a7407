import MediaModel

/// Songs of the music daemon's database found by URI or by their files' modification time, for the smart playlists
/// of the system player (B-H7). Each call opens its own connection and waits for the daemon within the connection's
/// deadline (3 s a step): call it off the interface thread.
public struct MPDSongLookup: Sendable {
    /// The daemon's address.
    public let address: MPDAddress

    /// Lookups in the database of the daemon at `address`.
    public init(address: MPDAddress = .configured()) {
        self.address = address
    }

    /// The songs at `uris`, in that order; URIs the daemon does not know are left out (`find file URI` each).
    /// - Throws: `MPDError` when the daemon cannot be reached.
    public func songs(at uris: [String]) throws(MPDError) -> [MediaItem] {
        let connection = try MPDConnection(address: address)
        var found: [MediaItem] = []
        for uri in uris {
            found += MPDSong.items(
                from: try connection.run("find", ["(file == \(MPDConnection.filterQuoted(uri)))"]), limit: 1)
        }
        return found
    }

    /// The `limit` songs whose files were modified last, newest first (the daemon's `Last-Modified`: MPD before 0.24
    /// keeps no date a song was added).
    /// - Throws: `MPDError` when the daemon cannot be reached.
    public func recentlyModified(limit: Int) throws(MPDError) -> [MediaItem] {
        let reply = try MPDConnection(address: address).run(
            "find", ["(modified-since '1970-01-01T00:00:00Z')", "sort", "-Last-Modified", "window", "0:\(limit)"])
        return MPDSong.items(from: reply, limit: limit)
    }

    /// Every song's URI, in the daemon's order (`listall`).
    /// - Throws: `MPDError` when the daemon cannot be reached.
    public func allURIs() throws(MPDError) -> [String] {
        try MPDConnection(address: address).run("listall").values(of: "file")
    }
}
