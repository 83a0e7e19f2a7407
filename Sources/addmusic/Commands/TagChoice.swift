import MediaLibrary
import MediaModel
import MusicPlayer

/// What `play --genre TEXT` or `play --composer TEXT` plays: the songs whose genre (or composer) is TEXT, case- and
/// diacritics-insensitively; when none is, those whose genre (composer) contains it.
struct TagChoice {
    /// The property chosen on: `.genre` or `.composer`.
    let property: MediaProperty
    /// The text typed.
    let text: String

    /// The choice the arguments make (`--genre` first), if any.
    init?(_ arguments: Arguments) {
        if let genre = arguments.value("genre") {
            (property, text) = (.genre, genre)
        } else if let composer = arguments.value("composer") {
            (property, text) = (.composer, composer)
        } else {
            return nil
        }
    }

    /// The library's songs, by genre (composer), artist, album, disc and track.
    func songs(in library: MusicLibrary) throws -> [MediaItem] {
        let grouping: MediaGrouping = property == .genre ? .genre : .composer
        for comparison in [MediaPropertyPredicate.Comparison.equalTo, .contains] {
            let query = MediaQuery(
                filterPredicates: [
                    MediaPropertyPredicate(value: .text(text), forProperty: property, comparison: comparison)
                ],
                groupingType: grouping)
            let songs = try library.items(matching: query, limit: 100_000)
            if !songs.isEmpty { return songs }
        }
        return []
    }

    /// The music daemon's songs: its `find` on the tag, else its `search` (which ignores case and finds the text
    /// inside the tag).
    func songs(on player: SystemMusicPlayer) throws -> [MediaItem] {
        try player.database.songs(tag: property == .genre ? "genre" : "composer", matching: text)
    }
}
