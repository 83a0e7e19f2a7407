import Foundation
import MediaLibrary
import MediaModel

/// One listen to submit: a song heard as a play counts (B-H1), when it was heard, and what identifies it. Written to
/// the queue on disk as JSON.
public struct Listen: Codable, Equatable, Sendable {
    public var artist: String
    public var title: String
    public var album: String?
    /// Seconds.
    public var duration: Double
    public var trackNumber: Int?
    public var recordingMBID: String?
    public var releaseMBID: String?
    /// When the song began, in seconds since 1970 (UTC).
    public var listenedAt: Int64

    /// Songs shorter than this are never listens (as Last.fm and ListenBrainz ask).
    public static let shortest = 30.0

    /// The listen of `item` begun at `start`; nil for a song under 30 s, a stream, or one without artist or title.
    public init?(_ item: MediaItem, startedAt start: Date) {
        guard item.streamURL == nil, item.duration >= Self.shortest, let artist = item.artist, !artist.isEmpty,
            !item.title.isEmpty
        else { return nil }
        self.artist = TagTextLimit.cut(artist, to: 512)
        title = TagTextLimit.cut(item.title, to: 512)
        album = item.album.map { TagTextLimit.cut($0, to: 512) }
        duration = item.duration
        trackNumber = item.trackNumber
        recordingMBID = item.musicBrainzIDs.track.flatMap(Self.mbid)
        releaseMBID = item.musicBrainzIDs.album.flatMap(Self.mbid)
        listenedAt = Int64(clamping: Int(start.timeIntervalSince1970))
    }

    /// `text` when it is a MusicBrainz id (a UUID), lowercased.
    private static func mbid(_ text: String) -> String? {
        UUID(uuidString: text).map { $0.uuidString.lowercased() }
    }
}
