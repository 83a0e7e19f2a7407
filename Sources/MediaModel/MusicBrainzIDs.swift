/// The MusicBrainz identifiers a file's tags carry, as written by MusicBrainz Picard and similar taggers.
public struct MusicBrainzIDs: Hashable, Sendable, Codable {
    /// The recording ("MusicBrainz Track Id": ID3 `UFID` of `http://musicbrainz.org`, Vorbis
    /// `MUSICBRAINZ_TRACKID`, MP4 `----:com.apple.iTunes:MusicBrainz Track Id`).
    public var track: String?
    /// The release ("MusicBrainz Album Id").
    public var album: String?
    /// The track's artist ("MusicBrainz Artist Id"; the first when several are given).
    public var artist: String?

    /// Identifiers as given; nil where the file has none.
    public init(track: String? = nil, album: String? = nil, artist: String? = nil) {
        self.track = track
        self.album = album
        self.artist = artist
    }
}
