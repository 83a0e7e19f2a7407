import Foundation
import MediaLibrary
import MediaModel
import Testing

/// A rescan reopens only what changed and forgets what is gone.
@Suite struct IncrementalRescanTests {
    @Test func unchangedFilesAreNotReopenedAndRemovedFilesLeaveTheIndex() throws {
        let fixtures = try Fixtures()
        for index in 0..<5 { try fixtures.tone("F/\(index).flac", frequency: 300 + 40 * index) }
        let library = try fixtures.library()
        let first = try library.scan(roots: fixtures.roots)
        #expect(first.added == 5)

        let second = try library.scan(roots: fixtures.roots)
        #expect(second.unchanged == 5 && second.added == 0 && second.updated == 0 && second.removed == 0)
        #expect(!second.changedIndex)

        try FileManager.default.removeItem(atPath: fixtures.music + "/F/3.flac")
        try FileManager.default.removeItem(atPath: fixtures.music + "/F/4.flac")
        let third = try library.scan(roots: fixtures.roots)
        #expect(third.removed == 2 && third.unchanged == 3)
        #expect(try library.songCount() == 3)
    }

    @Test func aFolderThatVanishesTakesItsSongsAlong() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Keep/a.flac")
        try fixtures.tone("Gone/Deep/b.flac", frequency: 700)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        try FileManager.default.removeItem(atPath: fixtures.music + "/Gone")
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.removed == 1)
        #expect(try library.songs().map(\.path.lastComponent.description) == ["a.flac"])
    }

    @Test func scanningOneRootLeavesSongsOfOtherRootsAlone() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("One/a.flac")
        try fixtures.tone("Two/b.flac", frequency: 700)
        let library = try fixtures.library()
        _ = try library.scan(roots: [LibraryPath(fixtures.music + "/One"), LibraryPath(fixtures.music + "/Two")])
        let summary = try library.scan(roots: [LibraryPath(fixtures.music + "/One")])
        #expect(summary.removed == 0)
        #expect(try library.songCount() == 2)
    }

    @Test func aRootThatCannotBeReachedKeepsItsSongs() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Drive/a.flac")
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.songs().first?.id)
        // The folder is gone as an unmounted drive would be: its songs wait for it, ids and all.
        try FileManager.default.moveItem(atPath: fixtures.music, toPath: fixtures.root + "/elsewhere")
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.removed == 0)
        #expect(summary.unreadable.count == 1)
        #expect(try library.item(id: id) != nil)
    }
}
