/// Builds an ID3v2.3 or 2.4 tag frame by frame, as taggers (MusicBrainz Picard, foobar2000, Mp3tag) write them,
/// for frames `ffmpeg -metadata` cannot write (`POPM`, `UFID`, a real `USLT`, `TCMP`).
struct ID3v2TagBytes {
    var version: UInt8 = 4
    private var frames: [UInt8] = []

    init(version: UInt8 = 4) { self.version = version }

    /// A text frame (`TIT2`, `TCMP`, `TSO2`, …) in UTF-8 (2.4) or Latin-1 (2.3).
    mutating func text(_ id: String, _ value: String) {
        frame(id, [version == 4 ? 3 : 0] + encoded(value))
    }

    /// A user text frame (`TXXX`) with its description.
    mutating func userText(_ description: String, _ value: String) {
        frame("TXXX", [version == 4 ? 3 : 0] + encoded(description) + [0] + encoded(value))
    }

    /// An unsynchronised lyrics frame (`USLT`) in English.
    mutating func lyrics(_ text: String) {
        frame("USLT", [version == 4 ? 3 : 0] + Array("eng".utf8) + [0] + encoded(text))
    }

    /// A comment frame (`COMM`) in English.
    mutating func comment(_ text: String) {
        frame("COMM", [version == 4 ? 3 : 0] + Array("eng".utf8) + [0] + encoded(text))
    }

    /// A popularimeter (`POPM`): an e-mail, the rating byte, a play counter.
    mutating func popularimeter(_ rating: UInt8, email: String = "rater@example.org") {
        frame("POPM", Array(email.utf8) + [0, rating, 0, 0, 0, 7])
    }

    /// A unique file identifier (`UFID`) of `owner`.
    mutating func uniqueFileID(owner: String, _ identifier: String) {
        frame("UFID", Array(owner.utf8) + [0] + Array(identifier.utf8))
    }

    /// A frame that is a picture's worth of bytes (`APIC`), to put the frames after it far from the tag's start.
    mutating func padding(_ id: String, bytes: Int) {
        frame(id, [UInt8](repeating: 0x55, count: bytes))
    }

    mutating func frame(_ id: String, _ body: [UInt8]) {
        frames += Array(id.utf8) + size(body.count, syncsafe: version == 4) + [0, 0] + body
    }

    /// The whole tag: header, frames, and 64 bytes of padding.
    var bytes: [UInt8] {
        let body = frames + [UInt8](repeating: 0, count: 64)
        return Array("ID3".utf8) + [version, 0, 0] + size(body.count, syncsafe: true) + body
    }

    private func encoded(_ text: String) -> [UInt8] {
        version == 4 ? Array(text.utf8) : text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    private func size(_ value: Int, syncsafe: Bool) -> [UInt8] {
        let shift = syncsafe ? 7 : 8, mask = syncsafe ? 0x7F : 0xFF
        return [3, 2, 1, 0].map { UInt8((value >> ($0 * shift)) & mask) }
    }
}
