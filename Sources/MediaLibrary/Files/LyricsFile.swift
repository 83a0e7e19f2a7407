import MediaModel

/// A song's `.lrc` file: the file beside the song with the same name and the extension `.lrc` (or `.LRC`),
/// timed (`[mm:ss.xx]`) or plain, in UTF-8 (a byte-order mark is dropped) or else Latin-1.
enum LyricsFile {
    /// Files larger than this are not lyrics; the text read is held to `TagTextLimit.lyrics`, this many bytes.
    static let maximumBytes = 512 * 1024

    /// The names a song's lyrics file may have, the first found wins.
    static let suffixes = [".lrc", ".LRC"]

    /// `song`'s path without its extension: a lyrics file's path is this and one of `suffixes`.
    static func base(of song: LibraryPath) -> [UInt8] {
        let name = song.lastComponent.bytes
        var base = song.bytes
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 { base.removeLast(name.count - dot) }
        return base
    }

    /// The text of the `.lrc` file beside `song`, at most `TagTextLimit.lyrics` bytes of UTF-8, or nil when there is
    /// none (or it is empty or too large).
    static func text(beside song: LibraryPath) -> String? {
        let base = base(of: song)
        for suffix in suffixes {
            guard
                let bytes = DirectoryReader.contents(
                    of: LibraryPath(bytes: base + Array(suffix.utf8)), limit: maximumBytes)
            else {
                continue
            }
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            let text = String(validating: body, as: UTF8.self) ?? String(body.map { Character(Unicode.Scalar($0)) })
            // Latin-1 takes two bytes of UTF-8 for each byte over 127: the text may outgrow the file.
            return TagValues.trimmed(text).map { TagTextLimit.cut($0, to: TagTextLimit.lyrics) }
        }
        return nil
    }
}
