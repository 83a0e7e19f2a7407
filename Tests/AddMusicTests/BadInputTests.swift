import Foundation
import MediaLibrary
import MediaModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bad files and folders: the scan finishes, counts and names each problem, and never crashes (B-F1, B-F2).
@Suite struct BadInputTests {
    @Test func brokenFilesAreCountedAndNamedWhileGoodOnesAreIndexed() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("good.flac")
        let whole = try fixtures.tone("whole.flac", seconds: 4)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: whole)))
        try fixtures.file("truncated-header.flac", bytes: Array(bytes.prefix(60)))
        try fixtures.file("truncated-half.flac", bytes: Array(bytes.prefix(bytes.count / 2)))
        try fixtures.file("empty.mp3", bytes: [])
        var generator = SystemRandomNumberGenerator()
        try fixtures.file("random.mp3", bytes: (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try fixtures.file("text.flac", bytes: Array("This is a text file, not audio.\n".utf8))
        try fixtures.file("notes.txt", bytes: Array("liner notes".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.music + "/dead.flac", withDestinationPath: "/nonexistent/x.flac")
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.music + "/self.flac", withDestinationPath: "self.flac")
        try FileManager.default.createDirectory(atPath: fixtures.music + "/Loop", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixtures.music + "/Loop/back", withDestinationPath: "..")

        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        let named = Dictionary(
            summary.unreadable.map { ($0.path.lastComponent.description, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(named["empty.mp3"] == .empty)
        #expect(named["truncated-header.flac"].map { if case .notAudio = $0 { true } else { false } } == true)
        #expect(named["random.mp3"].map { if case .notAudio = $0 { true } else { false } } == true)
        #expect(named["text.flac"].map { if case .notAudio = $0 { true } else { false } } == true)
        #expect(named["dead.flac"] == .brokenSymlink)
        #expect(named["self.flac"] == .symlinkLoop)
        #expect(named["back"] == .symlinkLoop)
        #expect(summary.ignored == 1)  // notes.txt
        let titles = Set(try library.songs().map(\.title))
        #expect(titles.isSuperset(of: ["good", "whole"]))
        #expect(!titles.contains("random") && !titles.contains("text"))

        // Known-bad files that did not change are not reopened, but still reported.
        let again = try library.scan(roots: fixtures.roots)
        #expect(again.unreadable.count == summary.unreadable.count)
        #expect(again.added == 0 && again.updated == 0)
        #expect(try library.problems().count >= 4)
    }

    @Test func unreadableFilesAndFoldersAreNamedNotFatal() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("ok.flac")
        let locked = try fixtures.tone("locked.flac", frequency: 600)
        try fixtures.tone("Closed/inside.flac", frequency: 700)
        chmod(locked, 0)
        chmod(fixtures.music + "/Closed", 0)
        defer { chmod(fixtures.music + "/Closed", 0o755) }
        // Root reads anything; drop the capabilities that let it, so the modes mean what they say.
        var command = [Fixtures.addmusic, "library", "scan", "--verbose", fixtures.music]
        if getuid() == 0 {
            command = ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"] + command
        }
        let result = try Fixtures.run(command[0], Array(command.dropFirst()), environment: fixtures.environment())
        #expect(result.status == 3, "\(result.errorOutput)")
        #expect(result.output.contains(locked + ": permission denied"), "\(result.output)")
        #expect(result.output.contains(fixtures.music + "/Closed: permission denied"), "\(result.output)")
        #expect(result.output.contains("Added 1,"), "\(result.output)")
    }

    @Test func nonUTF8FileNamesAreIndexedAndStillOpen() throws {
        let fixtures = try Fixtures()
        let made = try fixtures.tone("plain.flac")
        let name: [UInt8] = Array(fixtures.music.utf8) + Array("/caf".utf8) + [0xE9] + Array(".flac".utf8)
        let target = LibraryPath(bytes: name)
        let renamed = target.withCString { rename(made, $0) }
        #expect(renamed == 0)
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 1 && summary.unreadable.isEmpty)
        let song = try #require(try library.songs().first)
        #expect(song.path == target && !song.path.isValidUTF8)
        #expect(song.title == "caf\u{FFFD}")
        #expect(try library.scan(roots: fixtures.roots).unchanged == 1)
    }

    @Test func controlCharactersAndInvalidUTF8InTagsNeverReachATerminal() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "escape.flac", tags: ["title": "Red\u{1B}[31m Alert\u{07}", "artist": "Tab\tNew\nLine\u{9B}2J"])
        // An MP3 whose ID3v2.4 title frame says UTF-8 but holds invalid bytes.
        let plain = try fixtures.tone("raw.mp3", extraArguments: ["-id3v2_version", "0", "-write_id3v1", "0"])
        let text: [UInt8] = [3] + Array("Bad ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" name".utf8) + [0]
        let frame: [UInt8] = Array("TIT2".utf8) + synchsafe(text.count) + [0, 0] + text
        let header: [UInt8] = Array("ID3".utf8) + [4, 0, 0] + synchsafe(frame.count)
        let audio = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        try fixtures.file("raw.mp3", bytes: header + frame + audio)

        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 2)
        let songs = try library.songs()
        let escape = try #require(songs.first { $0.codec == "flac" })
        #expect(escape.title == "Red\u{1B}[31m Alert\u{07}")  // kept as text
        let bad = try #require(songs.first { $0.codec == "mp3" })
        #expect(bad.title.hasPrefix("Bad ") && bad.title.hasSuffix(" name") && bad.title.contains("\u{FFFD}"))

        _ = try Fixtures.run(
            Fixtures.addmusic, ["library", "scan", fixtures.music], environment: fixtures.environment())
        let listed = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: fixtures.environment())
        #expect(listed.status == 0)
        // Nothing printed is a control character except the line ends.
        #expect(
            !listed.output.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            })
        #expect(listed.output.contains("Red␛[31m Alert␇"), "\(listed.output)")
        #expect(!listed.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 })
        #expect(TerminalSafeText.make("a\u{202E}b") == "a\u{FFFD}b")
    }

    /// Every kind of character a terminal acts on is shown, whatever its UTF-8 begins with; characters that only
    /// share a first byte with one (¡ and € beside the C1 and bidirectional controls) are kept as they are.
    @Test func terminalSafeTextShowsEachControlAndKeepsTheirNeighbours() {
        #expect(TerminalSafeText.make("a\u{1B}[2Jb\u{7}") == "a\u{241B}[2Jb\u{2407}")
        #expect(TerminalSafeText.make("x\u{7F}") == "x\u{2421}")
        #expect(TerminalSafeText.make("\u{9B}31m\u{85}") == "\u{FFFD}31m\u{FFFD}")
        #expect(TerminalSafeText.make("\u{2066}b\u{2069}\u{202A}") == "\u{FFFD}b\u{FFFD}\u{FFFD}")
        for kept in ["¡Olé! 5 € – “quoted” — ‰", "Björk", "坂本龍一", ""] {
            #expect(TerminalSafeText.make(kept) == kept)
        }
    }

    @Test func aHugeEmbeddedPictureIsSkippedWithAWarning() throws {
        let fixtures = try Fixtures()
        let side = 4096
        var generator = SystemRandomNumberGenerator()
        var noise = [UInt8](repeating: 0, count: side * side * 3)
        for index in stride(from: 0, to: noise.count, by: 8) {
            let value = generator.next()
            withUnsafeBytes(of: value) { bytes in
                for offset in 0..<min(8, noise.count - index) { noise[index + offset] = bytes[offset] }
            }
        }
        let raw = fixtures.root + "/noise.rgb"
        try Data(noise).write(to: URL(fileURLWithPath: raw))
        let png = fixtures.root + "/huge.png"
        try fixtures.ffmpeg([
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(side)x\(side)", "-i", raw, "-frames:v", "1", png,
        ])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: png)[.size] as? Int)
        #expect(size > 48 * 1024 * 1024)
        try fixtures.tone("huge.mp3", picture: png)
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 1)
        #expect(summary.warnings.count == 1)
        if case .pictureTooLarge(let bytes) = summary.warnings.first?.reason {
            #expect(bytes > 48 * 1024 * 1024)
        } else {
            Issue.record("expected a picture-too-large warning, got \(summary.warnings)")
        }
        #expect(try library.songs().first?.artworkID == nil)
    }

    @Test func tenThousandNonAudioFilesAreIgnoredQuickly() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Docs/only-song.flac")
        let folder = fixtures.music + "/Docs"
        for index in 0..<10_000 {
            _ = FileManager.default.createFile(atPath: folder + "/note-\(index).txt", contents: Data("n\(index)".utf8))
        }
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 1)
        #expect(summary.ignored == 10_000)
        #expect(summary.unreadable.isEmpty)
    }

    private func synchsafe(_ value: Int) -> [UInt8] {
        [UInt8((value >> 21) & 0x7F), UInt8((value >> 14) & 0x7F), UInt8((value >> 7) & 0x7F), UInt8(value & 0x7F)]
    }
}
