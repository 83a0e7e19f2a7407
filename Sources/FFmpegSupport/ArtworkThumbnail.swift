import CFFmpeg

/// Thumbnails of pictures that do not come from the index (a music daemon's cover art, for one).
public enum ArtworkThumbnail {
    /// A JPEG of at most `side` pixels a side (256 unless told; never larger than the picture) made from `picture`
    /// (JPEG, PNG or WebP bytes, told apart by their first bytes); nil when the bytes are no picture FFmpeg decodes.
    /// Decodes on the calling thread: call it off the main thread.
    public static func make(from picture: [UInt8], side: Int = 256) -> [UInt8]? {
        let codec: AVCodecID
        if picture.starts(with: [0xFF, 0xD8]) {
            codec = AV_CODEC_ID_MJPEG
        } else if picture.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            codec = AV_CODEC_ID_PNG
        } else if picture.count > 12, picture[0..<4] == [0x52, 0x49, 0x46, 0x46],
            picture[8..<12] == [0x57, 0x45, 0x42, 0x50]
        {
            codec = AV_CODEC_ID_WEBP
        } else {
            return nil
        }
        return try? Thumbnailer.thumbnail(of: picture, codecID: codec, side: side).jpeg
    }
}
