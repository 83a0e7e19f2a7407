/// Reads sample rate and channel count from the first bytes FFmpeg's FLAC and MP3 demuxers hand over, so a scan
/// need not run `avformat_find_stream_info` (which opens a decoder and decodes a frame) for the two most common
/// formats. Formats are documented at https://xiph.org/flac/format.html and in ISO/IEC 11172-3.
package enum StreamHeaderParser {
    /// Sample rate and channels from a FLAC STREAMINFO block (the stream's extradata), or nil.
    package static func flacStreamInfo(_ block: UnsafeBufferPointer<UInt8>) -> (sampleRate: Int, channels: Int)? {
        guard block.count >= 18 else { return nil }
        let sampleRate = Int(block[10]) << 12 | Int(block[11]) << 4 | Int(block[12]) >> 4
        let channels = Int((block[12] >> 1) & 7) + 1
        return sampleRate > 0 ? (sampleRate, channels) : nil
    }

    /// Sample rate and channels from the 4-byte header at the start of an MPEG audio frame, or nil.
    package static func mpegAudioHeader(_ bytes: UnsafeBufferPointer<UInt8>) -> (sampleRate: Int, channels: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 else { return nil }
        let version = (bytes[1] >> 3) & 3  // 0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1
        let layer = (bytes[1] >> 1) & 3
        let rateIndex = Int((bytes[2] >> 2) & 3)
        guard version != 1, layer != 0, rateIndex != 3, (bytes[2] >> 4) != 15 else { return nil }
        let base = [44100, 48000, 32000][rateIndex]
        let sampleRate = version == 3 ? base : version == 2 ? base / 2 : base / 4
        let channels = (bytes[3] >> 6) == 3 ? 1 : 2
        return (sampleRate, channels)
    }
}
