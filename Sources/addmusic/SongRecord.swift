import Foundation
import MediaLibrary
import MediaModel

/// A song as `--json` prints it.
struct SongRecord: Encodable {
    var id: Int64
    var path: String
    var title: String
    var artist: String?
    var album: String?
    var albumArtist: String?
    var genre: String?
    var year: Int?
    var originalYear: Int?
    var track: Int?
    var disc: Int?
    var duration: Double
    var codec: String
    var sampleRate: Int
    var channels: Int
    var bitRate: Int
    var replayGain: ReplayGain?
    /// The loudness the analysis measured (`library analyze`): integrated and album loudness in LUFS, true peaks
    /// linear; left out until the song is measured.
    var loudness: Loudness?
    /// For a track of a cue sheet: its audio file and where in it the track lies (seconds; no end: to the file's).
    var cue: CueRecord?
    var artworkID: Int64?
    // Fields added with schema version 2; each is left out when the file has no such tag.
    var composer: String?
    var compilation: Bool?
    var sortNames: SortNames?
    var beatsPerMinute: Int?
    var comment: String?
    var musicBrainzIDs: MusicBrainzIDs?
    /// The file's rating tag, 0–5 (fractional where the format allows).
    var ratingTag: Double?
    var lyrics: String?
    // Each value of a field that has several (shown joined above); left out when it has one or none.
    var artists: [String]?
    var albumArtists: [String]?
    var genres: [String]?
    var composers: [String]?
    // The song's statistics where they are kept (the index, or the daemon's stickers); left out of a file read
    // alone (`tag --json`). Dates in ISO 8601, in UTC.
    var playCount: Int?
    var skipCount: Int?
    var lastPlayed: String?
    var dateAdded: String?
    /// Stars, 0–5: the user's, else the file's rating tag.
    var rating: Int?

    init(_ item: MediaItem, statistics: PlayStatistics? = nil) {
        id = item.id
        path = item.path.description
        title = item.title
        artist = item.artist
        album = item.album
        albumArtist = item.albumArtist
        genre = item.genre
        year = item.year
        originalYear = item.originalYear
        track = item.trackNumber
        disc = item.discNumber
        duration = item.duration
        codec = item.codec
        sampleRate = item.sampleRate
        channels = item.channels
        bitRate = item.bitRate
        replayGain = item.replayGain.isEmpty ? nil : item.replayGain
        loudness = item.loudness
        cue = item.segment.map { CueRecord(file: $0.file.description, start: $0.startSeconds, end: $0.endSeconds) }
        artworkID = item.artworkID
        composer = item.composer
        compilation = item.isCompilation ? true : nil
        sortNames = item.sortNames == SortNames() ? nil : item.sortNames
        beatsPerMinute = item.beatsPerMinute
        comment = item.comment
        musicBrainzIDs = item.musicBrainzIDs == MusicBrainzIDs() ? nil : item.musicBrainzIDs
        ratingTag = item.rating
        lyrics = item.lyrics
        artists = item.artists.count > 1 ? item.artists : nil
        albumArtists = item.albumArtists.count > 1 ? item.albumArtists : nil
        genres = item.genres.count > 1 ? item.genres : nil
        composers = item.composers.count > 1 ? item.composers : nil
        if let statistics {
            playCount = statistics.playCount
            skipCount = statistics.skipCount
            lastPlayed = statistics.lastPlayed.map(Self.dateText)
            dateAdded = statistics.dateAdded.map(Self.dateText)
            rating = statistics.rating
        }
    }

    /// `date` as ISO 8601 in UTC, to the second ("2026-12-04T14:30:00Z").
    static func dateText(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }
}
