import Foundation
import MediaDemo
import MediaLibrary
import Testing

/// The demo library: twelve generated, tagged songs on three albums, one with an embedded cover, one with a cover
/// file, one without; several formats; real sound, not silence.
@Suite struct DemoLibraryTests {
    @Test func demoLibraryHoldsTwelveTaggedSongsOnThreeAlbumsWithAndWithoutArtwork() throws {
        let fixtures = try Fixtures()
        let files = try DemoLibrary.write(to: fixtures.music)
        #expect(files.filter { !$0.hasSuffix(".png") }.count == 12)
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == 12 && summary.unreadable.isEmpty && summary.warnings.isEmpty)

        let songs = try library.songs()
        #expect(Set(songs.map(\.codec)).isSuperset(of: ["flac", "mp3", "vorbis", "opus", "aac", "pcm_s16le"]))
        #expect(songs.allSatisfy { $0.artist != nil && $0.album != nil && $0.trackNumber != nil && $0.duration > 10 })
        #expect(Set(songs.map(\.title)).count == 12)

        let albums = try library.albums()
        #expect(albums.count == 3)
        #expect(albums.allSatisfy { $0.trackCount == 4 })
        #expect(albums.filter { $0.artworkID != nil }.count == 2)
        let embedded = try #require(songs.first { $0.codec == "flac" })
        let full = try #require(try library.fullArtwork(for: embedded))
        #expect(full.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // the embedded PNG
        #expect(try library.search("cordoba").count == 4)
    }

    @Test func demoSongsAreAudibleNotSilence() throws {
        let fixtures = try Fixtures()
        let files = try DemoLibrary.write(to: fixtures.music).filter { !$0.hasSuffix(".png") }
        for file in files {
            let result = try Fixtures.run(
                "/usr/bin/ffmpeg", ["-nostdin", "-i", file, "-af", "volumedetect", "-f", "null", "-"])
            #expect(result.status == 0, "\(file)")
            let line = try #require(
                result.errorOutput.split(separator: "\n").first { $0.contains("mean_volume:") }, "\(file)")
            let mean = Double(line.split(separator: " ").dropLast().last ?? "") ?? -99
            #expect(mean > -35, "\(file): \(line)")
        }
    }
}
