import Foundation
import MediaModel

/// Play statistics kept by the music daemon, in its sticker database (`sticker get|set|find song URI NAME`), under
/// the names myMPD uses too: `playCount`, `skipCount`, `lastPlayed` (seconds since 1970) and `rating` (0–10, two a
/// star). Each call opens its own connection and waits for the daemon within the connection's deadline (3 s): call
/// it off the interface thread. A count is read, raised and written back (the protocol has no increment), so two
/// clients counting the same song at the same moment may count once.
public struct MPDStickers: Sendable {
    /// The daemon's address.
    public let address: MPDAddress

    /// The stickers of the daemon at `address` (by default the one `MPD_HOST` and `MPD_PORT` name).
    public init(address: MPDAddress = .configured()) {
        self.address = address
    }

    /// Whether the daemon keeps stickers: asked for a sticker of no song, it answers "no such song" (code 50) when
    /// it has a sticker database, and a refusal of code 5 ("sticker database is disabled", or an unknown command)
    /// when it has none.
    /// - Throws: `MPDError` when the daemon cannot be reached.
    public func isAvailable() throws(MPDError) -> Bool {
        do {
            _ = try MPDConnection(address: address).run("sticker", ["get", "song", "", "playCount"])
            return true
        } catch .ack(let code, _, _) {
            return code != 5
        }
    }

    /// The statistics of the song at `uri` (nil: the daemon has no such song).
    /// - Throws: `MPDError` when the daemon cannot be reached or has no sticker database.
    public func statistics(uri: String) throws(MPDError) -> PlayStatistics? {
        let connection = try MPDConnection(address: address)
        let stickers: [String: String]
        do {
            stickers = Self.pairs(try connection.run("sticker", ["list", "song", uri]))
        } catch .ack(let code, _, _) where code == 50 {
            return nil  // no such song
        }
        return PlayStatistics(
            playCount: stickers["playCount"].flatMap { Int($0) } ?? 0,
            skipCount: stickers["skipCount"].flatMap { Int($0) } ?? 0,
            lastPlayed: stickers["lastPlayed"].flatMap { Double($0) }.map(Date.init(timeIntervalSince1970:)),
            rating: stickers["rating"].flatMap { Int($0) }.map { min(5, max(0, $0 / 2)) })
    }

    /// The statistics of every song that has any, by URI: one `sticker find` for each of the four names, over one
    /// connection. Songs with none are left out.
    /// - Throws: `MPDError` when the daemon cannot be reached or has no sticker database.
    public func statisticsOfAllSongs() throws(MPDError) -> [String: PlayStatistics] {
        let connection = try MPDConnection(address: address)
        var found: [String: PlayStatistics] = [:]
        for name in ["playCount", "skipCount", "lastPlayed", "rating"] {
            for (uri, value) in Self.found(try connection.run("sticker", ["find", "song", "", name])) {
                var statistics = found[uri] ?? PlayStatistics()
                switch name {
                case "playCount": statistics.playCount = Int(value) ?? 0
                case "skipCount": statistics.skipCount = Int(value) ?? 0
                case "lastPlayed": statistics.lastPlayed = Double(value).map(Date.init(timeIntervalSince1970:))
                default: statistics.rating = Int(value).map { min(5, max(0, $0 / 2)) }
                }
                found[uri] = statistics
            }
        }
        return found
    }

    /// Counts a play of the song at `uri`, heard at `date`.
    /// - Throws: `MPDError` when the daemon cannot be reached, has no sticker database or no such song.
    public func recordPlay(uri: String, at date: Date = Date()) throws(MPDError) {
        let connection = try MPDConnection(address: address)
        let count = try Self.count("playCount", uri: uri, on: connection)
        try connection.runList([
            ("sticker", ["set", "song", uri, "playCount", String(count + 1)]),
            ("sticker", ["set", "song", uri, "lastPlayed", String(Int64(date.timeIntervalSince1970))]),
        ])
    }

    /// Counts a skip of the song at `uri`.
    /// - Throws: `MPDError` when the daemon cannot be reached, has no sticker database or no such song.
    public func recordSkip(uri: String) throws(MPDError) {
        let connection = try MPDConnection(address: address)
        let count = try Self.count("skipCount", uri: uri, on: connection)
        _ = try connection.run("sticker", ["set", "song", uri, "skipCount", String(count + 1)])
    }

    /// Sets the rating of the song at `uri`, 0–5 stars (clamped).
    /// - Throws: `MPDError` when the daemon cannot be reached, has no sticker database or no such song.
    public func setRating(_ stars: Int, uri: String) throws(MPDError) {
        let value = String(min(5, max(0, stars)) * 2)
        _ = try MPDConnection(address: address).run("sticker", ["set", "song", uri, "rating", value])
    }

    /// Every song with the sticker `name`, and its value (`sticker find song "" NAME`).
    /// - Throws: `MPDError` when the daemon cannot be reached or has no sticker database.
    public func songs(with name: String) throws(MPDError) -> [(uri: String, value: String)] {
        Self.found(try MPDConnection(address: address).run("sticker", ["find", "song", "", name]))
    }

    /// A `sticker find` reply's songs and values.
    private static func found(_ reply: MPDReply) -> [(uri: String, value: String)] {
        var found: [(uri: String, value: String)] = []
        for index in reply.startIndex..<reply.endIndex {
            let (key, value) = reply[index]
            if key == "file" {
                found.append((value, ""))
            } else if key == "sticker", !found.isEmpty, let equals = value.firstIndex(of: "=") {
                found[found.count - 1].value = String(value[value.index(after: equals)...])
            }
        }
        return found
    }

    private static func count(_ name: String, uri: String, on connection: MPDConnection) throws(MPDError) -> Int {
        do {
            let reply = try connection.run("sticker", ["get", "song", uri, name])
            return pairs(reply)[name].flatMap { Int($0) } ?? 0
        } catch .ack(let code, _, let message) where code == 50 && message.lowercased().contains("no such sticker") {
            return 0
        }
    }

    /// "sticker: NAME=VALUE" lines as a dictionary.
    private static func pairs(_ reply: MPDReply) -> [String: String] {
        var pairs: [String: String] = [:]
        for index in reply.startIndex..<reply.endIndex {
            let (key, value) = reply[index]
            guard key == "sticker", let equals = value.firstIndex(of: "=") else { continue }
            pairs[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        return pairs
    }
}
