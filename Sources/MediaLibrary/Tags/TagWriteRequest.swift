import CFFmpeg
import CTagLib
import FFmpegSupport
import MediaModel

/// `TagChanges` as TagLib's property names and values for one format, and their writing into a file through TagLib.
struct TagWriteRequest {
    let changes: TagChanges
    /// Property names and their new values (none: removed), in a stable order.
    let properties: [(key: String, values: [String])]
    /// The cover's MIME type, when one is set.
    let coverMIME: String

    /// The formats whose tags are Vorbis comments, where a total has a field of its own (TRACKTOTAL, DISCTOTAL).
    private static let vorbisFormats: Set<String> = ["FLAC", "OGG", "OPUS", "SPEEX", "OGGFLAC"]

    /// - Throws: `TagWriteError.unsupported` when the cover is not a picture every format can hold.
    init(_ changes: TagChanges, format: String) throws(TagWriteError) {
        self.changes = changes
        var properties: [(key: String, values: [String])] = []
        for field in TagChanges.Field.allCases {
            guard let values = changes.fields[field] else { continue }
            if Self.vorbisFormats.contains(format), field == .track || field == .disc, let value = values.first {
                let parts = value.split(separator: "/", maxSplits: 1).map(String.init)
                properties.append((field.rawValue, [parts[0]]))
                properties.append((field == .track ? "TRACKTOTAL" : "DISCTOTAL", parts.count > 1 ? [parts[1]] : []))
            } else {
                properties.append((field.rawValue, values))
            }
        }
        self.properties = properties
        switch changes.cover {
        case .set(let bytes):
            switch Thumbnailer.codecID(sniffing: bytes) {
            case AV_CODEC_ID_MJPEG: coverMIME = "image/jpeg"
            case AV_CODEC_ID_PNG: coverMIME = "image/png"
            case AV_CODEC_ID_GIF: coverMIME = "image/gif"
            case AV_CODEC_ID_BMP: coverMIME = "image/bmp"
            default: throw .unsupported("the cover is not a JPEG, PNG, GIF or BMP picture")
            }
        default:
            coverMIME = ""
        }
    }

    /// Writes the request into the file at `path` in place.
    /// - Throws: `TagWriteError.unsupported` with TagLib's reason when it cannot.
    func apply(to path: LibraryPath) throws(TagWriteError) {
        let keys = properties.map { strdup($0.key) }
        let values = properties.flatMap { $0.values }.map { strdup($0) }
        defer { (keys + values).forEach { free($0) } }
        let counts = properties.map { $0.values.count }
        let mime = strdup(coverMIME)
        defer { free(mime) }
        var cover: [UInt8] = []
        var action = ADDMUSIC_COVER_KEEP
        switch changes.cover {
        case .keep: break
        case .set(let bytes):
            cover = bytes
            action = ADDMUSIC_COVER_SET
        case .remove: action = ADDMUSIC_COVER_REMOVE
        }
        var message = [CChar](repeating: 0, count: 512)
        let status = keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyPointers in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                counts.withUnsafeBufferPointer { countPointer in
                    cover.withUnsafeBufferPointer { coverBytes in
                        var request = addmusic_tags_changes(
                            keys: keyPointers.baseAddress, value_counts: countPointer.baseAddress,
                            key_count: keys.count, values: valuePointers.baseAddress, cover_action: action,
                            cover: coverBytes.baseAddress, cover_size: coverBytes.count, cover_mime: mime,
                            rating: Int32(changes.rating ?? -1))
                        return path.withCString { addmusic_tags_write($0, &request, &message, message.count) }
                    }
                }
            }
        }
        guard status == ADDMUSIC_TAGS_OK else {
            throw .unsupported(
                String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}
