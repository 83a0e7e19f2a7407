import CFFmpeg

/// The audio of a file as stored: a SHA-256 over the bytes of every packet of its audio stream, in order. Two files
/// with the same digest hold the same encoded audio bit for bit, whatever their tags, pictures and padding; so the
/// same decoded audio too.
package enum AudioDigest {
    /// Reads every packet of the file at `path` (raw bytes; `fileExtension` lowercased), blocking the caller for as
    /// long as demuxing the file takes (no decoding).
    /// - Throws: `FFmpegError` when the file does not open, has no audio stream, or a packet cannot be read.
    package static func of(path: [UInt8], fileExtension: String) throws(FFmpegError) -> String {
        let input = try FormatInput(path: path, fileExtension: fileExtension, budget: .playback)
        input.endProbe()
        guard let stream = input.audioStream else { throw FFmpegError(message: "no audio stream", operation: "open") }
        let index = stream.pointee.index
        let packet = try MediaPacket()
        let digest = SHA256Context()
        var packets = 0
        while true {
            let code = av_read_frame(input.context, packet.packet)
            if code == addmusic_averror_eof() { break }
            if code < 0 { throw FFmpegError(code: code, operation: "read packet") }
            if packet.packet.pointee.stream_index == index, let data = packet.packet.pointee.data {
                digest.update(UnsafeRawBufferPointer(start: data, count: Int(packet.packet.pointee.size)))
                packets += 1
            }
            av_packet_unref(packet.packet)
        }
        return "\(packets):" + digest.finish()
    }
}

/// Owns one of libavutil's SHA-256 contexts; frees it in `deinit`. Not thread-safe.
private final class SHA256Context {
    private let context: OpaquePointer

    init() {
        guard let allocated = av_sha_alloc() else { preconditionFailure("out of memory") }
        context = allocated
        av_sha_init(context, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        av_sha_update(context, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The digest in hex.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        return digest.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }
}
