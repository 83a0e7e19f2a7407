import Foundation
import MediaModel

/// Songs as the MPD protocol describes them (`file:` starts a record, then tags), turned into media items.
enum MPDSong {
    /// The most items one reply is read into: a 32 MiB reply of bare `file:` lines holds four million records,
    /// which as media items would take about a gigabyte. The rest of such a reply is left unread.
    static let maximumItems = 100_000

    /// The items in a reply of song records (`playlistinfo`, `search`, …), in order, at most `limit`.
    static func items(from pairs: some Sequence<MPDConnection.Pair>, limit: Int = maximumItems) -> [MediaItem] {
        var items: [MediaItem] = []
        var record: [MPDConnection.Pair] = []
        for pair in pairs {
            if pair.key == "file", !record.isEmpty {
                if let item = item(from: record) { items.append(item) }
                record = []
                if items.count >= limit { return items }
            }
            if pair.key == "file" || !record.isEmpty { record.append(pair) }
        }
        if items.count < limit, let item = item(from: record) { items.append(item) }
        return items
    }

    /// The items of a reply of song records with each one's file modification time (the daemon's `Last-Modified`;
    /// nil where it gave none), in order, at most `maximumItems`.
    static func datedItems(from pairs: some Sequence<MPDConnection.Pair>) -> [(item: MediaItem, modified: Date?)] {
        let dates = ISO8601DateFormatter()
        var found: [(item: MediaItem, modified: Date?)] = []
        var record: [MPDConnection.Pair] = []
        func take() {
            guard let item = item(from: record) else { return }
            found.append((item, record.first { $0.key == "Last-Modified" }.flatMap { dates.date(from: $0.value) }))
        }
        for pair in pairs {
            if pair.key == "file", !record.isEmpty {
                take()
                record = []
                if found.count >= maximumItems { return found }
            }
            if pair.key == "file" || !record.isEmpty { record.append(pair) }
        }
        take()
        return found
    }

    /// The item of one record; nil without a `file:` line. Its id is a stable hash of its URI, so the same song
    /// keeps its id in every reply; its path is the URI (relative to the daemon's music folder).
    static func item(from record: [MPDConnection.Pair]) -> MediaItem? {
        var tags: [String: String] = [:]
        for pair in record where tags[pair.key] == nil && !pair.value.isEmpty { tags[pair.key] = pair.value }
        guard let uri = tags["file"] else { return nil }
        func tag(_ key: String) -> String? { tags[key] }
        func leadingNumber(_ key: String) -> Int? { tag(key).flatMap { Int($0.prefix { "0"..."9" ~= $0 }) } }
        let name = uri.split(separator: "/").last.map(String.init) ?? uri
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return MediaItem(
            id: stableID(uri), path: LibraryPath(uri), title: tag("Title") ?? stem, artist: tag("Artist"),
            album: tag("Album"), albumArtist: tag("AlbumArtist"), genre: tag("Genre"),
            year: leadingNumber("Date"), trackNumber: leadingNumber("Track"), discNumber: leadingNumber("Disc"),
            duration: seconds(tag("duration")) ?? seconds(tag("Time")) ?? 0,
            codec: name.split(separator: ".").last.map { $0.lowercased() } ?? "", composer: tag("Composer"),
            sortNames: SortNames(
                title: tag("TitleSort"), artist: tag("ArtistSort"), album: tag("AlbumSort"),
                albumArtist: tag("AlbumArtistSort"), composer: tag("ComposerSort")),
            comment: tag("Comment"),
            musicBrainzIDs: MusicBrainzIDs(
                track: tag("MUSICBRAINZ_TRACKID"), album: tag("MUSICBRAINZ_ALBUMID"),
                artist: tag("MUSICBRAINZ_ARTISTID")))
    }

    /// A song's length in seconds from a reply, when it is one (`MediaTime.duration`: "nan" and "1e999" parse as
    /// doubles too, and are not).
    static func seconds(_ text: String?) -> Double? {
        text.flatMap(Double.init).flatMap(MediaTime.duration)
    }

    /// 64-bit FNV-1a of the URI, as a positive id.
    static func stableID(_ uri: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uri.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash & 0x7FFF_FFFF_FFFF_FFFF)
    }
}
