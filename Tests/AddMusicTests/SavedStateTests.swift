import Foundation
import MediaModel
import MusicPlayer
import Testing

/// A saved player state is checked before it is trusted: one that fails is set aside (kept for the user) and the
/// player starts clean, saying so once.
struct SavedStateTests {
    @Test func aStateWithAnImpossibleTimeIsSetAsideAndKept() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/player.json"
        let text = #"{"itemIDs":[1,2],"index":1,"time":1e15}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .setAside(let keptAt, let reason) = SavedPlayerState.load(from: path) else {
            Issue.record("a time of 1e15 s was trusted")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(keptAt.hasPrefix(path + ".invalid-"))
        #expect(String(decoding: FileManager.default.contents(atPath: keptAt) ?? Data(), as: UTF8.self) == text)
        #expect(reason.contains("time"))
        // The next start finds nothing: clean.
        #expect(SavedPlayerState.load(from: path) == .none)
    }

    @Test func indexesOutsideTheQueueAndNonNumbersAreSetAside() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/player.json"
        for text in [
            #"{"itemIDs":[1,2],"index":2,"time":0}"#, #"{"itemIDs":[1,2],"index":-1,"time":0}"#,
            #"{"itemIDs":[1],"index":0,"time":-5}"#, #"{"itemIDs":[1],"index":0,"time":"NaN"}"#, "{", "",
            #"{"itemIDs":[1],"index":0,"time":1e400}"#, #"{"itemIDs":[1],"index":99999999999999999999,"time":0}"#,
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            guard case .setAside = SavedPlayerState.load(from: path) else {
                Issue.record("trusted: \(text)")
                continue
            }
        }
    }

    @Test func aSavedStateAlwaysLoadsBack() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/state/player.json"
        for time in [0, 12.5, -3, .infinity, .nan, 1e15] {
            try SavedPlayerState(itemIDs: [4, 5], index: 0, time: time).save(to: path)
            let loaded = try #require(SavedPlayerState.load(from: path).state, "time \(time)")
            #expect(loaded.time == MediaTime.position(time))
        }
    }

    /// Mutated states never crash the reader, and whatever it accepts is sound.
    @Test func randomlyMutatedStatesNeverCrashAndWhatLoadsIsSound() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/player.json"
        var random = SeededRandom(seed: 0x5eed_5747)
        let seeds = [
            #"{"itemIDs":[1,2,3],"index":1,"time":42.5}"#, #"{"itemIDs":[],"time":0}"#,
            #"{"itemIDs":[9223372036854775807,-9223372036854775808],"index":0,"time":1.7976931348623157e308}"#,
        ]
        let pieces = [
            "1e15", "-1", "NaN", "null", "[", "]", "{", "}", ",", "\"", "9e999", "0x10", "\u{0}", "é",
            "99999999999999999999",
        ]
        for round in 0..<3000 {
            var bytes = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<(1 + random.next(below: 4)) {
                let at = random.next(below: bytes.count + 1)
                switch random.next(below: 3) {
                case 0: bytes.insert(contentsOf: Array(pieces[random.next(below: pieces.count)].utf8), at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next(below: 256)) }
                }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            switch SavedPlayerState.load(from: path) {
            case .none: Issue.record("a written file read as missing")
            case .state(let state):
                #expect(MediaTime.validPosition(state.time) != nil)
                #expect(state.index.map { state.itemIDs.indices.contains($0) } ?? true)
            case .setAside(let keptAt, _): try? FileManager.default.removeItem(atPath: keptAt)
            }
        }
    }

    @Test func playWithABrokenStateSaysSoOnceAndPlaysTheLibrary() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("a.flac", seconds: 1, tags: ["title": "Only"])
        var environment = fixtures.environment()
        environment["XDG_STATE_HOME"] = fixtures.root + "/state"
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/state/addmusic", withIntermediateDirectories: true)
        try Data(#"{"itemIDs":[1],"index":0,"time":1e15}"#.utf8).write(
            to: URL(fileURLWithPath: fixtures.root + "/state/addmusic/player.json"))
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let run = try Fixtures.run(Fixtures.addmusic, ["play", "--output", "null:fast"], environment: environment)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.errorOutput.components(separatedBy: "player.json.invalid-").count == 2, "\(run.errorOutput)")
        #expect(run.output.contains("Only"), "\(run.output)")
    }
}
