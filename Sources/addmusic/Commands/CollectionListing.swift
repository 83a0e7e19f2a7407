import AddMusicCore
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic library genres|composers|compilations [--json] [--limit N] [--offset N]`: the collections of a
/// ready-made `MediaQuery`, one a line (names through `TerminalSafeText`) or as JSON.
struct CollectionListing {
    let arguments: Arguments
    let text = Localizer.app

    /// The ready-made query of `action` ("genres", "composers" or "compilations"), nil for any other.
    static func query(for action: String) -> MediaQuery? {
        switch action {
        case "genres": .genres()
        case "composers": .composers()
        case "compilations": .compilations()
        default: nil
        }
    }

    /// Prints the collections `query` finds within `--offset` and `--limit`.
    func print(_ query: MediaQuery, from library: MusicLibrary) throws {
        let collections = try library.collections(
            matching: query, offset: try arguments.integer("offset", default: 0),
            limit: try arguments.integer("limit", default: Int.max))
        if arguments.flag("json") {
            printJSON(collections.map(CollectionRecord.init))
            return
        }
        for collection in collections {
            let name = TerminalSafeText.make(collection.name)
            if collection.grouping == .album {
                let item = collection.representativeItem
                let artist = (item?.albumArtist ?? item?.artist).map(TerminalSafeText.make)
                let year = item?.year.map { " (\($0))" } ?? ""
                Swift.print(
                    "\(artist ?? text.string("Unknown Artist")) — \(name)\(year) · \(text.count("count.tracks", collection.count))"
                )
            } else {
                Swift.print("\(name) · \(text.count("count.songs", collection.count))")
            }
        }
    }
}

extension CollectionListing {
    /// `library genres|composers --player system`: the music daemon's genres (composers) with their songs counted
    /// (its `count group`), in its order, one a line or as JSON.
    func printDaemon(_ tag: String) throws {
        let player = SystemMusicPlayer()
        defer { player.shutDown() }
        guard player.isConnected else {
            throw CommandError.failure(text.string("play.noDaemon", player.addressDescription))
        }
        let counts = try player.database.counts(groupedBy: tag)
        if arguments.flag("json") {
            printJSON(counts.map { DaemonCountRecord(name: $0.value, songCount: $0.songs) })
            return
        }
        for (name, songs) in counts {
            Swift.print("\(TerminalSafeText.make(name)) · \(text.count("count.songs", songs))")
        }
    }
}
