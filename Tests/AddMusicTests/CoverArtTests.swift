import Foundation
import MediaLibrary
import Testing

/// Artwork: the embedded picture, else a cover file beside the song, stored once per distinct image.
@Suite struct CoverArtTests {
    @Test func embeddedPictureBecomesAThumbnailAndTheFullImageIsReadOnDemand() throws {
        let fixtures = try Fixtures()
        let picture = try fixtures.picture(fixtures.root + "/art.png", width: 600, height: 400)
        try fixtures.tone("A/one.mp3", tags: ["album": "A"], picture: picture)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let song = try #require(try library.songs().first)
        let artworkID = try #require(song.artworkID)
        let thumbnail = try #require(try library.thumbnail(artworkID: artworkID))
        #expect(thumbnail.starts(with: [0xFF, 0xD8]))  // a JPEG
        let full = try #require(try library.fullArtwork(for: song))
        #expect(full == Array(try Data(contentsOf: URL(fileURLWithPath: picture))))
    }

    @Test func coverFileBesideTheSongsIsUsedWhenNothingIsEmbedded() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("B/one.flac", tags: ["album": "B"])
        try fixtures.tone("B/two.flac", tags: ["album": "B"])
        try fixtures.picture(fixtures.music + "/B/Folder.jpg")
        try fixtures.tone("C/none.flac", tags: ["album": "C"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs()
        let inB = songs.filter { $0.album == "B" }
        #expect(inB.count == 2)
        #expect(inB.allSatisfy { $0.artworkID != nil })
        #expect(Set(inB.map(\.artworkID)).count == 1)  // one image, stored once
        #expect(songs.first { $0.album == "C" }?.artworkID == nil)
        let album = try #require(try library.albums().first { $0.title == "B" })
        #expect(album.artworkID == inB[0].artworkID)
    }

    @Test func theSamePictureInManyFilesIsStoredOnce() throws {
        let fixtures = try Fixtures()
        let picture = try fixtures.picture(fixtures.root + "/shared.png")
        for index in 0..<4 { try fixtures.tone("D/\(index).mp3", frequency: 300 + index * 20, picture: picture) }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let ids = Set(try library.songs().map(\.artworkID))
        #expect(ids.count == 1 && ids.first! != nil)
    }

    @Test func aCoverFileAddedLaterIsPickedUpByARescan() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("E/one.flac")
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.songs().first?.artworkID == nil)
        try fixtures.picture(fixtures.music + "/E/cover.png")
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.updated == 1)
        #expect(try library.songs().first?.artworkID != nil)
    }
}
