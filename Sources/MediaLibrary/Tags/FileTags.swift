import FFmpegSupport
import MediaModel

/// Every tag TagLib finds in a file, under TagLib's property names, with the file's audio properties and (when asked)
/// its cover: what `addmusic tag --json` prints and what the window's song details show.
public struct FileTags: Sendable, Encodable {
    /// The audio stream as TagLib reads it from the file's headers (0 where it does not say).
    public struct Audio: Sendable, Encodable, Equatable {
        /// FFmpeg's name of the codec ("mp3", "flac", …), or "" when TagLib does not say.
        public var codec: String
        public var sampleRate: Int
        /// Bits per sample of a lossless stream (0 for a lossy one).
        public var bitsPerSample: Int
        public var channels: Int
        /// Kilobits per second.
        public var bitRate: Int
        public var seconds: Double
    }

    /// TagLib's name of the file type ("MPEG", "FLAC", "OPUS", …).
    public var format: String
    /// Each property's values, in order.
    public var properties: [String: [String]]
    public var audio: Audio
    /// The front cover (else the first picture), when read; never in the JSON.
    public var cover: [UInt8]?

    private enum CodingKeys: String, CodingKey { case format, properties, audio }

    /// The largest cover read for showing (a bigger one is left out).
    public static let maximumCoverBytes = 16 * 1024 * 1024

    /// Reads `path` within the playback budget; its cover too when `withCover`.
    /// - Throws: `TagLibError` when TagLib does not open the file.
    public init(_ path: LibraryPath, withCover: Bool = false) throws(TagLibError) {
        let file = try TagLibFile(path, budget: .playback, maximumPictureBytes: withCover ? Self.maximumCoverBytes : 0)
        format = file.format
        properties = file.values.grouped
        let read = file.audio
        audio = Audio(
            codec: file.codec, sampleRate: Int(read.sample_rate), bitsPerSample: Int(read.bits_per_sample),
            channels: Int(read.channels), bitRate: Int(read.bitrate), seconds: Double(read.length_ms) / 1000)
        cover = withCover ? file.picture?.bytes : nil
    }

    /// The first value of the first of `keys` that has one.
    public func first(_ keys: String...) -> String? {
        for key in keys {
            if let value = properties[key]?.first(where: { !$0.isEmpty }) { return value }
        }
        return nil
    }

    /// The values of `field` as a write of `TagChanges` sets them: a track or disc as "N/M" when the total is kept
    /// apart (Vorbis comments' TRACKTOTAL, DISCTOTAL).
    public func values(of field: TagChanges.Field) -> [String] {
        let values = (properties[field.rawValue] ?? []).filter { !$0.isEmpty }
        let totalKey =
            switch field {
            case .track: "TRACKTOTAL"
            case .disc: "DISCTOTAL"
            default: ""
            }
        guard !totalKey.isEmpty, let number = values.first, !number.contains("/"),
            let total = first(totalKey, field == .track ? "TOTALTRACKS" : "TOTALDISCS")
        else {
            return values
        }
        return ["\(number)/\(total)"]
    }

    /// The changes that put back what these tags hold for every field `changes` touches, and the cover when it
    /// changes (these tags must have been read with their cover): a write of them undoes a write of `changes`.
    public func restoring(_ changes: TagChanges) -> TagChanges {
        var undo = TagChanges()
        for field in changes.fields.keys { undo.fields[field] = values(of: field) }
        if changes.cover != .keep { undo.cover = cover.map { .set($0) } ?? .remove }
        return undo
    }
}
