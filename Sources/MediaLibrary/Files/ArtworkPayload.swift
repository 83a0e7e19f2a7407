import FFmpegSupport

/// A thumbnail result for one picture: its hash and, when no other song brought it first, its thumbnail.
struct ArtworkPayload: Sendable {
    var hash: String
    var thumbnail: Thumbnailer.Thumbnail?
}
