/// Writes a playlist's entries as the bytes of a `.m3u`, `.m3u8` or `.pls` file, always in UTF-8 without a
/// byte-order mark, lines ending in LF. Each entry's location and `#EXTINF` text are written as they are kept, so an
/// entry read from a file is written back byte for byte. A line break, which no line-based format can hold (no entry
/// read from a file has one), is written in an absolute path as a percent-encoded `file://` URL of the same path, and
/// as a space anywhere else.
enum PlaylistWriter {
    /// The file's bytes for `entries` in `format`.
    static func bytes(_ entries: [PlaylistEntry], format: PlaylistFormat) -> [UInt8] {
        var text = ""
        switch format {
        case .m3u, .m3u8:
            text += "#EXTM3U\n"
            for entry in entries {
                if let info = entry.info { text += "#EXTINF:" + oneLine(info) + "\n" }
                text += location(entry) + "\n"
            }
        case .pls:
            text += "[playlist]\n"
            for (index, entry) in entries.enumerated() {
                let number = index + 1
                text += "File\(number)=" + location(entry) + "\n"
                if let info = entry.info {
                    let comma = info.firstIndex(of: ",") ?? info.endIndex
                    let title = comma == info.endIndex ? "" : String(info[info.index(after: comma)...])
                    if !title.isEmpty { text += "Title\(number)=" + oneLine(title) + "\n" }
                    text += "Length\(number)=" + oneLine(String(info[..<comma])) + "\n"
                }
            }
            text += "NumberOfEntries=\(entries.count)\nVersion=2\n"
        }
        return Array(text.utf8)
    }

    private static func location(_ entry: PlaylistEntry) -> String {
        let location = entry.location
        guard location.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return location }
        // Only an absolute path has a file URL; any other text cannot keep its line break.
        guard location.hasPrefix("/") else { return oneLine(location) }
        var url = "file://"
        for byte in location.utf8 {
            let keep =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "/-._~".utf8.contains(byte)
            url += keep ? String(UnicodeScalar(byte)) : "%" + hex(byte)
        }
        return url
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    /// Text with its line breaks turned into spaces (a title cannot span lines).
    private static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
