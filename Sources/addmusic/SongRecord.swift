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
    var artworkID: Int64?
    // Fields added with schema version 2; each is left out when the file has no such tag.
    var composer: String?
    var compilation: Bool?
    var sortNames: SortNames?
    var beatsPerMinute: Int?
    var comment: String?
    var musicBrainzIDs: MusicBrainzIDs?
    var rating: Double?
    var lyrics: String?
    // Each value of a field that has several (shown joined above); left out when it has one or none.
    var artists: [String]?
    var albumArtists: [String]?
    var genres: [String]?
    var composers: [String]?

    init(_ item: MediaItem) {
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
        artworkID = item.artworkID
        composer = item.composer
        compilation = item.isCompilation ? true : nil
        sortNames = item.sortNames == SortNames() ? nil : item.sortNames
        beatsPerMinute = item.beatsPerMinute
        comment = item.comment
        musicBrainzIDs = item.musicBrainzIDs == MusicBrainzIDs() ? nil : item.musicBrainzIDs
        rating = item.rating
        lyrics = item.lyrics
        artists = item.artists.count > 1 ? item.artists : nil
        albumArtists = item.albumArtists.count > 1 ? item.albumArtists : nil
        genres = item.genres.count > 1 ? item.genres : nil
        composers = item.composers.count > 1 ? item.composers : nil
    }
}
