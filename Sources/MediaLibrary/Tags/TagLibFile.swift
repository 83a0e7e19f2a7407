import CTagLib
import FFmpegSupport
import MediaModel

/// What TagLib read from one file: its tags as one property map (TagLib's names, upper case; a key with several
/// values has an entry for each), its audio properties and its cover. Owns the C handle; frees it in `deinit`.
/// Used on one thread at a time.
final class TagLibFile {
    private let handle: OpaquePointer

    /// Reads `path` within `budget` (deadline and header bytes), keeping a picture of at most `maximumPictureBytes`
    /// (0: no picture read).
    /// - Throws: `TagLibError` when TagLib does not know the file, cannot open it, or the budget ran out.
    init(_ path: LibraryPath, budget: ProbeBudget, maximumPictureBytes: Int) throws(TagLibError) {
        var status = ADDMUSIC_TAGS_OK
        var errorNumber: Int32 = 0
        let opened = path.withCString { cPath in
            addmusic_tags_read(
                cPath, budget.seconds, budget.maximumHeaderBytes, maximumPictureBytes, TagTextLimit.copied + 3,
                &status, &errorNumber)
        }
        guard let opened else { throw TagLibError(status, errorNumber: errorNumber, budget: budget) }
        handle = opened
    }

    deinit { addmusic_tags_free(handle) }

    /// The tags, each text cut to `TagTextLimit.copied` bytes.
    var values: TagValues {
        let count = addmusic_tags_count(handle)
        var entries: [(key: String, value: String)] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            var length = 0
            let key = String(cString: addmusic_tags_key(handle, index))
            guard let value = addmusic_tags_value(handle, index, &length) else { continue }
            let text = value.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                TagTextLimit.decoded(UnsafeBufferPointer(start: bytes, count: length))
            }
            entries.append((key, text))
        }
        return TagValues(entries)
    }

    /// The audio properties TagLib read (0 where it does not know).
    var audio: addmusic_tags_properties { addmusic_tags_audio(handle) }

    /// FFmpeg's name of the codec, or "" when TagLib does not say.
    var codec: String { String(cString: audio.codec) }

    /// TagLib's name of the file type ("MPEG", "FLAC", "OGG", "OPUS", "MP4", "ASF", …).
    var format: String { String(cString: audio.format) }

    /// The front cover (else the first picture) and its MIME type as the tag says it.
    var picture: (bytes: [UInt8], mime: String)? {
        var size = 0
        var mime: UnsafePointer<CChar>?
        guard let data = addmusic_tags_picture(handle, &size, &mime), size > 0 else { return nil }
        return (Array(UnsafeBufferPointer(start: data, count: size)), mime.map { String(cString: $0) } ?? "")
    }

    /// The size of a picture left out for being over the limit, or nil.
    var oversizedPictureBytes: Int? {
        let size = addmusic_tags_oversized_picture(handle)
        return size > 0 ? size : nil
    }
}
