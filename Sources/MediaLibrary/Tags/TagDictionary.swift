import CFFmpeg
import Glibc

/// A container's and its audio stream's FFmpeg metadata (Ogg keeps tags on the stream) as `TagValues`: FFmpeg's
/// names, which differ by demuxer (ID3 frames FFmpeg does not name keep their frame id, MP4's are FFmpeg's names for
/// the atoms, Vorbis comments keep their own), translated to TagLib's property names. For the files TagLib does not
/// open.
enum TagDictionary {
    /// The container's entries, then the stream's, in FFmpeg's order.
    static func values(container: OpaquePointer?, stream: OpaquePointer?) -> TagValues {
        TagValues([container, stream].flatMap(entries))
    }

    /// FFmpeg's names (lower case) that are not TagLib's name lowercased.
    private static let propertyNames: [String: String] = [
        "album_artist": "ALBUMARTIST", "album artist": "ALBUMARTIST", "tpe2": "ALBUMARTIST",
        "year": "DATE", "tdrc": "DATE", "tyer": "DATE", "tdor": "ORIGINALDATE",
        "track": "TRACKNUMBER", "trck": "TRACKNUMBER", "disc": "DISCNUMBER", "tpos": "DISCNUMBER",
        "tcom": "COMPOSER", "tcmp": "COMPILATION", "itunescompilation": "COMPILATION",
        "title-sort": "TITLESORT", "sort_name": "TITLESORT", "tsot": "TITLESORT",
        "artist-sort": "ARTISTSORT", "sort_artist": "ARTISTSORT", "tsop": "ARTISTSORT",
        "album-sort": "ALBUMSORT", "sort_album": "ALBUMSORT", "tsoa": "ALBUMSORT",
        "album_artist-sort": "ALBUMARTISTSORT", "sort_album_artist": "ALBUMARTISTSORT", "tso2": "ALBUMARTISTSORT",
        "composer-sort": "COMPOSERSORT", "sort_composer": "COMPOSERSORT", "tsoc": "COMPOSERSORT",
        "unsyncedlyrics": "LYRICS", "unsynced lyrics": "LYRICS", "tbpm": "BPM", "tmpo": "BPM",
        "description": "COMMENT", "musicbrainz track id": "MUSICBRAINZ_TRACKID",
        "musicbrainz album id": "MUSICBRAINZ_ALBUMID", "musicbrainz artist id": "MUSICBRAINZ_ARTISTID",
    ]

    /// The entries of `dictionary` under TagLib's names.
    private static func entries(_ dictionary: OpaquePointer?) -> [(key: String, value: String)] {
        guard let dictionary else { return [] }
        var result: [(key: String, value: String)] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, addmusic_av_dict_ignore_suffix()) {
            entry = next
            guard let key = next.pointee.key, let value = next.pointee.value else { continue }
            let text = value.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                TagTextLimit.decoded(UnsafeBufferPointer(start: bytes, count: strnlen(value, TagTextLimit.copied + 1)))
            }
            result.append((propertyName(String(cString: key)), text))
        }
        return result
    }

    /// TagLib's name for FFmpeg's `key`: ID3's USLT comes as "lyrics-LANG" (or "lyrics-DESCRIPTION-LANG").
    private static func propertyName(_ key: String) -> String {
        let lower = String(decoding: key.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        if let name = propertyNames[lower] { return name }
        if lower.hasPrefix("lyrics-") { return "LYRICS" }
        return String(decoding: lower.utf8.map { (97...122).contains($0) ? $0 - 32 : $0 }, as: UTF8.self)
    }
}
