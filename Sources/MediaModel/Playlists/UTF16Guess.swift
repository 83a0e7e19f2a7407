import Foundation

/// Tells UTF-16 text written without a byte-order mark (as some Windows programs save playlists) from UTF-8 and from
/// binary data: playlist text is mostly ASCII, whose characters in UTF-16 each have a zero byte, on the second side of
/// the pair in little-endian order and on the first in big-endian. Looked at in the first 4 KiB.
enum UTF16Guess {
    /// The UTF-16 encoding `bytes` are in, or nil when they do not look like UTF-16 text.
    static func encoding(of bytes: [UInt8]) -> String.Encoding? {
        let sample = bytes.prefix(4096)
        guard sample.count >= 4, sample.count % 2 == 0 || sample.count == 4096 else { return nil }
        var zeroFirst = 0
        var zeroSecond = 0
        var pairs = 0
        var index = sample.startIndex
        while index + 1 < sample.endIndex {
            if sample[index] == 0 { zeroFirst += 1 }
            if sample[index + 1] == 0 { zeroSecond += 1 }
            pairs += 1
            index += 2
        }
        // Most pairs are ASCII (a zero on one side); on the other side a zero is rare (U+0100, U+4E00, …), where a
        // binary file has them on both.
        if zeroSecond * 2 > pairs && zeroFirst * 8 < pairs { return .utf16LittleEndian }
        if zeroFirst * 2 > pairs && zeroSecond * 8 < pairs { return .utf16BigEndian }
        return nil
    }
}
