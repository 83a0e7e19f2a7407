import CFFmpeg

/// SHA-256 digests through FFmpeg's libavutil (the toolchain has no crypto module on Linux).
enum ContentHash {
    /// The hex SHA-256 of `parts`, hashed one after another.
    static func sha256(_ parts: [UInt8]...) -> String {
        guard let sha = av_sha_alloc() else { preconditionFailure("out of memory") }
        defer { av_free(UnsafeMutableRawPointer(sha)) }
        av_sha_init(sha, 256)
        for part in parts {
            part.withUnsafeBufferPointer { av_sha_update(sha, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(sha, &digest)
        let hex = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
