import Foundation
import MediaLibrary
import MediaModel
import Testing

/// A scan reads every common audio format with its tags and stream properties.
@Suite struct ScanFormatsTests {
    @Test func scanReadsTagsAndPropertiesOfEveryCommonFormat() throws {
        let fixtures = try Fixtures()
        let formats: [(file: String, codec: String?, expected: String)] = [
            ("a.mp3", nil, "mp3"), ("b.flac", nil, "flac"), ("c.ogg", "libvorbis", "vorbis"),
            ("d.opus", "libopus", "opus"),
            ("e.m4a", "aac", "aac"), ("f.m4a", "alac", "alac"), ("g.wav", nil, "pcm_s16le"),
            ("h.aiff", nil, "pcm_s16be"),
        ]
        for (index, format) in formats.enumerated() {
            try fixtures.tone(
                format.file, frequency: 300 + 50 * index, seconds: 2,
                tags: [
                    "title": "Song \(index)", "artist": "Artist \(index)", "album": "Album", "album_artist": "Various",
                    "genre": "Test", "date": "2019-04-01", "track": "\(index + 1)/8", "disc": "2/2",
                ], codec: format.codec,
                extraArguments: format.file.hasSuffix(".aiff") ? ["-write_id3v2", "1"] : [])
        }
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added == formats.count)
        #expect(summary.unreadable.isEmpty)
        let songs = try library.songs(limit: 100)
        #expect(songs.count == formats.count)
        for (index, format) in formats.enumerated() {
            let song = try #require(songs.first { $0.path.lastComponent.description == format.file })
            #expect(song.codec == format.expected, "\(format.file)")
            #expect(song.title == "Song \(index)", "\(format.file)")
            #expect(song.artist == "Artist \(index)", "\(format.file)")
            #expect(song.album == "Album", "\(format.file)")
            #expect(song.genre == "Test", "\(format.file)")
            #expect(song.year == 2019, "\(format.file)")
            #expect(song.trackNumber == index + 1, "\(format.file)")
            #expect(abs(song.duration - 2) < 0.1, "\(format.file): \(song.duration)")
            #expect(song.sampleRate > 0 && song.channels > 0 && song.bitRate > 0, "\(format.file)")
            if format.file != "g.wav" {  // RIFF INFO has no album artist or disc field
                #expect(song.albumArtist == "Various", "\(format.file)")
                #expect(song.discNumber == 2, "\(format.file)")
            }
        }
    }

    @Test func untaggedFileTakesItsTitleFromItsName() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Some Folder/07 Quiet Morning.flac")
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let song = try #require(try library.songs().first)
        #expect(song.title == "07 Quiet Morning")
        #expect(song.artist == nil)
        #expect(song.album == nil)
    }

    @Test func replayGainTagsAreRead() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "rg.flac",
            tags: [
                "REPLAYGAIN_TRACK_GAIN": "-6.50 dB", "REPLAYGAIN_TRACK_PEAK": "0.988",
                "REPLAYGAIN_ALBUM_GAIN": "-7.25 dB",
                "REPLAYGAIN_ALBUM_PEAK": "0.999",
            ])
        try fixtures.tone("rg.mp3", tags: ["REPLAYGAIN_TRACK_GAIN": "+2.00 dB"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs()
        let flac = try #require(songs.first { $0.codec == "flac" })
        #expect(flac.replayGain == ReplayGain(trackGain: -6.5, trackPeak: 0.988, albumGain: -7.25, albumPeak: 0.999))
        let mp3 = try #require(songs.first { $0.codec == "mp3" })
        #expect(mp3.replayGain.trackGain == 2)
    }
}
