import Foundation
import MediaModel
import Testing

/// Random playlists: whatever the bytes, reading never crashes and never loses a line that is an entry; whatever
/// entries are written, they read back the same.
@Suite struct PlaylistFuzzTests {
    @Test func randomEntriesReadBackAsTheyWereWritten() throws {
        var random = SeededRandom(seed: 15)
        let pieces = [
            "a", "É", "/", "\\", " ", "=", ",", ":", "%20", "街", "#", "\u{1B}", "\u{7F}", "C:", "..", "file:", "·",
        ]
        func text(_ count: Int) -> String {
            (0..<count).map { _ in pieces[random.next(below: pieces.count)] }.joined()
        }
        for _ in 0..<300 {
            var entries: [PlaylistEntry] = []
            for _ in 0..<random.next(below: 20) {
                var location = text(1 + random.next(below: 8))
                // What no line of a playlist can be: blank, or a comment.
                if location.allSatisfy({ $0 == " " }) || location.hasPrefix("#") { location = "x" + location }
                let info =
                    random.next(below: 2) == 0 ? nil : "\(random.next(below: 900)),\(text(random.next(below: 6)))"
                entries.append(PlaylistEntry(location: location, info: info))
            }
            for format in [PlaylistFormat.m3u8, .m3u] {
                let read = try Playlist.parse(
                    Playlist(name: "f", entries: entries).encoded(as: format), format: format, name: "f")
                #expect(read.entries == entries)
            }
            let pls = try Playlist.parse(
                Playlist(name: "f", entries: entries).encoded(as: .pls), format: .pls, name: "f")
            #expect(pls.entries.map(\.location) == entries.map(\.location))
            #expect(pls.entries.map(\.title) == entries.map(\.title))
            #expect(pls.entries.map(\.duration) == entries.map(\.duration))
        }
    }

    @Test func randomBytesNeverCrashAndEveryNonCommentLineIsAnEntry() throws {
        var random = SeededRandom(seed: 16)
        let alphabet: [UInt8] =
            Array("ab#\r\n =:/\\%EXTINF".utf8) + [0xC3, 0xA9, 0xE9, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0x1B]
        for _ in 0..<500 {
            let bytes = (0..<random.next(below: 200)).map { _ in alphabet[random.next(below: alphabet.count)] }
            for format in PlaylistFormat.allCases {
                do {
                    let playlist = try Playlist.parse(bytes, format: format, name: "r")
                    #expect(playlist.entries.count <= bytes.count)
                    if format != .pls, !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) {
                        let lines = bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
                        let expected = lines.enumerated().filter { index, line in
                            let isFirstWithBOM = index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF])
                            let body = isFirstWithBOM ? line.dropFirst(3) : line
                            return !body.allSatisfy { $0 == 0x20 || $0 == 0x09 } && body.first != UInt8(ascii: "#")
                        }
                        #expect(playlist.entries.count == expected.count, "\(bytes)")
                    }
                } catch {
                    // Only UTF-16 that does not decode may be refused: there is no NUL in these bytes.
                    #expect(error == .binary(path: "playlist"))
                    #expect(bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]))
                }
            }
        }
    }
}
