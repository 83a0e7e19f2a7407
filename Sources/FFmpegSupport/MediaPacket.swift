import CFFmpeg

/// Owns one `AVPacket` (a unit of encoded data); frees it in `deinit`. Not thread-safe.
package final class MediaPacket {
    package let packet: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet.
    /// - Throws: `FFmpegError` when memory runs out.
    package init() throws(FFmpegError) {
        guard let packet = av_packet_alloc() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "allocate packet")
        }
        self.packet = packet
    }

    /// Allocates a packet holding a copy of `bytes`.
    /// - Throws: `FFmpegError` when memory runs out.
    package convenience init(copying bytes: [UInt8]) throws(FFmpegError) {
        try self.init()
        let code = av_new_packet(packet, Int32(bytes.count))
        if code < 0 { throw FFmpegError(code: code, operation: "allocate packet") }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { packet.pointee.data.update(from: base, count: source.count) }
        }
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&pointer)
    }

    /// A copy of the packet's payload.
    package var bytes: [UInt8] {
        guard let data = packet.pointee.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size)))
    }
}
