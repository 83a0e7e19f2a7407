import Foundation
import MediaLibrary
import MediaModel
import Testing

/// Random config files, edited and saved: nothing but the edited key's lines ever changes.
@Suite struct ConfigFileFuzzTests {
    static let keys = ["music-dir", "player", "mpd-host", "replay-gain-preamp", "x-unknown", "new-key"]

    /// Bytes for a value or comment: ASCII, `=`, `#`, UTF-8 text, Latin-1 bytes, NUL, blanks inside.
    static func text(_ random: inout SeededRandom, validUTF8: Bool) -> [UInt8] {
        let pieces: [[UInt8]] =
            [
                Array("music".utf8), Array("/srv/a b".utf8), Array("=".utf8), Array("#".utf8), Array("x=y".utf8),
                Array("Beyoncé".utf8), Array("音楽".utf8), Array(" ".utf8), Array("\t".utf8), [0],
            ] + (validUTF8 ? [] : [[0xE9], [0xFF, 0xFE], [0xC3], [0x80]])
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...5, using: &random) { bytes += pieces.randomElement(using: &random)! }
        return bytes
    }

    /// A random file of awkward pieces.
    static func file(_ random: inout SeededRandom) -> [UInt8] {
        let newline: [UInt8] = Bool.random(using: &random) ? [0x0A] : [0x0D, 0x0A]
        var bytes: [UInt8] = Int.random(in: 0..<8, using: &random) == 0 ? [0xEF, 0xBB, 0xBF] : []
        let blanks: [[UInt8]] = [[], [0x20], [0x09], [0x20, 0x20], [0x09, 0x20]]
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            var line: [UInt8]
            switch Int.random(in: 0..<10, using: &random) {
            case 0: line = blanks.randomElement(using: &random)! + Array("#".utf8) + text(&random, validUTF8: false)
            case 1: line = blanks.randomElement(using: &random)!
            case 2:
                line = (0..<Int.random(in: 0...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
                }
            case 3 where Int.random(in: 0..<20, using: &random) == 0:
                line = Array(String(repeating: "z", count: Int.random(in: 1_000...20_000, using: &random)).utf8)
            default:
                line =
                    blanks.randomElement(using: &random)! + Array(keys.randomElement(using: &random)!.utf8)
                    + blanks.randomElement(using: &random)! + Array("=".utf8) + blanks.randomElement(using: &random)!
                    + text(&random, validUTF8: Bool.random(using: &random)) + blanks.randomElement(using: &random)!
            }
            // Mostly the file's own line ending, sometimes the other one.
            let ending =
                Int.random(in: 0..<6, using: &random) == 0 ? (newline.count == 1 ? [0x0D, 0x0A] : [0x0A]) : newline
            bytes += line + ending
        }
        if Bool.random(using: &random), bytes.last == 0x0A {
            bytes.removeLast()  // no final newline
            if bytes.last == 0x0D { bytes.removeLast() }
        }
        return bytes
    }

    /// Values as they are written: valid UTF-8, no line breaks, no surrounding blanks.
    static func values(_ random: inout SeededRandom) -> [String] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
            String(decoding: text(&random, validUTF8: true), as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        }
    }

    @Test func randomFilesEditedKeepEveryOtherLineByteForByte() throws {
        let seed = ProcessInfo.processInfo.environment["CONFIG_FUZZ_SEED"].flatMap(UInt64.init) ?? 20_240_601
        print("ConfigFileFuzzTests seed \(seed) (set CONFIG_FUZZ_SEED to repeat another)")
        var random = SeededRandom(seed: seed)
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        for round in 0..<3_000 {
            let original = Self.file(&random)
            let key = Self.keys.randomElement(using: &random)!
            let values = Self.values(&random)
            // One file in ten goes through the disk; the others are edited in memory, as `save()` would write them.
            let onDisk = round % 10 == 0
            var config: ConfigFile
            if onDisk {
                try ConfigFileBytes.write(original, to: path)
                config = ConfigFile(path: path)
            } else {
                config = ConfigFile(path: path, contents: original)
            }
            #expect(config.bytes == original, "round \(round): unchanged bytes")
            config.set(key, values)
            var saved = config.bytes
            if onDisk {
                try config.save()
                saved = try ConfigFileBytes.read(path)
            }
            let context = "seed \(seed) round \(round) key \(key)"
            let othersKept = ConfigFileBytes.same(
                ConfigFileBytes.linesNotOf(key, in: saved), ConfigFileBytes.linesNotOf(key, in: original))
            #expect(othersKept, "\(context)")
            let reread = ConfigFile(path: path, contents: saved)
            #expect(reread.byteValues(key) == values.map { Array($0.utf8) }, "\(context)")
            #expect(reread.values(key) == values, "\(context)")
            #expect(
                saved.starts(with: ConfigFileBytes.byteOrderMark)
                    == original.starts(with: ConfigFileBytes.byteOrderMark))
            if let before = ConfigFileBytes.endsWithNewline(original),
                let after = ConfigFileBytes.endsWithNewline(saved)
            {
                #expect(before == after, "\(context): final newline")
            }
        }
    }
}
