import FFmpegSupport
import MediaModel

/// Every tag TagLib finds in a file, under TagLib's property names, for showing (`addmusic tag --json`).
public struct FileTags: Sendable, Encodable {
    /// TagLib's name of the file type ("MPEG", "FLAC", "OPUS", …).
    public var format: String
    /// Each property's values, in order.
    public var properties: [String: [String]]

    /// Reads `path` within the playback budget.
    /// - Throws: `TagLibError` when TagLib does not open the file.
    public init(_ path: LibraryPath) throws(TagLibError) {
        let file = try TagLibFile(path, budget: .playback, maximumPictureBytes: 0)
        format = file.format
        properties = file.values.grouped
    }
}
