import MediaModel

/// What a scan reads from one audio file: tags, stream properties, and the embedded picture if any.
struct AudioFileInfo: Sendable {
    var title: String?
    var artist: String?
    var album: String?
    var albumArtist: String?
    var genre: String?
    var year: Int?
    /// The original date's year (`ORIGINALDATE`, ID3 `TDOR`).
    var originalYear: Int?
    var trackNumber: Int?
    var discNumber: Int?
    var duration: Double = 0
    var codec: String = ""
    var sampleRate: Int = 0
    var channels: Int = 0
    var bitRate: Int = 0
    var replayGain = ReplayGain()
    var composer: String?
    var isCompilation = false
    var sortNames = SortNames()
    var lyrics: String?
    var beatsPerMinute: Int?
    var comment: String?
    var musicBrainzIDs = MusicBrainzIDs()
    /// 0–5, from a rating tag.
    var rating: Double?
    /// The embedded picture's bytes and FFmpeg codec id, when the file has one.
    var picture: EmbeddedPicture?
    /// The last bytes of the file, when asked for.
    var tail: [UInt8]?
    /// Set when the file has a picture that is too large to be used.
    var oversizedPictureBytes: Int?
    /// Each value of the fields that may have several, in order (`artist` and the others show them joined).
    var artists: [String] = []
    var albumArtists: [String] = []
    var genres: [String] = []
    var composers: [String] = []
    /// The cue sheet the file holds (a `CUESHEET` tag), which makes it several songs.
    var cueSheet: String?

    /// The most values a field keeps (a tag may name thousands).
    static let maximumValues = 64

    /// The separator of a list's values where the index keeps them (`LibrarySchema`): the unit separator, which a
    /// value never holds (`limitText` turns it into a space).
    static let valueSeparator: Character = "\u{1F}"

    /// Sets the list at `keyPath` and the joined text shown at `joinedPath` from `values`.
    mutating func setList(
        _ values: [String], at keyPath: WritableKeyPath<AudioFileInfo, [String]>,
        joined joinedPath: WritableKeyPath<AudioFileInfo, String?>
    ) {
        self[keyPath: keyPath] = values
        self[keyPath: joinedPath] = values.isEmpty ? nil : values.joined(separator: "; ")
    }

    /// Cuts every text to its bound in `TagTextLimit`: the names, the comment and the lyrics.
    mutating func limitText() {
        let name = TagTextLimit.name
        for keyPath in [
            \AudioFileInfo.title, \.artist, \.album, \.albumArtist, \.genre, \.composer, \.sortNames.title,
            \.sortNames.artist, \.sortNames.album, \.sortNames.albumArtist, \.sortNames.composer,
            \.musicBrainzIDs.track, \.musicBrainzIDs.album, \.musicBrainzIDs.artist,
        ] {
            self[keyPath: keyPath] = TagTextLimit.cut(self[keyPath: keyPath], to: name)
        }
        comment = TagTextLimit.cut(comment, to: TagTextLimit.comment)
        lyrics = TagTextLimit.cut(lyrics, to: TagTextLimit.lyrics)
        for keyPath in [\AudioFileInfo.artists, \.albumArtists, \.genres, \.composers] {
            self[keyPath: keyPath] = self[keyPath: keyPath].prefix(Self.maximumValues).map {
                TagTextLimit.cut(
                    $0.contains(Self.valueSeparator) ? $0.replacingOccurrences(of: "\u{1F}", with: " ") : $0,
                    to: name)
            }
        }
    }
}
