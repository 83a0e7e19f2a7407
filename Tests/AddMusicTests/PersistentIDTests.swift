import Foundation
import MediaLibrary
import Testing

/// An item keeps its id across rescans, retagging, restarts and moves with the same content.
@Suite struct PersistentIDTests {
    @Test func idSurvivesRescanRetagRestartAndMove() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.tone("Album/song.flac", frequency: 500, tags: ["title": "Before"])
        try fixtures.tone("Album/other.flac", frequency: 600, tags: ["title": "Other"])
        var library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.songs().first { $0.title == "Before" }?.id)

        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.item(id: id)?.title == "Before")

        // Retag in place: same path, new tags.
        try fixtures.ffmpeg(["-i", path, "-c", "copy", "-metadata", "title=After", fixtures.root + "/retagged.flac"])
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: fixtures.root + "/retagged.flac", toPath: path)
        let retag = try library.scan(roots: fixtures.roots)
        #expect(retag.updated == 1)
        #expect(try library.item(id: id)?.title == "After")

        // Restart: a new library object on the same database.
        library = try fixtures.library()
        #expect(try library.item(id: id)?.title == "After")

        // Move and rename, same content.
        try FileManager.default.createDirectory(
            atPath: fixtures.music + "/Elsewhere", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: path, toPath: fixtures.music + "/Elsewhere/renamed.flac")
        let move = try library.scan(roots: fixtures.roots)
        #expect(move.moved == 1 && move.added == 0 && move.removed == 0)
        let moved = try #require(try library.item(id: id))
        #expect(moved.path.description == fixtures.music + "/Elsewhere/renamed.flac")
        #expect(try library.songCount() == 2)
        #expect(try library.items(ids: [id, 999_999]).map(\.id) == [id])
    }
}
