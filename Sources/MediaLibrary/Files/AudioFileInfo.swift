import MediaModel

/// What a scan reads from one audio file: tags, stream properties, and the embedded picture if any.
struct AudioFileInfo: Sendable {
    var title: String?
    var artist: String?
    var album: String?
    var albumArtist: String?
    var genre: String?
    var year: Int?
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
    }
}
