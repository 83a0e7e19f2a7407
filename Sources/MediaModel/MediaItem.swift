/// One song of the music library, as the index holds it.
///
/// Values are plain data: safe to pass between threads. Text fields keep the tag's characters as read
/// (see `TerminalSafeText` before printing them).
public struct MediaItem: Hashable, Sendable, Identifiable {
    /// The persistent id: kept across rescans, retagging, restarts and (where the content tells) moves.
    public var id: Int64
    /// The file.
    public var path: LibraryPath
    /// The title tag, or the file name without extension when untagged.
    public var title: String
    /// The artists, joined with "; " as they are shown; nil when the song has none.
    public var artist: String?
    /// The album tag, if any.
    public var album: String?
    /// The album artists, joined with "; "; nil when none.
    public var albumArtist: String?
    /// The genres, joined with "; "; nil when none.
    public var genre: String?
    /// The year, from the date tag.
    public var year: Int?
    /// The track number on its disc.
    public var trackNumber: Int?
    /// The disc number.
    public var discNumber: Int?
    /// Duration in seconds (0 when unknown).
    public var duration: Double
    /// FFmpeg's name of the audio codec ("flac", "mp3", "aac", …).
    public var codec: String
    /// Sample rate in Hz.
    public var sampleRate: Int
    /// Number of channels.
    public var channels: Int
    /// Bit rate in bits per second (0 when unknown).
    public var bitRate: Int
    /// ReplayGain tags, when present.
    public var replayGain: ReplayGain
    /// The thumbnail's id in the index, when the song has artwork.
    public var artworkID: Int64?
    /// The composers, joined with "; "; nil when none.
    public var composer: String?
    /// Whether the song is part of a compilation (ID3 `TCMP`, MP4 `cpil`, Vorbis `COMPILATION` set to 1).
    public var isCompilation: Bool
    /// The sort names the tags give; the A–Z order follows them.
    public var sortNames: SortNames
    /// The lyrics: the file's lyrics tag, else the text of a `.lrc` file beside the song (see `lyricsLines`).
    public var lyrics: String?
    /// Beats per minute, from the BPM tag.
    public var beatsPerMinute: Int?
    /// The comment tag, if any.
    public var comment: String?
    /// MusicBrainz identifiers, where the tags carry them.
    public var musicBrainzIDs: MusicBrainzIDs
    /// The rating a tag gives, on a scale of 0 to 5 (ID3 `POPM`, `FMPS_RATING`, `RATING`); nil when untagged.
    public var rating: Double?
    /// Each artist the tags name, in order (a file may name several: several ARTIST comments, ID3v2.4's values).
    public var artists: [String]
    /// Each album artist, in order.
    public var albumArtists: [String]
    /// Each genre, in order: the song is under each on the Genres page.
    public var genres: [String]
    /// Each composer, in order.
    public var composers: [String]
    /// The year of the original release (the original date's first four-digit year), when the tags give it.
    public var originalYear: Int?
    /// The loudness the analysis measured, once it has (never from the file's tags: see `replayGain`).
    public var loudness: Loudness?
    /// For a track of a cue sheet: the file it is part of and where in it (its `path` then names the track, as
    /// "album.cue/track0001", and is no file); nil for a song that is a whole file.
    public var segment: SongSegment?

    /// The file that holds the song's audio: its own, or the one its cue sheet names.
    public var audioFile: LibraryPath { segment?.file ?? path }

    /// The lyrics line by line, timed when they are in the LRC form.
    public var lyricsLines: [LyricsLine] { lyrics.map(LyricsLine.lines(of:)) ?? [] }

    /// Creates an item; the index makes these, callers rarely need to.
    public init(
        id: Int64, path: LibraryPath, title: String, artist: String? = nil, album: String? = nil,
        albumArtist: String? = nil, genre: String? = nil, year: Int? = nil, trackNumber: Int? = nil,
        discNumber: Int? = nil, duration: Double = 0, codec: String = "", sampleRate: Int = 0, channels: Int = 0,
        bitRate: Int = 0, replayGain: ReplayGain = ReplayGain(), artworkID: Int64? = nil, composer: String? = nil,
        isCompilation: Bool = false, sortNames: SortNames = SortNames(), lyrics: String? = nil,
        beatsPerMinute: Int? = nil, comment: String? = nil, musicBrainzIDs: MusicBrainzIDs = MusicBrainzIDs(),
        rating: Double? = nil, artists: [String]? = nil, albumArtists: [String]? = nil, genres: [String]? = nil,
        composers: [String]? = nil, originalYear: Int? = nil, loudness: Loudness? = nil,
        segment: SongSegment? = nil
    ) {
        self.id = id
        self.path = path
        self.title = title
        self.artist = artist
        self.album = album
        self.albumArtist = albumArtist
        self.genre = genre
        self.year = year
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.duration = duration
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitRate = bitRate
        self.replayGain = replayGain
        self.artworkID = artworkID
        self.composer = composer
        self.isCompilation = isCompilation
        self.sortNames = sortNames
        self.lyrics = lyrics
        self.beatsPerMinute = beatsPerMinute
        self.comment = comment
        self.musicBrainzIDs = musicBrainzIDs
        self.rating = rating
        // Without lists, each is the one value shown (or none).
        self.artists = artists ?? artist.map { [$0] } ?? []
        self.albumArtists = albumArtists ?? albumArtist.map { [$0] } ?? []
        self.genres = genres ?? genre.map { [$0] } ?? []
        self.composers = composers ?? composer.map { [$0] } ?? []
        self.originalYear = originalYear
        self.loudness = loudness
        self.segment = segment
    }
}
