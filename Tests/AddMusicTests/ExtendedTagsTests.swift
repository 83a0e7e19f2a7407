import Foundation
import MediaLibrary
import MediaModel
import Testing

/// Composer, compilation, sort names, lyrics, BPM, comment, MusicBrainz ids and rating, read from every container,
/// from files ffmpeg tagged (with its own spellings) and from ID3 frames written as taggers write them.
@Suite struct ExtendedTagsTests {
    /// Vorbis comments' names, as Ogg Vorbis, Opus and FLAC files carry them.
    static let vorbisTags = [
        "title": "Song", "artist": "The Artist", "composer": "Clara Schumann", "COMPILATION": "1",
        "TITLESORT": "Song, The", "ARTISTSORT": "Artist, The", "ALBUMSORT": "Album Sort", "ALBUMARTISTSORT": "Various",
        "COMPOSERSORT": "Schumann, Clara", "LYRICS": "la la la", "BPM": "128", "comment": "A comment",
        "MUSICBRAINZ_TRACKID": "0b5a0e3c-0000-4000-8000-000000000001",
        "MUSICBRAINZ_ALBUMID": "0b5a0e3c-0000-4000-8000-000000000002",
        "MUSICBRAINZ_ARTISTID": "0b5a0e3c-0000-4000-8000-000000000003", "FMPS_RATING": "0.8",
    ]

    @Test func composerCompilationSortNamesAndMoreAreReadFromEveryContainer() throws {
        let fixtures = try Fixtures()
        for name in ["v.flac", "v.ogg", "v.opus"] { try fixtures.tone(name, tags: Self.vorbisTags) }
        // What ffmpeg writes into ID3 (TCOM, TCMP, TSOA, TSOP, TSOT, TBPM and TXXX frames) and MP4 atoms (©wrt,
        // cpil, ©lyr, ©cmt).
        try fixtures.tone(
            "i.mp3",
            tags: [
                "title": "Song", "composer": "Clara Schumann", "compilation": "1", "album-sort": "Album Sort",
                "artist-sort": "Artist, The", "title-sort": "Song, The", "TSO2": "Various", "TSOC": "Schumann, Clara",
                "TBPM": "128", "comment": "A comment", "lyrics": "la la la", "FMPS_Rating": "0.8",
            ])
        try fixtures.tone(
            "m.m4a",
            tags: [
                "title": "Song", "composer": "Clara Schumann", "compilation": "1", "lyrics": "la la la",
                "comment": "A comment",
            ])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let items = Dictionary(
            uniqueKeysWithValues: try library.songs().map { ($0.path.lastComponent.description, $0) })
        #expect(items.count == 5)
        for (name, item) in items {
            #expect(item.composer == "Clara Schumann", "\(name)")
            #expect(item.isCompilation, "\(name)")
            #expect(item.lyrics == "la la la", "\(name)")
            #expect(item.comment == "A comment", "\(name)")
        }
        for name in ["v.flac", "v.ogg", "v.opus", "i.mp3"] {
            let item = try #require(items[name])
            #expect(
                item.sortNames
                    == SortNames(
                        title: "Song, The", artist: "Artist, The", album: "Album Sort", albumArtist: "Various",
                        composer: "Schumann, Clara"), "\(name)")
            #expect(item.beatsPerMinute == 128, "\(name)")
            #expect(item.rating == 4, "\(name)")
        }
        for name in ["v.flac", "v.ogg", "v.opus"] {
            #expect(
                items[name]?.musicBrainzIDs
                    == MusicBrainzIDs(
                        track: "0b5a0e3c-0000-4000-8000-000000000001", album: "0b5a0e3c-0000-4000-8000-000000000002",
                        artist: "0b5a0e3c-0000-4000-8000-000000000003"), "\(name)")
        }
        let untagged = try fixtures.tone("u.flac", tags: ["title": "Plain"])
        let plain = try MediaItem.unindexed(LibraryPath(untagged))
        #expect(plain.composer == nil && !plain.isCompilation && plain.sortNames == SortNames() && plain.rating == nil)
    }

    @Test func id3FramesAsTaggersWriteThemAreRead() throws {
        let fixtures = try Fixtures()
        let audio = try Self.untaggedMP3(fixtures)
        for version: UInt8 in [3, 4] {
            var tag = ID3v2TagBytes(version: version)
            tag.text("TIT2", "Tagged \(version)")
            tag.text("TCOM", "Hildegard")
            tag.text("TCMP", "1")
            tag.text("TSO2", "Various Artists")
            tag.text("TBPM", "90")
            tag.comment("Picard's comment")
            tag.lyrics("first line\nsecond line")
            tag.padding("APIC", bytes: 200_000)  // a picture's worth of bytes before the frames FFmpeg skips
            tag.popularimeter(196)
            tag.uniqueFileID(owner: "http://musicbrainz.org", "f0e1d2c3-0000-4000-8000-00000000000\(version)")
            tag.userText("MusicBrainz Album Id", "album-id")
            tag.userText("MusicBrainz Artist Id", "artist-id")
            try fixtures.file("id3v2.\(version).mp3", bytes: tag.bytes + audio)
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let items = try library.songs()
        #expect(items.count == 2)
        for item in items {
            let version = item.title.last.map(String.init) ?? ""
            #expect(item.composer == "Hildegard")
            #expect(item.isCompilation)
            #expect(item.sortNames.albumArtist == "Various Artists")
            #expect(item.beatsPerMinute == 90)
            #expect(item.comment == "Picard's comment")
            #expect(item.lyrics == "first line\nsecond line")
            #expect(item.rating == 4)
            #expect(
                item.musicBrainzIDs
                    == MusicBrainzIDs(
                        track: "f0e1d2c3-0000-4000-8000-00000000000\(version)", album: "album-id", artist: "artist-id"))
        }
    }

    @Test func ratingTagsAreNormalisedToFiveStarsAndOutOfRangeValuesIgnored() throws {
        let fixtures = try Fixtures()
        let cases: [(String, [String: String], Double?)] = [
            ("fmps-half", ["FMPS_RATING": "0.5"], 2.5), ("fmps-high", ["FMPS_RATING": "1.7"], nil),
            ("fmps-negative", ["FMPS_RATING": "-0.2"], nil), ("percent", ["RATING": "80"], 4),
            ("stars", ["RATING": "3"], 3), ("too-high", ["RATING": "250"], nil), ("nan", ["RATING": "nan"], nil),
            ("word", ["RATING": "great"], nil), ("none", [:], nil),
        ]
        for (name, tags, _) in cases {
            try fixtures.tone("\(name).flac", seconds: 0.2, tags: ["title": name].merging(tags) { $1 })
        }
        let audio = try Self.untaggedMP3(fixtures)
        for byte: UInt8 in [0, 1, 64, 128, 196, 255] {
            var tag = ID3v2TagBytes()
            tag.text("TIT2", "popm-\(byte)")
            tag.popularimeter(byte)
            try fixtures.file("popm-\(byte).mp3", bytes: tag.bytes + audio)
        }
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.unreadable.isEmpty)
        let ratings = Dictionary(uniqueKeysWithValues: try library.songs().map { ($0.title, $0.rating) })
        for (name, _, expected) in cases { #expect(ratings[name] == .some(expected), "\(name)") }
        for (byte, expected) in [(0, Double?.none), (1, 1), (64, 2), (128, 3), (196, 4), (255, 5)] {
            #expect(ratings["popm-\(byte)"] == .some(expected), "POPM \(byte)")
        }
    }

    @Test func anLRCFileBesideTheSongGivesItsLyricsUnlessTheTagsHaveThem() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Album/timed.flac", tags: ["title": "Timed"])
        try fixtures.file(
            "Album/timed.lrc",
            bytes: [0xEF, 0xBB, 0xBF] + Array("[ar:Someone]\n[00:01.50]雪の街\n[00:00.25][01:00]Hello\n".utf8))
        try fixtures.tone("Album/plain.ogg", tags: ["title": "Plain"])
        try fixtures.file("Album/plain.LRC", bytes: Array("Just words\nand more\n".utf8))
        try fixtures.tone("Album/tagged.flac", tags: ["title": "Tagged", "LYRICS": "from the tag"])
        try fixtures.file("Album/tagged.lrc", bytes: Array("[00:01.00]from the file".utf8))
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = Dictionary(uniqueKeysWithValues: try library.songs().map { ($0.title, $0) })
        let timed = try #require(songs["Timed"])
        #expect(
            timed.lyricsLines
                == [
                    LyricsLine(time: 0.25, text: "Hello"), LyricsLine(time: 1.5, text: "雪の街"),
                    LyricsLine(time: 60, text: "Hello"),
                ])
        #expect(songs["Plain"]?.lyrics == "Just words\nand more")
        #expect(songs["Plain"]?.lyricsLines.map(\.time) == [nil, nil])
        #expect(songs["Tagged"]?.lyrics == "from the tag")
    }

    @Test func aSongIsReadAgainWhenItsLRCFileAppearsChangesOrGoes() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Album/song.flac", tags: ["title": "Song"])
        try fixtures.tone("Album/other.flac", frequency: 500, tags: ["title": "Other"])
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let id = try #require(try library.songs().first { $0.title == "Song" }?.id)
        #expect(try library.item(id: id)?.lyrics == nil)

        try fixtures.file("Album/song.lrc", bytes: Array("[00:01.00]first".utf8))
        var summary = try library.scan(roots: fixtures.roots)
        #expect(summary.updated == 1 && summary.unchanged == 1)
        #expect(try library.item(id: id)?.lyrics == "[00:01.00]first")

        try fixtures.file("Album/song.lrc", bytes: Array("[00:02.00]second, longer".utf8))
        summary = try library.scan(roots: fixtures.roots)
        #expect(summary.updated == 1)
        #expect(try library.item(id: id)?.lyricsLines == [LyricsLine(time: 2, text: "second, longer")])

        try FileManager.default.removeItem(atPath: fixtures.music + "/Album/song.lrc")
        summary = try library.scan(roots: fixtures.roots)
        #expect(summary.updated == 1)
        #expect(try library.item(id: id)?.lyrics == nil)
        #expect(try library.scan(roots: fixtures.roots).unchanged == 2)
    }

    @Test func brokenID3FramesNeverStopTheScan() throws {
        let fixtures = try Fixtures()
        let audio = try Self.untaggedMP3(fixtures)
        var random = SeededRandom(seed: 15)
        for index in 0..<40 {
            var tag = ID3v2TagBytes(version: index % 2 == 0 ? 4 : 3)
            tag.text("TIT2", "broken \(index)")
            tag.popularimeter(UInt8(index * 6))
            tag.uniqueFileID(owner: "http://musicbrainz.org", "id-\(index)")
            var bytes = tag.bytes
            // Overwrite a few bytes after the header: sizes, flags and frame ids go wrong in every way.
            for _ in 0..<(1 + random.next(below: 6)) {
                bytes[10 + random.next(below: bytes.count - 10)] = UInt8(random.next(below: 256))
            }
            if index % 5 == 0 { bytes[6...9] = [0x7F, 0x7F, 0x7F, 0x7F] }  // a tag claiming 256 MB
            if index % 7 == 0 { bytes[5] = 0xC0 }  // unsynchronised, with an extended header it lacks
            try fixtures.file("broken-\(index).mp3", bytes: bytes + audio)
        }
        let library = try fixtures.library()
        let summary = try library.scan(roots: fixtures.roots)
        #expect(summary.added + summary.unreadable.count == 40)
        for song in try library.songs(limit: 100) {
            #expect(song.rating.map { (1...5).contains($0) } ?? true)
        }
    }

    /// The bytes of an MP3 file with no ID3 tag, made by ffmpeg outside the music folder.
    static func untaggedMP3(_ fixtures: Fixtures) throws -> [UInt8] {
        let path = fixtures.root + "/untagged.mp3"
        try fixtures.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=0.3", "-write_id3v2", "0", path])
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func lyricsLinesReadTimedAndPlainText() {
        #expect(LyricsLine.lines(of: "") == [])
        #expect(
            LyricsLine.lines(of: "[ti:Title]\r\n[offset:+0]\r\n[02:03.04]two\r\n[00:10:50]one\r\n[Chorus]\r\n")
                == [LyricsLine(time: 10.5, text: "one"), LyricsLine(time: 123.04, text: "two")])
        #expect(
            LyricsLine.lines(of: "[Chorus]\nla\n\n") == [
                LyricsLine(time: nil, text: "[Chorus]"), LyricsLine(time: nil, text: "la"),
            ])
        // Stamps that are not times leave the line as text.
        #expect(LyricsLine.lines(of: "[99:75]x") == [LyricsLine(time: nil, text: "[99:75]x")])
    }
}
