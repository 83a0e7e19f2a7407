import Foundation
import MediaModel

/// The music daemon's song database, browsed: searched, listed by tag and counted, for scripts and for the picker
/// with the system player. Each call opens its own connection and waits for the daemon's answer within the
/// connection's deadline (3 s per step): call it off the interface thread. Songs come back as items the daemon can
/// play (their paths relative to its music folder).
public struct MPDDatabase: Sendable {
    /// The daemon's address.
    public let address: MPDAddress

    /// The database of the daemon at `address` (by default the one `MPD_HOST` and `MPD_PORT` name).
    public init(address: MPDAddress = .configured()) {
        self.address = address
    }

    /// Songs whose tags or file name contain `text` (the daemon's `search any`).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func search(_ text: String) throws(MPDError) -> [MediaItem] { try songs("search", "any", text) }

    /// Every song of the database, `limit` of them from `offset`, in the daemon's order (its folders'), read a
    /// thousand at a time (`find` with a window, so no reply outgrows the daemon's output buffer).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func songs(offset: Int = 0, limit: Int = Int.max) throws(MPDError) -> [MediaItem] {
        try pages(offset: offset, limit: limit) { MPDSong.items(from: $0) }
    }

    /// Every song of the database with the time its file was last modified (the daemon's `Last-Modified`, nil where
    /// it gives none), in the daemon's order, read as `songs` reads them.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func datedSongs() throws(MPDError) -> [(item: MediaItem, modified: Date?)] {
        try pages(offset: 0, limit: Int.max) { MPDSong.datedItems(from: $0) }
    }

    /// The records of every song, `limit` from `offset`, a thousand a reply, each reply read by `read`.
    private func pages<Record>(
        offset: Int, limit: Int, _ read: (MPDReply) -> [Record]
    ) throws(MPDError) -> [Record] {
        let connection = try MPDConnection(address: address)
        var records: [Record] = []
        var start = max(0, offset)
        let end = offset > Int.max - limit ? Int.max : max(0, offset) + limit
        while start < end {
            let stop = min(end, start + 1000)
            let page = read(
                try connection.run("find", ["(modified-since '1970-01-01T00:00:00Z')", "window", "\(start):\(stop)"]))
            records += page
            guard page.count == stop - start else { break }
            start = stop
        }
        return records
    }

    /// The folders and the songs directly in the daemon's folder `uri` ("" for its music folder), as `lsinfo` lists
    /// them: the folders' URIs in its order, then the songs.
    /// - Throws: `MPDError` when the daemon does not answer, or refuses (no such folder).
    public func folder(_ uri: String) throws(MPDError) -> (folders: [String], songs: [MediaItem]) {
        let reply = try MPDConnection(address: address).run("lsinfo", uri.isEmpty ? [] : [uri])
        let folders = reply.filter { $0.key == "directory" }.map(\.value)
        return (folders, MPDSong.items(from: reply.filter { $0.key != "directory" && $0.key != "playlist" }))
    }

    /// Every song in the daemon's folder `uri` and below (`find base`), in the daemon's order.
    /// - Throws: `MPDError` when the daemon does not answer, or refuses (no such folder).
    public func songs(under uri: String) throws(MPDError) -> [MediaItem] {
        MPDSong.items(
            from: try MPDConnection(address: address).run("find", ["(base \(MPDConnection.filterQuoted(uri)))"]))
    }

    /// The albums, sorted as the daemon sorts them.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func albums() throws(MPDError) -> [String] { try list("album") }

    /// The artists, sorted as the daemon sorts them.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func artists() throws(MPDError) -> [String] { try list("artist") }

    /// The songs of album `album` (an exact match, as the daemon's `find` does).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func songs(album: String) throws(MPDError) -> [MediaItem] { try songs("find", "album", album) }

    /// The songs of artist `artist` (an exact match).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func songs(artist: String) throws(MPDError) -> [MediaItem] { try songs("find", "artist", artist) }

    /// The songs whose tag `tag` ("genre", "composer", …) is `value` exactly (`find`); when none is, those whose tag
    /// contains `value` in any case (`search`).
    /// - Throws: `MPDError` when the daemon does not answer.
    public func songs(tag: String, matching value: String) throws(MPDError) -> [MediaItem] {
        let exact = try songs("find", tag, value)
        return exact.isEmpty ? try songs("search", tag, value) : exact
    }

    /// Each value of tag `tag` ("genre", "composer", …) with how many songs have it (`count group`), in the
    /// daemon's order; songs without the tag are left out.
    /// - Throws: `MPDError` when the daemon does not answer.
    public func counts(groupedBy tag: String) throws(MPDError) -> [(value: String, songs: Int)] {
        let reply = try MPDConnection(address: address).run("count", ["group", tag])
        var counts: [(value: String, songs: Int)] = []
        var current: String?
        for (key, value) in reply {
            if key.caseInsensitiveCompare(tag) == .orderedSame {
                current = value
            } else if key == "songs", let name = current {
                if !name.isEmpty { counts.append((name, Int(value) ?? 0)) }
                current = nil
            }
        }
        return counts
    }

    /// Asks the daemon to read the file or folder at `uri` (relative to its music folder) again (`update`), as after
    /// its tags were written; the daemon does it in the background.
    /// - Throws: `MPDError` when the daemon does not answer or refuses (an unknown path).
    public func update(_ uri: String) throws(MPDError) {
        _ = try MPDConnection(address: address).run("update", [uri])
    }

    private func list(_ tag: String) throws(MPDError) -> [String] {
        try MPDConnection(address: address).run("list", [tag]).map(\.value).filter { !$0.isEmpty }
    }

    private func songs(_ command: String, _ tag: String, _ value: String) throws(MPDError) -> [MediaItem] {
        MPDSong.items(from: try MPDConnection(address: address).run(command, [tag, value]))
    }
}
