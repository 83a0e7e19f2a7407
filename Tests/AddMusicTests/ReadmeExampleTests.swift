import Foundation
import MediaLibrary
import Testing

/// The README's `MediaQuery` example, compiled and run here on real files: its lines between the markers below are
/// the README's, word for word (the test checks), with `print` collecting what it prints.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleCompilesAndListsRockAlbums() throws {
        let library = try QueryLibrary().library
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README begin
        var query = MediaQuery.albums()
        query.addFilterPredicate(MediaPropertyPredicate(value: "rock", forProperty: .genre))
        for album in try library.collections(matching: query, limit: 100) {
            print(album.name, album.count, album.representativeItem?.artist ?? "")
            for song in try library.items(matching: album.itemsQuery) {
                print("  ", song.trackNumber ?? 0, song.title)
            }
        }
        for section in try library.sections(matching: query) {
            print(section.title, section.range)
        }
        // README end
        #expect(
            printed == [
                "Abbey Road 2 The Beatles", "   1 Come Together", "   2 Something", "Now Hits 1 Beta",
                "   2 Another Day", "A 0..<1", "N 1..<2",
            ])

        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        guard let begin = source.firstIndex(where: { $0.hasSuffix("// README begin") }),
            let end = source.firstIndex(where: { $0.hasSuffix("// README end") })
        else {
            Issue.record("markers missing")
            return
        }
        let lines = source[(begin + 1)..<end].map { String($0.dropFirst(8)) }
        let readmePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md").path
        let readme = try String(contentsOfFile: readmePath, encoding: .utf8)
        #expect(readme.contains(lines.joined(separator: "\n")), "README's example differs from this test's")
    }
}
