import CFFmpeg

/// Digests: SHA-256 through FFmpeg's libavutil (the toolchain has no crypto module on Linux) where identity must be
/// certain (pictures shared between songs), and 64-bit FNV-1a where a cheap fingerprint is enough.
package enum ContentHash {
    /// The hex 64-bit FNV-1a of `parts`, hashed one after another.
    package static func fnv1a64(_ parts: [UInt8]...) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The hex SHA-256 of `parts`, hashed one after another.
    package static func sha256(_ parts: [UInt8]...) -> String {
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
