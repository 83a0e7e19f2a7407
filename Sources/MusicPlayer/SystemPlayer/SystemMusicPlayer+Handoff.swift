import Foundation
import MediaModel

/// What the music daemon can reach, and where its songs are on this machine: for handing the music between the two
/// players (B-P7).
extension SystemMusicPlayer {
    /// For each of `items`, whether the daemon can play it as this player would send it: a song of its database, a
    /// local file it is allowed to read (a `file://` URI: only over its local socket, MPD refuses them over TCP), or a
    /// stream. Asked of the daemon itself (`lsinfo` of each URI) on a connection of its own, so it waits neither for
    /// the player's commands nor holds them up; each step waits at most 3 s. Call it off the interface thread.
    /// - Throws: `MPDError` when the daemon cannot be reached or breaks the protocol.
    public func reachable(_ items: [MediaItem]) throws(MPDError) -> [Bool] {
        let connection = try MPDConnection(address: address)
        var known: [String: Bool] = [:]
        var answers: [Bool] = []
        for item in items {
            let uri = uri(for: item)
            if let answer = known[uri] {
                answers.append(answer)
                continue
            }
            let answer: Bool
            do {
                answer = try connection.run("lsinfo", [uri]).contains { $0.key == "file" }
            } catch .ack {
                answer = false  // not in its database, not a file it may read
            }
            known[uri] = answer
            answers.append(answer)
        }
        return answers
    }

    /// The file on this machine that `item`, a song of the daemon (its path a URI), is: a `file://` URI's path; a
    /// URI relative to the daemon's music folder under that folder (when it is shared) or under one of `folders`
    /// (the user's music folders, for a daemon whose folder is known only to itself); a stream's address as it
    /// is. Nil when no such file exists here.
    public func localItem(for item: MediaItem, folders: [LibraryPath]) -> MediaItem? {
        let uri = item.path.description
        if item.streamURL != nil { return item }
        var candidates: [LibraryPath] = []
        if uri.hasPrefix("file://") {
            candidates = URL(string: uri).map { [LibraryPath.absolute($0.path)] } ?? []
        } else if item.path.bytes.first == UInt8(ascii: "/") {
            candidates = [item.path]
        } else {
            candidates = ([musicDirectory].compactMap { $0 } + folders).map { $0.appending(item.path.bytes) }
        }
        guard let found = candidates.first(where: Self.isFile) else { return nil }
        var local = item
        local.path = found
        return local
    }

    /// Whether `path` names a regular file (or a link to one) here.
    private static func isFile(_ path: LibraryPath) -> Bool {
        path.withCString { name in
            var status = stat()
            return stat(name, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }
}
