import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic rate FILE… STARS` or `addmusic rate --search TEXT STARS` [`--player system`]: sets the user's rating,
/// 0 to 5 stars, of songs in the library (B-H4), or with the system player of the daemon's songs, in its stickers
/// or else the library by URI (B-H7); prints a line per song rated. Exit status 1 when a file is not in the library.
struct RateCommand {
    let arguments: Arguments
    let text = Localizer.app

    func run() throws -> Int32 {
        var files = arguments.words
        guard let last = files.popLast(), let stars = Int(last), (0...5).contains(stars) else {
            throw CommandError.failure(text.string("rate.usage"))
        }
        guard !files.isEmpty || arguments.value("search") != nil else {
            throw CommandError.failure(text.string("rate.usage"))
        }
        let library = try MusicLibrary()
        if try Preferences(playerFlag: arguments.value("player")).playerKind == .system {
            return try rateOnDaemon(files: files, stars: stars, library: library)
        }
        var songs: [MediaItem] = []
        var status: Int32 = 0
        if let query = arguments.value("search") {
            songs = try library.search(query, limit: 10_000)
            if songs.isEmpty { throw CommandError.failure(text.string("rate.noMatch", TerminalSafeText.make(query))) }
        }
        for file in files {
            if let song = try library.item(atPath: LibraryPath.absolute(file)) {
                songs.append(song)
            } else {
                printError(text.string("rate.notInLibrary", TerminalSafeText.make(file)))
                status = 1
            }
        }
        for song in songs where try library.setRating(stars, of: song.id) { print(line(for: song, stars: stars)) }
        return status
    }

    /// The daemon's songs: those its search finds, and files (as their URIs below its music folder).
    private func rateOnDaemon(files: [String], stars: Int, library: MusicLibrary) throws -> Int32 {
        let player = SystemMusicPlayer()
        defer { player.shutDown() }
        guard player.isConnected else {
            throw CommandError.failure(text.string("play.noDaemon", player.addressDescription))
        }
        var songs = files.map { MediaItem(id: 0, path: LibraryPath.absolute($0), title: $0) }
        if let query = arguments.value("search") {
            let found = try player.database.search(query)
            if found.isEmpty { throw CommandError.failure(text.string("rate.noMatch", TerminalSafeText.make(query))) }
            songs += found
        }
        let recorder = StatisticsRecorder(player: player, library: library)
        for song in songs {
            try recorder.setRating(stars, of: song)
            print(line(for: song, stars: stars))
        }
        return 0
    }

    private func line(for song: MediaItem, stars: Int) -> String {
        let artist = song.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
        let shown = String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
        return "\(shown) \(artist) — \(TerminalSafeText.make(song.title))"
    }
}
