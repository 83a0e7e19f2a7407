import Foundation
import MediaModel

/// The two frames of a file's leading ID3v2 tag that FFmpeg does not hand on: `POPM` (the popularimeter: a rating
/// byte) and `UFID` owned by MusicBrainz (the recording id). Versions 2.2, 2.3 and 2.4.
///
/// Reads the tag's first 64 KB at once, and beyond it frame headers one by one and only those two frames' bodies
/// (at most 1 KB each), so a tag holding a large picture costs a few small reads. Stateless; called on a scan's
/// reader thread, within the probe budget of the file's read.
struct ID3v2Frames {
    /// The extensions of the files that lead with an ID3v2 tag (MPEG audio and raw AAC); others are not looked at.
    static let fileExtensions: Set<String> = ["mp3", "mp2", "mpga", "aac"]

    /// The first non-zero `POPM` rating byte.
    var popularimeter: UInt8?
    /// The identifier of the `UFID` frame owned by "http://musicbrainz.org".
    var musicBrainzTrackID: String?

    /// The frames of the ID3v2 tag at the start of `path`, or nil when it has none (or it cannot be read).
    init?(_ path: LibraryPath) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let header = Self.read(descriptor, at: 0, count: 10), header.count == 10,
            header[0] == UInt8(ascii: "I"), header[1] == UInt8(ascii: "D"), header[2] == UInt8(ascii: "3"),
            (2...4).contains(header[3]), let tagSize = Self.syncsafe(header[6..<10])
        else {
            return nil
        }
        // The tag's first 64 KB in one read (text frames come first as a rule); frames beyond are read one by one.
        let head = Self.read(descriptor, at: 0, count: min(10 + tagSize, 64 * 1024)) ?? header
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            if offset + count <= head.count { return Array(head[offset..<(offset + count)]) }
            return Self.read(descriptor, at: offset, count: count)
        }
        let version = header[3], flags = header[5]
        let idLength = version == 2 ? 3 : 4, headerLength = version == 2 ? 6 : 10
        let tagUnsynchronised = flags & 0x80 != 0
        var offset = 10
        let end = 10 + tagSize
        if flags & 0x40 != 0, version >= 3, let extended = bytes(at: offset, count: 4),
            extended.count == 4
        {
            // 2.3 counts the extended header without its size field, 2.4 with it (and syncsafe).
            let size = version == 3 ? Self.plain(extended[...]) + 4 : Self.syncsafe(extended[...]) ?? 0
            offset += size
        }
        for _ in 0..<4096 {
            guard offset + headerLength <= end, let frame = bytes(at: offset, count: headerLength),
                frame.count == headerLength, frame[0] != 0
            else {
                break
            }
            let id = String(decoding: frame[0..<idLength], as: UTF8.self)
            let sizeBytes = frame[idLength..<(version == 2 ? 6 : 8)]
            let size = version == 4 ? (Self.syncsafe(sizeBytes) ?? Int.max / 2) : Self.plain(sizeBytes)
            let bodyOffset = offset + headerLength
            offset = bodyOffset + size
            guard offset <= end else { break }
            guard ["POPM", "POP", "UFID", "UFI"].contains(id), size <= 1024 else { continue }
            let formatFlags = version == 4 ? frame[9] : 0
            guard formatFlags & 0x0C == 0, var body = bytes(at: bodyOffset, count: size) else {
                continue  // compressed or encrypted
            }
            if formatFlags & 0x01 != 0 { body = Array(body.dropFirst(4)) }  // data length indicator
            if tagUnsynchronised || formatFlags & 0x02 != 0 { body = Self.resynchronised(body) }
            take(id: id, body: body)
        }
        if popularimeter == nil && musicBrainzTrackID == nil { return nil }
    }

    private mutating func take(id: String, body: [UInt8]) {
        guard let nul = body.firstIndex(of: 0) else { return }
        let owner = body[..<nul], rest = body[(nul + 1)...]
        if id.hasPrefix("POP") {
            if popularimeter == nil, let rating = rest.first, rating != 0 { popularimeter = rating }
        } else if musicBrainzTrackID == nil, owner.elementsEqual("http://musicbrainz.org".utf8),
            let text = String(validating: rest.prefix(64), as: UTF8.self),
            let trimmed = TagDictionary.trimmed(text)
        {
            musicBrainzTrackID = trimmed
        }
    }

    /// Reads up to `count` bytes at `offset`; nil on an error.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return nil }
            if got == 0 { break }
            filled += got
        }
        return Array(buffer.prefix(filled))
    }

    /// A 28-bit size in four bytes of seven bits each; nil when a byte has its top bit set.
    private static func syncsafe(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return bytes.reduce(0) { $0 << 7 | Int($1) }
    }

    /// A big-endian size of three or four bytes.
    private static func plain(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    /// `bytes` with the zero byte that unsynchronisation puts after every 0xFF taken out.
    private static func resynchronised(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for byte in bytes {
            if !(previous == 0xFF && byte == 0) { result.append(byte) }
            previous = byte
        }
        return result
    }
}
