/// The most a song keeps of each text its file gives it, in bytes of UTF-8: tags and a `.lrc` file are cut to these
/// where they are read (`AudioFileReader`, `LyricsFile`) and again where the index stores them (`ScanWriter`), so no
/// song's row, listing or lyrics panel grows with what a file claims. Bounds no real tag comes near.
public enum TagTextLimit {
    /// Each of the title, artist, album, album artist, genre, composer, the five sort names and the MusicBrainz ids.
    public static let name = 4 * 1024
    /// The comment.
    public static let comment = 64 * 1024
    /// The lyrics, from a tag or a `.lrc` file: as much as the largest `.lrc` file read.
    public static let lyrics = LyricsFile.maximumBytes
    /// The most of any one tag copied out of FFmpeg's dictionary or TagLib's map: the largest bound above.
    static let copied = max(name, comment, lyrics)

    /// The UTF-8 text of `bytes`, at most `copied` of them: a tag of 50 MB is not copied whole only to be cut (where
    /// a scalar would be split, the cut is at its start).
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > copied, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        var end = copied
        // Back over at most three continuation bytes (10xxxxxx) to the scalar's first byte.
        while end > copied - 3, base[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(start: base, count: end), as: UTF8.self)
    }

    /// `text` cut to at most `bytes` bytes of UTF-8, at the last Unicode scalar boundary that fits (a scalar is
    /// never split); `text` itself when it fits.
    public static func cut(_ text: String, to bytes: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > bytes else { return text }
        var end = utf8.index(utf8.startIndex, offsetBy: max(bytes, 0))
        // A continuation byte (10xxxxxx) is inside a scalar: the scalar starts before it and would not fit.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { utf8.formIndex(before: &end) }
        return String(text.unicodeScalars[..<end])
    }

    /// `text` cut to `bytes` (see `cut(_:to:)`), nil staying nil.
    static func cut(_ text: String?, to bytes: Int) -> String? { text.map { cut($0, to: bytes) } }
}
