import Foundation
import MediaLibrary
import MediaModel
import Testing

/// What opening files, folders, playlists and URLs reads into songs (B-O1, B-O2, B-O4, B-O5): real files made by
/// ffmpeg, real folders of 50,000 and of 1,000 files, real sockets that never answer.
@Suite struct OpenedItemsTests {
    @Test func aFolderOpensItsAudioFilesInAlbumOrderLeavingOutWhatIsNotAudio() throws {
        let fixtures = try Fixtures()
        // Named against album order: the order must come from the tags.
        try fixtures.tone("open/a.ogg", tags: ["album": "B", "track": "1"])
        try fixtures.tone("open/b.ogg", tags: ["album": "A", "disc": "2", "track": "1"])
        try fixtures.tone("open/c.ogg", tags: ["album": "A", "disc": "1", "track": "2"])
        try fixtures.tone("open/sub/d.ogg", tags: ["album": "A", "disc": "1", "track": "1"])
        try Data("not music".utf8).write(to: URL(fileURLWithPath: fixtures.music + "/open/e.mp3"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: fixtures.music + "/open/notes.txt"))
        let opened = OpenedItems(locations: [fixtures.music + "/open"], library: nil)
        #expect(opened.items.map(\.path.lastComponent.description) == ["d.ogg", "c.ogg", "b.ogg", "a.ogg"])
        #expect(opened.problems == [.skippedFiles(1)])
    }

    @Test func aFileThatIsNotAudioOrAMissingPathOpensNothingAndSaysWhich() throws {
        let fixtures = try Fixtures()
        let text = fixtures.music + "/song.mp3"
        try Data("this is text, not audio".utf8).write(to: URL(fileURLWithPath: text))
        let missing = fixtures.music + "/gone.flac"
        let opened = OpenedItems(
            locations: [text, missing, "ftp://example.invalid/x.mp3", "file://" + missing], library: nil)
        #expect(opened.items.isEmpty)
        #expect(
            opened.problems == [
                .notAudio(text), .missing(missing), .notAFile("ftp://example.invalid/x.mp3"), .missing(missing),
            ])
    }

    @Test func aFileURIAndARelativePathOpenTheFileTheyName() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.tone("two words/song.ogg", tags: ["title": "Named"])
        let uri = "file://" + song.replacingOccurrences(of: " ", with: "%20")
        let opened = OpenedItems(locations: [uri, song], library: nil)
        #expect(opened.items.map(\.title) == ["Named", "Named"])
        #expect(opened.problems.isEmpty)
    }

    @Test func aPlaylistFileOpensAsItsPlayableEntriesInItsOrder() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("list/one.ogg", tags: ["title": "One"])
        try fixtures.tone("list/two.ogg", tags: ["title": "Two"])
        let playlist = fixtures.music + "/list/mix.m3u"
        let lines = [
            "#EXTM3U", "two.ogg", "missing.ogg", "other.m3u", "#EXTINF:-1,Radio", "http://127.0.0.1:9/radio",
            "one.ogg",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: playlist))
        let opened = OpenedItems(locations: [playlist], library: nil)
        #expect(opened.items.map(\.title) == ["Two", "Radio", "One"])
        #expect(opened.problems == [.skippedFiles(1)])
        let empty = fixtures.music + "/list/empty.pls"
        try Data("[playlist]\nFile1=nothing.ogg\nNumberOfEntries=1\n".utf8).write(to: URL(fileURLWithPath: empty))
        #expect(OpenedItems(locations: [empty], library: nil).problems == [.emptyPlaylist(empty), .skippedFiles(1)])
    }

    @Test func aFolderOfFiftyThousandFilesReadsNoMoreThanTheLimit() throws {
        let fixtures = try Fixtures()
        let folder = fixtures.music + "/many"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<50_000 {
            _ = FileManager.default.createFile(atPath: folder + "/\(index).mp3", contents: nil)
        }
        let opened = OpenedItems(locations: [folder], library: nil)
        #expect(opened.items.isEmpty)
        #expect(
            opened.problems == [
                .tooManyFiles(kept: OpenLimits.standard.maximumFiles, found: 50_000),
                .skippedFiles(OpenLimits.standard.maximumFiles),
            ])
    }

    @Test func aFlatFolderIsListedOnlyUpToTheOpensEntryLimit() throws {
        let fixtures = try Fixtures()
        let flat = fixtures.music + "/flat"
        try FileManager.default.createDirectory(atPath: flat, withIntermediateDirectories: true)
        for index in 0..<1_000 {
            _ = FileManager.default.createFile(atPath: flat + "/\(index).mp3", contents: nil)
        }
        // Opened after the flat folder spent the open's entries: never looked at, and not said to hold no music.
        try fixtures.tone("other/song.ogg")
        let limits = OpenLimits(maximumFiles: 10, maximumEntriesListed: 100, maximumStreams: 8, streamDeadline: 8)
        let opened = OpenedItems(locations: [flat, fixtures.music + "/other"], library: nil, limits: limits)
        #expect(opened.items.isEmpty)
        #expect(opened.problems == [.tooManyFiles(kept: 10, found: 100), .tooManyEntries(100), .skippedFiles(10)])
    }

    @Test func streamURLsAreCheckedSideBySideUnderOneDeadline() throws {
        let silent = try SilentListener()
        let urls = (1...5).map { silent.url("/radio\($0)") }
        let limits = OpenLimits(maximumFiles: 10, maximumEntriesListed: 100, maximumStreams: 8, streamDeadline: 5)
        let result = Locked<OpenedItems?>(nil)
        Thread { result.withLock { $0 = OpenedItems(locations: urls, library: nil, limits: limits) } }.start()
        // Checked one after another, the first would have given up before the second called.
        #expect((1...5).allSatisfy { _ in silent.accept() })
        #expect(silent.openCount == 5)
        #expect(Fixtures.waitUntil(seconds: 60) { result.withLock { $0 != nil } })
        let opened = try #require(result.withLock { $0 })
        #expect(opened.items.isEmpty)
        #expect(opened.problems == urls.map { .streamUnanswered($0, reason: "open stream: no answer within 5 s") })
        #expect(silent.acceptMade() == 0)
    }

    @Test func anOpenChecksNoMoreStreamURLsThanItsLimitAndKeepsEachInItsPlace() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.tone("song.ogg", tags: ["title": "Song"])
        let served = try fixtures.tone("served.mp3", seconds: 1)
        let server = try StreamServer(serving: served)
        let silent = try SilentListener()
        let locations = [
            silent.url("/a"), song, server.url("/file"), silent.url("/b"), silent.url("/c"), silent.url("/d"),
        ]
        let limits = OpenLimits(maximumFiles: 10, maximumEntriesListed: 100, maximumStreams: 3, streamDeadline: 2)
        let opened = OpenedItems(locations: locations, library: nil, limits: limits)
        #expect(opened.items.map(\.path.description) == [song, server.url("/file")])
        let late = "open stream: no answer within 2 s"
        #expect(
            opened.problems == [
                .streamUnanswered(silent.url("/a"), reason: late), .streamUnanswered(silent.url("/b"), reason: late),
                .tooManyStreams(checked: 3, found: 5),
            ])
        // Only the first three URLs were asked: two of them on the silent port.
        #expect(silent.acceptMade() == 2)
    }

    @Test func aStreamThatNeverAnswersIsLeftOutWithItsReason() throws {
        // A server that takes the connection and never says a word.
        let silent = try SilentListener()
        let url = silent.url("/stream")
        let opened = OpenedItems(locations: [url], library: nil)
        #expect(opened.items.isEmpty)
        #expect(opened.problems == [.streamUnanswered(url, reason: "open stream: no answer within 8 s")])
    }
}
