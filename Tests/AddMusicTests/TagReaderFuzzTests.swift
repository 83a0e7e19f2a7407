import Foundation
import MediaLibrary
import Testing

/// Real files of every common format, randomly mutated (bytes flipped, runs overwritten with 0xFF so sizes read as
/// huge, cut short, spliced), never crash the scan, never hold it past the budget, and keep its memory bounded.
struct TagReaderFuzzTests {
    @Test func mutatedRealFilesNeverCrashHangOrBloatTheScan() throws {
        let fixtures = try Fixtures()
        let cover = try fixtures.picture(fixtures.root + "/cover.png", width: 200, height: 200)
        let tags = [
            "title": "Fuzz 標題 Øresund", "artist": "Ann", "album": "Alpha", "genre": "Test", "track": "3/12",
            "replaygain_track_gain": "-6.5 dB",
        ]
        var originals: [(name: String, bytes: [UInt8])] = []
        for format in ["mp3", "flac", "ogg", "opus", "m4a"] {
            let path = try fixtures.tone(
                "base." + format, seconds: 2, tags: tags, picture: ["mp3", "flac"].contains(format) ? cover : nil)
            originals.append(("base." + format, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
            try FileManager.default.removeItem(atPath: path)
        }
        let seed = UInt64(ProcessInfo.processInfo.environment["ADDMUSIC_FUZZ_SEED"] ?? "") ?? 0x7a9_f022
        print("tag reader fuzz seed: \(seed) (ADDMUSIC_FUZZ_SEED to repeat)")
        var random = SeededRandom(seed: seed)
        let perFormat = 40
        for (name, bytes) in originals {
            for round in 0..<perFormat {
                var mutated = bytes
                for _ in 0..<(1 + random.next(below: 6)) {
                    // Headers and tags live at the start: most changes go there.
                    let span = random.next(below: 4) == 0 ? mutated.count : min(mutated.count, 64 * 1024)
                    let at = random.next(below: max(1, span))
                    switch random.next(below: 5) {
                    case 0: mutated[at] ^= UInt8(truncatingIfNeeded: 1 << random.next(below: 8))
                    case 1:
                        for offset in at..<min(mutated.count, at + 1 + random.next(below: 8)) { mutated[offset] = 0xFF }
                    case 2: mutated.removeLast(random.next(below: max(1, mutated.count - at)))
                    case 3:
                        mutated.insert(
                            contentsOf: mutated[at..<min(mutated.count, at + random.next(below: 4096))], at: at)
                    default: mutated[at] = UInt8(truncatingIfNeeded: random.next())
                    }
                    if mutated.isEmpty { mutated = [0] }
                }
                try fixtures.file("fuzz/\(round)-\(name)", bytes: mutated)
            }
        }
        let scan = try Fixtures.runMeasured(["library", "scan", fixtures.music], environment: fixtures.environment())
        // 0: all read; 3: some files listed as problems. Anything else is a crash.
        #expect(scan.status == 0 || scan.status == 3, "status \(scan.status): \(scan.errorOutput)")
        let summary = scan.output.split(separator: "\n").first { $0.hasPrefix("Added") } ?? ""
        let figures = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // Added + updated + moved + removed + unchanged + unreadable + ignored: every file accounted for once.
        #expect(figures.count >= 7 && figures[0] + figures[5] + figures[6] == originals.count * perFormat, "\(summary)")
        #expect(scan.peakMB < 200, "peak RSS \(scan.peakMB) MB")
        let listed = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: fixtures.environment())
        #expect(listed.status == 0, "\(listed.errorOutput)")
    }
}
