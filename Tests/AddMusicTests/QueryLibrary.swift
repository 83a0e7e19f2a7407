import Foundation
import MediaLibrary
import MediaModel

/// Eight tagged songs for the `MediaQuery` tests: genres and composers in several spellings, sort-name articles, a
/// compilation, titles with diacritics and digits; scanned into a fresh index.
struct QueryLibrary {
    let fixtures: Fixtures
    let library: MusicLibrary

    /// (file, title, artist, album, album artist, genre, composer, year, compilation, track)
    static let songs: [(String, String, String, String, String?, String, String?, Int, Bool, Int)] = [
        ("beatles/1.flac", "Come Together", "The Beatles", "Abbey Road", nil, "Rock", "John Lennon", 1969, false, 1),
        ("beatles/2.flac", "Something", "The Beatles", "Abbey Road", nil, "rock", "George Harrison", 1969, false, 2),
        ("bjork/1.flac", "Jóga", "Björk", "Homogenic", nil, "Electronic", "Björk", 1997, false, 1),
        ("bjork/2.flac", "Bachelorette", "Björk", "Homogenic", nil, "electronic", "Björk", 1997, false, 2),
        ("now/1.flac", "Zebra Crossing", "Alpha", "Now Hits", "Various Artists", "Pop", nil, 2001, true, 1),
        ("now/2.flac", "Another Day", "Beta", "Now Hits", "Various Artists", "Rock", "Åsa Öberg", 2001, true, 2),
        (
            "tribe/1.flac", "Excursions", "A Tribe Called Quest", "The Low End Theory", nil, "Hip-Hop", nil, 1991,
            false, 1
        ),
        ("jay/1.flac", "99 Problems", "Jay-Z", "The Black Album", nil, "Hip-Hop", "Shawn Carter", 2003, false, 1),
    ]

    /// Makes the files (as FLAC, with ffmpeg) and scans them.
    init() throws {
        fixtures = try Fixtures()
        for (index, song) in Self.songs.enumerated() {
            var tags = [
                "title": song.1, "artist": song.2, "album": song.3, "genre": song.5, "date": String(song.7),
                "track": String(song.9),
            ]
            if let albumArtist = song.4 { tags["album_artist"] = albumArtist }
            if let composer = song.6 { tags["composer"] = composer }
            if song.8 { tags["compilation"] = "1" }
            try fixtures.tone(song.0, frequency: 300 + 40 * index, seconds: 0.3, tags: tags)
        }
        library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
    }

    /// The titles of every song, read back from the index.
    func everySong() throws -> [MediaItem] { try library.items(matching: .songs(), limit: 1000) }
}
