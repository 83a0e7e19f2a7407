import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel

/// `addmusic rate FILE… STARS` or `addmusic rate --search TEXT STARS`: sets the user's rating, 0 to 5 stars, of
/// songs in the library (B-H4); prints a line per song rated. Exit status 1 when a file is not in the library.
struct RateCommand {
    let arguments: Arguments
    let text = Localizer.app

    func run() throws -> Int32 {
        var files = arguments.words
        guard let last = files.popLast(), let stars = Int(last), (0...5).contains(stars) else {
            throw CommandError.failure(text.string("rate.usage"))
        }
        let library = try MusicLibrary()
        var songs: [MediaItem] = []
        var status: Int32 = 0
        if let query = arguments.value("search") {
            songs = try library.search(query, limit: 10_000)
            if songs.isEmpty { throw CommandError.failure(text.string("rate.noMatch", TerminalSafeText.make(query))) }
        }
        guard !files.isEmpty || !songs.isEmpty else { throw CommandError.failure(text.string("rate.usage")) }
        for file in files {
            if let song = try library.item(atPath: LibraryPath.absolute(file)) {
                songs.append(song)
            } else {
                printError(text.string("rate.notInLibrary", TerminalSafeText.make(file)))
                status = 1
            }
        }
        for song in songs where try library.setRating(stars, of: song.id) {
            let artist = song.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
            let shown = String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
            print("\(shown) \(artist) — \(TerminalSafeText.make(song.title))")
        }
        return status
    }
}
