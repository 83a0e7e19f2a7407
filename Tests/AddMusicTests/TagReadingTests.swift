import Foundation
import MediaModel
import Testing

@testable import MediaLibrary

/// Tags read as the field reads them: through TagLib, every format giving the same fields, compared with mutagen's
/// reading of the same files; and the cases FFmpeg's reading lost.
@Suite struct TagReadingTests {
    /// `item`'s fields that `expected` names, each compared.
    private func compare(_ item: MediaItem, _ expected: TagFixtures.Expected, _ file: String) {
        if let title = expected.title { #expect(item.title == title, "\(file)") }
        if let artists = expected.artist { #expect(item.artist == artists.joined(separator: "; "), "\(file)") }
        if let album = expected.album { #expect(item.album == album, "\(file)") }
        if let albumArtists = expected.albumartist {
            #expect(item.albumArtist == albumArtists.joined(separator: "; "), "\(file)")
        }
        if let genres = expected.genre { #expect(item.genre == genres.joined(separator: "; "), "\(file)") }
        if let composers = expected.composer {
            #expect(item.composer == composers.joined(separator: "; "), "\(file)")
        }
        if let year = expected.year { #expect(item.year == year, "\(file)") }
        if let track = expected.track { #expect(item.trackNumber == track, "\(file)") }
        if let disc = expected.disc { #expect(item.discNumber == disc, "\(file)") }
        if let bpm = expected.bpm { #expect(item.beatsPerMinute == bpm, "\(file)") }
        if let sort = expected.titleSort { #expect(item.sortNames.title == sort, "\(file)") }
        if let sort = expected.artistSort { #expect(item.sortNames.artist == sort, "\(file)") }
        if let lyrics = expected.lyrics { #expect(item.lyrics == lyrics, "\(file)") }
        if let rating = expected.rating { #expect(item.rating == rating, "\(file)") }
        if let id = expected.musicBrainzTrack { #expect(item.musicBrainzIDs.track == id, "\(file)") }
    }

    @Test func everyFieldOfAHundredFilesInEveryFormatEqualsMutagensReading() throws {
        let fixtures = try Fixtures()
        let entries = try TagFixtures.make("corpus", in: fixtures.music)
        #expect(entries.count >= 100)
        for entry in entries {
            let item = try MediaItem.unindexed(LibraryPath(fixtures.music + "/" + entry.file))
            compare(item, entry.expect, entry.file)
            // Fields mutagen does not see are not made up.
            if entry.expect.album == nil { #expect(item.album == nil, "\(entry.file)") }
            if entry.expect.artist == nil { #expect(item.artist == nil, "\(entry.file)") }
            if let decoded = entry.decoded {
                #expect(abs(item.duration - decoded) < 0.1, "\(entry.file): \(item.duration) s, decoded \(decoded) s")
            }
        }
    }

    @Test func tagsAndLengthsFFmpegLostAreRead() throws {
        let fixtures = try Fixtures()
        let entries = try TagFixtures.make("cases", in: fixtures.music)
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = Dictionary(
            uniqueKeysWithValues: try library.songs(limit: 1000).map { ($0.path.lastComponent.description, $0) })
        let problems = try library.problems()
        for entry in entries {
            // Every case is offered, whatever its extension (E-AC-3, a tracker module).
            let song = try #require(songs[entry.file], "\(entry.file) was not offered: \(problems)")
            compare(song, entry.expect, entry.file)
            if entry.expect.artwork == true { #expect(song.artworkID != nil, "\(entry.file)") }
            if let decoded = entry.decoded {
                #expect(abs(song.duration - decoded) < 0.1, "\(entry.file): \(song.duration) s, decoded \(decoded) s")
            }
        }
        // One album ripped to MP3 and to FLAC, two artists each, is one album.
        let twice = try library.albums().filter { $0.title == "Ripped Twice" }
        #expect(twice.count == 1 && twice.first?.trackCount == 2, "\(twice)")
    }

    @Test func aSongWithTwoGenresIsUnderEachAndKeepsEveryValueOfItsLists() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.tone("two.flac", tags: ["title": "Two", "DATE": "2011-02-03", "ORIGINALDATE": "1969"])
        try fixtures.tone("one.mp3", tags: ["title": "One", "genre": "Rock"])
        try TagWriter.write(
            TagChanges(fields: [
                .genre: ["Jazz", "Rock"], .artist: ["piman", "jzig"], .composer: ["Ann", "Bo"],
                .albumArtist: ["X", "Y"],
            ]), to: LibraryPath(file))
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let song = try #require(try library.item(atPath: LibraryPath(file)))
        #expect(song.genres == ["Jazz", "Rock"] && song.genre == "Jazz; Rock")
        #expect(song.artists == ["piman", "jzig"] && song.artist == "piman; jzig")
        #expect(song.composers == ["Ann", "Bo"] && song.albumArtists == ["X", "Y"])
        #expect(song.year == 2011 && song.originalYear == 1969, "\(song)")
        let genres = try library.collections(matching: .genres()).map { "\($0.name) \($0.count)" }
        #expect(genres == ["Jazz 1", "Rock 2"], "\(genres)")
        #expect(try library.collections(matching: .composers()).map(\.name) == ["Ann", "Bo"])
        let jazz = MediaQuery(filterPredicates: [MediaPropertyPredicate(value: "jazz", forProperty: .genre)])
        #expect(try library.items(matching: jazz).map(\.title) == ["Two"])
        #expect(jazz.filterPredicates[0].matches(song))
        let rock = try library.items(matching: MediaQuery.genres().narrowed(to: "rock")).map(\.title)
        #expect(rock.sorted() == ["One", "Two"], "\(rock)")
        // Retagged with one genre, the song leaves the other; removed, it leaves every genre.
        try TagWriter.write(TagChanges(fields: [.genre: ["Rock"]]), to: LibraryPath(file))
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.collections(matching: .genres()).map { "\($0.name) \($0.count)" } == ["Rock 2"])
        try FileManager.default.removeItem(atPath: file)
        _ = try library.scan(roots: fixtures.roots)
        #expect(try library.collections(matching: .genres()).map { "\($0.name) \($0.count)" } == ["Rock 1"])
        #expect(try library.collections(matching: .composers()).isEmpty)
    }

    @Test func aYearIsTheFirstFourDigitYearOfTheDate() {
        for (text, year) in [
            ("2004-05-01", 2004), ("Oct 3, 1995", 1995), ("20040501", 2004), ("1995", 1995), ("3/4/1987", 1987),
        ] {
            #expect(AudioFileReader.year(text) == year, "\(text)")
        }
        for text in ["95", "Oct 3", ""] { #expect(AudioFileReader.year(text) == nil, "\(text)") }
    }
}
