import Foundation
import MediaModel
import Testing

@testable import MediaLibrary

/// Two writers of one index interleaved at the worst moments, with no lock between them, still keep each song once
/// and its id: the lock makes scans take turns, and the writes are right even where they would not.
@Suite struct InterleavedScanWritesTests {
    private static func song(_ path: LibraryPath, existingID: Int64? = nil, title: String) -> ScanResult {
        let job = ScanJob(
            path: path, directory: LibraryPath("/music"), size: 10, mtime: 1, existingID: existingID, cover: nil,
            artworkOnly: false)
        var info = AudioFileInfo()
        info.title = title
        info.codec = "flac"
        info.duration = 1
        return .item(job: job, info: info, contentKey: "key", artwork: nil, embedded: false, warning: nil)
    }

    @Test func aSongDecidedNewFromAnOldSnapshotUpdatesTheRowThereAndKeepsItsID() throws {
        let fixtures = try Fixtures()
        let library = try fixtures.library()
        let path = LibraryPath("/music/a.flac")
        // Both writers compared the folder while the index had no song in it.
        let first = try ScanWriter(databasePath: library.databasePath)
        let second = try ScanWriter(databasePath: library.databasePath)
        var firstSummary = ScanSummary()
        _ = try first.apply(Self.song(path, title: "First"), summary: &firstSummary)
        try first.commitIfDue(force: true)
        let id = try #require(try library.item(atPath: path)?.id)

        var secondSummary = ScanSummary()
        _ = try second.apply(Self.song(path, title: "Second"), summary: &secondSummary)
        try second.commitIfDue(force: true)
        #expect(firstSummary.added == 1)
        #expect(secondSummary.added == 0 && secondSummary.updated == 1)
        #expect(try library.songCount() == 1)
        #expect(try library.item(atPath: path)?.id == id)
        #expect(try library.item(atPath: path)?.title == "Second")
        #expect(try library.searchCount("second") == 1)
        #expect(try library.searchCount("first") == 0)
        #expect(try library.checkIntegrity())
    }

    @Test func aSongRemovedByAnotherWriterSinceTheComparisonGoesBackIn() throws {
        let fixtures = try Fixtures()
        let library = try fixtures.library()
        let path = LibraryPath("/music/a.flac")
        let first = try ScanWriter(databasePath: library.databasePath)
        var summary = ScanSummary()
        _ = try first.apply(Self.song(path, title: "Kept"), summary: &summary)
        try first.commitIfDue(force: true)
        let id = try #require(try library.item(atPath: path)?.id)

        // A second writer finds the song changed; before it writes, another removes it.
        let second = try ScanWriter(databasePath: library.databasePath)
        #expect(try library.forgetSongs(under: LibraryPath("/music")) == 1)
        var secondSummary = ScanSummary()
        _ = try second.apply(Self.song(path, existingID: id, title: "Kept"), summary: &secondSummary)
        try second.commitIfDue(force: true)
        #expect(secondSummary.added == 1)
        #expect(try library.songCount() == 1)
        #expect(try library.searchCount("kept") == 1)
    }
}
