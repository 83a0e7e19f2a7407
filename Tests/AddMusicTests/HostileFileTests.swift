import Foundation
import MediaLibrary
import MediaModel
import Testing

/// Files made to crash, hang or bloat a player (Tests/Hostile/make-hostile-files) are given up within their budget,
/// in bounded memory, and everything else in the folder is still read.
struct HostileFileTests {
    /// `Fixtures.runMeasured`, with both outputs together in `errorOutput`: the summary and the problems are printed
    /// on standard output, the progress on standard error.
    private func measured(_ arguments: [String], environment: [String: String]) throws -> (
        status: Int32, output: String, errorOutput: String, peakMB: Double
    ) {
        let run = try Fixtures.runMeasured(arguments, environment: environment)
        return (run.status, run.output, run.output + run.errorOutput, run.peakMB)
    }

    @Test func filesThatStallFFmpegAreGivenUpWithinTheirBudgetAndTheScanGoesOn() throws {
        let fixtures = try Fixtures()
        for name in ["txxx-100k.mp3", "comments-800k.flac", "zeros-2g.mp3"] {
            try HostileFiles.make(name, in: fixtures.music)
        }
        try fixtures.tone("ordinary.flac", tags: ["title": "Ordinary"])
        let environment = fixtures.environment()
        let scan = try measured(["library", "scan", fixtures.music, "--verbose"], environment: environment)
        #expect(scan.status == 3, "\(scan.errorOutput)")
        let lines = scan.errorOutput.split(separator: "\n")
        // The two tags are refused from their headers before TagLib would hold them (TagLib took 590 MB for the
        // comments); the zeros are given up at the deadline or the byte cap, whichever comes first.
        for name in ["txxx-100k.mp3", "comments-800k.flac"] {
            #expect(
                lines.contains { $0.contains(name) && $0.contains("more than 20000 entries") }, "\(scan.errorOutput)")
        }
        #expect(
            lines.contains {
                $0.contains("zeros-2g.mp3")
                    && ($0.contains("without finding its audio") || $0.contains("longer than 2 s"))
            }, "\(scan.errorOutput)")
        // Before the budget: 2.1 GB for the zeros alone, and the two tag files never finished.
        #expect(scan.peakMB < 200, "peak RSS \(scan.peakMB) MB")
        let songs = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: environment)
        #expect(songs.output.contains("Ordinary"), "\(songs.output)")

        // Given up files are known problems: the next scan does not open them again.
        let again = try measured(["library", "scan", fixtures.music, "--verbose"], environment: environment)
        #expect(again.errorOutput.contains("unchanged 1"), "\(again.errorOutput)")
        #expect(again.errorOutput.contains("zeros-2g.mp3"), "\(again.errorOutput)")
    }

    @Test func picturesDeclaringHugeDimensionsAreRefusedAndTheirSongsKept() throws {
        let fixtures = try Fixtures()
        try HostileFiles.make("huge-dimensions.png", in: fixtures.music)
        try HostileFiles.make("embedded-huge-dimensions.mp3", in: fixtures.music)
        try HostileFiles.make("embedded-huge-dimensions.flac", in: fixtures.music)
        let environment = fixtures.environment()
        let scan = try measured(["library", "scan", fixtures.music, "--verbose"], environment: environment)
        #expect(scan.errorOutput.contains("Added 3"), "\(scan.errorOutput)")
        #expect(scan.errorOutput.contains("3 songs were added without their artwork"), "\(scan.errorOutput)")
        // Before the cap: 2 GB to decode a 16000×16000 picture.
        #expect(scan.peakMB < 200, "peak RSS \(scan.peakMB) MB")
    }

    @Test func aHugeClaimedDurationNeverCrashesListingOrPlaying() throws {
        let fixtures = try Fixtures()
        let file = try HostileFiles.make("rf64-huge.wav", in: fixtures.music)
        let environment = fixtures.environment()
        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 0, "\(scan.errorOutput)")
        for arguments in [["library", "songs"], ["library", "songs", "--json"], ["library", "search", "rf64"]] {
            let run = try Fixtures.run(Fixtures.addmusic, arguments, environment: environment)
            #expect(run.status == 0, "\(arguments): \(run.errorOutput)")
            #expect(run.output.contains("rf64-huge"), "\(arguments): \(run.output)")
        }
        let overview = try Fixtures.run(Fixtures.addmusic, [], environment: environment)
        #expect(overview.status == 0, "\(overview.errorOutput)")
        let play = try Fixtures.run(
            Fixtures.addmusic, ["play", "--output", "null:fast", file], environment: environment)
        #expect(play.status == 0, "\(play.errorOutput)")
        let item = try MediaItem.unindexed(LibraryPath(file))
        #expect(item.duration >= 0 && item.duration.isFinite)
    }

    @Test func tagTextIsCutToItsBoundsSoTheIndexAndItsListingsStaySmall() throws {
        let fixtures = try Fixtures()
        let audio = try ExtendedTagsTests.untaggedMP3(fixtures)
        // 8 MB of timed lines in the USLT frame (over TagLib's 4 MiB, so FFmpeg reads the tag, a byte at a time:
        // 50 MB took it 0.9 s of the scan's 2 s budget on an idle machine, and more than that under the suite's
        // load), a title of 300 KB of three-byte scalars, a 2 MB comment whose cut falls inside a two-byte scalar.
        var tag = ID3v2TagBytes()
        tag.text("TIT2", String(repeating: "雪", count: 100_000))
        tag.text("TPE1", String(repeating: "a", count: 1_000_000))
        tag.comment("x" + String(repeating: "é", count: 1_000_000))
        let block = (0..<1_000).map { "[\($0 / 500 + 10):\($0 / 10 % 50 + 10).\($0 % 10)0]Line \($0)\n" }.joined()
        let lyrics = String(repeating: block, count: 8_000_000 / block.utf8.count + 1)
        tag.lyrics(lyrics)
        try fixtures.file("huge-tags.mp3", bytes: tag.bytes + audio)
        // The largest `.lrc` read, in Latin-1: a megabyte of UTF-8.
        try fixtures.file("latin-1.mp3", bytes: audio)
        try fixtures.file(
            "latin-1.lrc",
            bytes: Array("[00:01.00]".utf8) + [UInt8](repeating: 0xE9, count: TagTextLimit.lyrics - 10))

        let environment = fixtures.environment()
        let scan = try Fixtures.runMeasured(["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 0, "\(scan.errorOutput)")
        let index = fixtures.root + "/data-home/addmusic/library.sqlite"
        let library = try MusicLibrary(databasePath: index, readOnly: true)
        let songs = Dictionary(
            uniqueKeysWithValues: try library.songs().map { ($0.path.lastComponent.description, $0) })
        let huge = try #require(songs["huge-tags.mp3"])
        // Cut at the last whole scalar that fits: 1,365 of 3 bytes, then "x" and 32,767 of 2 bytes.
        #expect(huge.title == String(repeating: "雪", count: TagTextLimit.name / 3))
        #expect(huge.artist == String(repeating: "a", count: TagTextLimit.name))
        #expect(huge.comment == "x" + String(repeating: "é", count: (TagTextLimit.comment - 1) / 2))
        let kept = try #require(huge.lyrics)
        #expect(kept.utf8.count <= TagTextLimit.lyrics && kept.utf8.count > TagTextLimit.lyrics - 32)
        #expect(lyrics.hasPrefix(kept))
        let latin1 = try #require(songs["latin-1.mp3"]?.lyrics)
        #expect(latin1 == "[00:01.00]" + String(repeating: "é", count: (TagTextLimit.lyrics - 10) / 2))
        // A song opened without the index is held to the same bounds.
        let opened = try MediaItem.unindexed(LibraryPath(fixtures.music + "/huge-tags.mp3"))
        #expect(opened.title == huge.title && opened.comment == huge.comment && opened.lyrics == huge.lyrics)

        // Before the bounds: a 65 MB index, and 57 MB of JSON listed at a peak of 260 MB.
        let onDisk = ["", "-wal"].compactMap {
            try? FileManager.default.attributesOfItem(atPath: index + $0)[.size] as? Int
        }.reduce(0, +)
        #expect(onDisk < 4_000_000, "the index takes \(onDisk) bytes")
        let json = try Fixtures.runMeasured(["library", "songs", "--json"], environment: environment)
        #expect(json.status == 0, "\(json.errorOutput)")
        #expect(json.output.utf8.count < 4_000_000, "\(json.output.utf8.count) bytes of JSON")
        #expect(json.peakMB < 100, "peak RSS \(json.peakMB) MB")
        #expect(scan.peakMB < 250, "peak RSS \(scan.peakMB) MB")
    }

    @Test func aFIFONamedAsAudioIsNeverOpened() throws {
        let fixtures = try Fixtures()
        let fifo = try HostileFiles.make("fifo.mp3", in: fixtures.music)
        #expect(throws: (any Error).self) { try MediaItem.unindexed(LibraryPath(fifo)) }
        let play = try Fixtures.run(
            Fixtures.addmusic, ["play", "--output", "null:fast", fifo], environment: fixtures.environment())
        #expect(play.status != 0 || play.errorOutput.contains("fifo.mp3"), "\(play.errorOutput)")
    }

    @Test func jsonOutputEscapesEveryCharacterATerminalWouldActOn() throws {
        let fixtures = try Fixtures()
        try HostileFiles.make("escape-tags.mp3", in: fixtures.music)
        let environment = fixtures.environment()
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let json = try Fixtures.run(Fixtures.addmusic, ["library", "songs", "--json"], environment: environment)
        #expect(json.status == 0)
        let unsafe = json.output.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(unsafe.isEmpty, "raw: \(unsafe.map { String($0.value, radix: 16) })")
        #expect(json.output.contains("\\u009b") && json.output.contains("\\u202e"), "\(json.output)")
        // Escaped, not lost: a JSON reader gets the tags back as they are.
        let songs = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let title = try #require(songs.first?["title"] as? String)
        #expect(title.unicodeScalars.contains("\u{9B}") && title.unicodeScalars.contains("\u{202E}"), "\(title)")
    }
}
