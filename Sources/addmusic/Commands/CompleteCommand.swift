import Foundation
import MediaLibrary
import MediaModel

/// `addmusic complete playlists|genres|artists|albums`: the names the shell completions (`data/completions/`) offer,
/// one a line. Not listed in `--help`.
///
/// Quick and quiet, as a key press needs: the index is only read (never made, brought up to date or written), and
/// any failure (no index, one made by an older version, an unknown word) prints nothing and exits 0, so a completion
/// never shows an error. A name holding a control character (a line break would split it in two) or a bidirectional
/// control is left out, as is an empty one or one longer than `longestName`; each name is printed once, at most
/// `mostNames` of them. The playlists are the user's own and the smart ones; the music folders' playlist files are
/// left out, since finding them walks every folder.
struct CompleteCommand {
    /// The words after `complete`.
    let words: [String]

    /// The longest name printed, in characters.
    static let longestName = 256
    /// The most names printed.
    static let mostNames = 100_000

    /// Prints the names the first word asks for; always returns 0.
    func run() -> Int32 {
        let names: [String]
        switch words.first {
        case "playlists": names = UserPlaylists().names() + SmartPlaylists().names()
        case "genres", "artists", "albums": names = (try? Self.indexNames(words[0])) ?? []
        default: names = []
        }
        var printed: Set<String> = []
        for name in names where Self.isPrintable(name) && printed.insert(name).inserted {
            print(name)
            if printed.count == Self.mostNames { break }
        }
        return 0
    }

    /// The genres, artists or albums (`kind`) of the index, read only; none when there is no index yet.
    /// - Throws: `SQLiteError` when the index cannot be opened or read.
    private static func indexNames(_ kind: String) throws -> [String] {
        let path = MusicLibrary.defaultDatabasePath()
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let library = try MusicLibrary(databasePath: path, readOnly: true)
        switch kind {
        case "genres": return try library.collections(matching: .genres(), limit: mostNames).map(\.name)
        case "artists": return try library.artists(limit: mostNames).map(\.name)
        default: return try library.albums(limit: mostNames).map(\.title)
        }
    }

    /// Whether `name` can stand on a line of its own as the shells read it: not empty, not too long, and nothing in
    /// it a terminal would act on (`TerminalSafeText` leaves it as it is).
    static func isPrintable(_ name: String) -> Bool {
        !name.isEmpty && name.count <= longestName && TerminalSafeText.make(name) == name
    }
}
