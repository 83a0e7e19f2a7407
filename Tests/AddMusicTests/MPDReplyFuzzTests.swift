import Foundation
import Testing

@testable import MusicPlayer

/// The reply parser and what reads its replies (status, songs, binary chunks) fed thousands of randomly mutated real
/// replies — truncated, with garbage bytes, hostile numbers, lying binary lengths — in pieces of random sizes: no
/// crash, no endless loop, and a reply is either complete, failed or waiting for more.
@Suite struct MPDReplyFuzzTests {
    /// Eight bytes of a picture, newlines and a zero among them.
    static let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0A, 0, 0x0A, 0x0A]

    static let samples: [(bytes: [UInt8], binary: Bool)] = [
        (
            Array(
                """
                volume: 100\nrepeat: 0\nrandom: 1\nsingle: 0\nconsume: 0\npartition: default\nplaylist: 6\n\
                playlistlength: 4\nmixrampdb: 0.000000\nstate: play\nsong: 1\nsongid: 2\ntime: 1:3\nelapsed: 1.234\n\
                bitrate: 1411\nduration: 3.000\naudio: 44100:16:2\nnextsong: 2\nnextsongid: 3\nOK\n
                """.utf8), false
        ),
        (
            Array(
                """
                file: A/0.flac\nLast-Modified: 2024-05-01T10:00:00Z\nFormat: 44100:16:2\nTitle: Song 0\n\
                Artist: Artist\nAlbum: Album 0\nTrack: 1/12\nDisc: 1\nDate: 2003-04-01\nTime: 3\nduration: 3.000\n\
                Pos: 0\nId: 1\nOK\n
                """.utf8), false
        ),
        (
            Array(
                """
                file: A/0.flac\nTitle: Song 0\nTime: 3\nduration: 3.000\nPos: 0\nId: 1\nfile: B/2.mp3\n\
                Title: Song 2\nTrack: 3\nTime: 3\nduration: 2.977\nPos: 1\nId: 7\nlist_OK\nOK\n
                """.utf8), false
        ),
        (Array("size: 12\ntype: image/png\nbinary: 8\n".utf8) + picture + Array("\nOK\n".utf8), true),
        (Array("size: 3\nbinary: 3\nabc\nOK\n".utf8), true),
        (Array("ACK [50@0] {play} song doesn't exist\n".utf8), false),
        (Array("changed: player\nchanged: mixer\nOK\n".utf8), false),
    ]

    static let hostileNumbers = [
        "nan", "-nan", "NaN", "inf", "-inf", "1e999", "-1e999", "-1", "-0", "0", "99999999999999999999999",
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "4294967296", "0x10", "", " 5", "5 ",
        "1.5e308", "4.9e-324", "3:nan", "nan:inf", "1:", ":", "١٢٣", "12abc", "+7",
    ]

    @Test func mutatedRepliesNeverCrashOrHang() {
        let seed = ProcessInfo.processInfo.environment["ADDMUSIC_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xADD_3051C
        print("MPD reply fuzz seed: \(seed) (set ADDMUSIC_FUZZ_SEED to repeat another)")
        var random = SeededRandom(seed: seed)
        var outcomes = (finished: 0, failed: 0, waiting: 0)
        let started = Date()
        for _ in 0..<5_000 {
            let sample = Self.samples[Int(random.next() % UInt64(Self.samples.count))]
            var bytes = sample.bytes
            for _ in 0...(random.next() % 3) { bytes = mutate(bytes, &random) }
            var parser = MPDReplyParser(
                command: "fuzz", limit: 1 << 16, acceptsBinary: sample.binary || random.next() % 4 == 0)
            var offset = 0
            while offset < bytes.count && !parser.isDone {
                let piece = random.next() % 3 == 0 ? bytes.count - offset : 1 + Int(random.next() % 24)
                let end = min(bytes.count, offset + piece)
                let used = bytes[offset..<end].withUnsafeBytes { parser.consume($0) }
                #expect(used <= end - offset)
                // It takes every byte it is given until the reply ends: nothing is left to spin on.
                #expect(used == end - offset || parser.isDone)
                offset += used
            }
            if parser.isFinished {
                outcomes.finished += 1
                let reply = parser.reply
                let status = MPDStatus(reply)
                #expect(status.volume.map { (0...100).contains($0) } ?? true)
                #expect(status.elapsed.map { $0.isFinite && $0 >= 0 } ?? true)
                #expect(status.duration.map { $0.isFinite && $0 > 0 } ?? true)
                for item in MPDSong.items(from: reply) { #expect(item.duration.isFinite && item.duration >= 0) }
                var data: [UInt8] = []
                _ = try? MPDConnection.appendChunk(of: reply, to: &data)
                #expect(data.count <= 1 << 16)
            } else if parser.failure != nil {
                outcomes.failed += 1
            } else {
                outcomes.waiting += 1  // truncated: on a socket, the reply's deadline ends it
            }
        }
        print("MPD reply fuzz: \(outcomes) in \(Date().timeIntervalSince(started)) s")
        #expect(outcomes.finished > 0 && outcomes.failed > 0 && outcomes.waiting > 0)
    }

    @Test func hostileNumbersInAStatusReadAsUnknown() {
        for number in Self.hostileNumbers {
            var parser = MPDReplyParser(command: "status")
            let keys = [
                "volume", "song", "songid", "elapsed", "duration", "time", "bitrate", "playlist", "playlistlength",
            ]
            let text = keys.map { "\($0): \(number)\n" }.joined() + "state: play\nOK\n"
            _ = Array(text.utf8).withUnsafeBytes { parser.consume($0) }
            #expect(parser.isFinished)
            let status = MPDStatus(parser.reply)
            #expect(status.elapsed.map { $0.isFinite && $0 >= 0 } ?? true, "\(number)")
            #expect(status.songPosition.map { $0 >= 0 } ?? true, "\(number)")
            #expect(status.volume.map { (0...100).contains($0) } ?? true, "\(number)")
            let item = MPDSong.item(from: [
                ("file", "a.flac"), ("duration", number), ("Time", number), ("Track", number),
            ])
            #expect(item.map { $0.duration.isFinite && $0.duration >= 0 } == true, "\(number)")
        }
    }

    /// One random change: a cut, garbage, a hostile number, a binary length that lies, a line lost or repeated.
    private func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var bytes = bytes
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 7 {
        case 0: bytes.removeSubrange(at...)
        case 1:
            let garbage: [UInt8] = [0x0A, 0x00, 0x3A, 0x20, 0xFF, 0xC3, 0x1B, 0x0D]
            for _ in 0...(random.next() % 8) { bytes.insert(garbage[Int(random.next() % 8)], at: at) }
        case 2: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        case 3, 4:
            // The value after the next ": " becomes a hostile number (or a lying binary length).
            guard let colon = bytes[at...].firstIndex(of: 0x3A), colon + 1 < bytes.count,
                let newline = bytes[colon...].firstIndex(of: 0x0A)
            else { break }
            let lies = Self.hostileNumbers + ["2000000", "1099511627776", "4611686018427387904", "65535", "-8"]
            bytes.replaceSubrange(
                (colon + 1)..<newline, with: Array((" " + lies[Int(random.next() % UInt64(lies.count))]).utf8))
        case 5:
            guard let newline = bytes[at...].firstIndex(of: 0x0A) else { break }
            let lineStart = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            bytes.removeSubrange(lineStart...newline)
        default:
            guard let newline = bytes[at...].firstIndex(of: 0x0A) else { break }
            let lineStart = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            bytes.insert(contentsOf: bytes[lineStart...newline], at: lineStart)
        }
        return bytes
    }
}
