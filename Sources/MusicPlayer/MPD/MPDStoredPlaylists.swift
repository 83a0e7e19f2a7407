import MediaModel

/// The music daemon's stored playlists (the `.m3u` files in its `playlist_directory`): listed, read, saved from its
/// queue, edited, renamed, removed and loaded into the queue, as the MPD protocol offers them. Each call opens its own
/// connection and waits for the daemon's answer within the connection's deadline (3 s): call it off the interface
/// thread. Entries are the daemon's song URIs (relative to its music folder) or stream URLs.
public struct MPDStoredPlaylists: Sendable {
    /// The daemon's address.
    public let address: MPDAddress

    /// The playlists of the daemon at `address` (by default the one `MPD_HOST` and `MPD_PORT` name).
    public init(address: MPDAddress = .configured()) {
        self.address = address
    }

    /// The playlists' names, in the daemon's order (`listplaylists`).
    /// - Throws: `MPDError` when the daemon cannot be reached or answers wrongly.
    public func names() throws(MPDError) -> [String] {
        try connected { connection throws(MPDError) in try connection.run("listplaylists").values(of: "playlist") }
    }

    /// The songs of playlist `name`, in order, as the daemon knows them (`listplaylistinfo`); an entry the daemon
    /// cannot find in its database comes back with its URI only, as the daemon gives it.
    /// - Throws: `MPDError.ack` (code 50) when there is no such playlist.
    public func items(in name: String) throws(MPDError) -> [MediaItem] {
        try connected { connection throws(MPDError) in
            MPDSong.items(from: try connection.run("listplaylistinfo", [name]), limit: Self.maximumEntries)
        }
    }

    /// Saves the daemon's queue as playlist `name` (`save`); a playlist of that name is refused by the daemon.
    public func saveQueue(as name: String) throws(MPDError) {
        try connected { connection throws(MPDError) in _ = try connection.run("save", [name]) }
    }

    /// Appends the songs or streams `uris` to playlist `name`, made if it does not exist (`playlistadd`, in one
    /// command list: a URI the daemon refuses ends it there, and what came before stays added).
    public func add(_ uris: [String], to name: String) throws(MPDError) {
        try connected { connection throws(MPDError) in
            try connection.runList(uris.map { ("playlistadd", [name, $0]) })
        }
    }

    /// Removes the entry at `position` (from 0) of playlist `name` (`playlistdelete`).
    public func remove(at position: Int, from name: String) throws(MPDError) {
        try connected { connection throws(MPDError) in
            _ = try connection.run("playlistdelete", [name, String(position)])
        }
    }

    /// Moves the entry at `from` to `to` (both from 0) in playlist `name` (`playlistmove`).
    public func move(from: Int, to: Int, in name: String) throws(MPDError) {
        try connected { connection throws(MPDError) in
            _ = try connection.run("playlistmove", [name, String(from), String(to)])
        }
    }

    /// Renames playlist `name` to `newName` (`rename`); the daemon refuses a name already taken.
    public func rename(_ name: String, to newName: String) throws(MPDError) {
        try connected { connection throws(MPDError) in _ = try connection.run("rename", [name, newName]) }
    }

    /// Deletes playlist `name` (`rm`).
    public func delete(_ name: String) throws(MPDError) {
        try connected { connection throws(MPDError) in _ = try connection.run("rm", [name]) }
    }

    /// Appends playlist `name`'s entries to the daemon's queue (`load`).
    public func load(_ name: String) throws(MPDError) {
        try connected { connection throws(MPDError) in _ = try connection.run("load", [name]) }
    }

    /// At most this many entries of a playlist are read (as the system player's queue).
    public static let maximumEntries = SystemMusicPlayer.maximumQueue

    private func connected<T>(_ body: (MPDConnection) throws(MPDError) -> T) throws(MPDError) -> T {
        try body(MPDConnection(address: address))
    }
}
