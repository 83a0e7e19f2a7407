import AudioEngine
import Foundation
import MediaLibrary
import MusicPlayer
import Testing

@testable import MediaControls

/// Cover files for the desktop are named by their content, so an id used again (a folder removed, another added)
/// never shows the old picture.
struct CoverFilesTests {
    @Test func aReusedIdNeverShowsTheOldCover() throws {
        let fixtures = try Fixtures()
        let red = try fixtures.picture(fixtures.root + "/red.png", pattern: "testsrc")
        let blue = try fixtures.picture(fixtures.root + "/blue.png", pattern: "rgbtestsrc")
        try fixtures.tone("One/song.flac", tags: ["title": "Red"], picture: red)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let player = try ApplicationMusicPlayer(output: NullOutput(clocked: true), statePath: fixtures.root + "/p.json")
        let covers = CoverFiles(folder: fixtures.root + "/covers")
        let lookup = LibraryLookup(
            thumbnail: { try library.thumbnail(artworkID: $0) }, item: { try library.item(atPath: $0) },
            statistics: { try library.statistics(of: $1.id) })

        let first = try #require(try library.songs().first)
        let firstURL = try #require(covers.url(for: first, library: lookup, player: player))

        try FileManager.default.removeItem(atPath: fixtures.music + "/One")
        _ = try library.scan(roots: fixtures.roots)
        try fixtures.tone("Two/song.flac", tags: ["title": "Blue"], picture: blue)
        _ = try library.scan(roots: fixtures.roots)
        let second = try #require(try library.songs().first)
        #expect(second.title == "Blue")
        // The case that showed the old picture: the new song's artwork took the removed one's id.
        #expect(second.artworkID == first.artworkID)
        let secondURL = try #require(covers.url(for: second, library: lookup, player: player))

        #expect(firstURL != secondURL)
        let written = try Data(contentsOf: try #require(URL(string: secondURL)))
        let artworkID = try #require(second.artworkID)
        let expected = try #require(try library.thumbnail(artworkID: artworkID))
        #expect([UInt8](written) == expected)
        player.shutDown()
    }
}
