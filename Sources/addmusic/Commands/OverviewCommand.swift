import AddMusicCore
import Foundation
import Gtk
import MediaDemo
import MediaLibrary
import MediaModel

/// `addmusic` with no command: scans the music folders (when they hold no music, writes the demo library once and
/// uses that, so a fresh machine has real music), then opens the desktop window; when the window runs already, it is
/// brought up at once instead. With no display (or without GTK's libraries) it says so in one line, pointing to
/// `addmusic play`, and lists the library instead.
struct OverviewCommand {
    let arguments: Arguments
    let text = Localizer.app

    @MainActor
    func run() throws -> Int32 {
        // A window that runs already is brought up at once, before any scan.
        var application: Application?
        // When no window can open, the library is listed instead.
        let noWindow = WindowCommand.whyNoWindow
        if noWindow == nil {
            guard let claimed = WindowCommand.claim(forwarding: []) else { return 0 }
            application = claimed
        }
        let library = try MusicLibrary()
        let command = LibraryCommand(arguments: arguments)
        let roots = MusicFolders.resolve(flags: arguments.values("music-dir"))
        let existing = roots.filter { FileManager.default.fileExists(atPath: $0.description) }
        if !existing.isEmpty { _ = try command.scan(library, roots: existing) }
        let demo = LibraryPath.absolute(MusicFolders.demoLibraryPath)
        if try roots.map({ try library.songCount(under: $0) }).reduce(0, +) == 0 {
            if !FileManager.default.fileExists(atPath: demo.description) {
                _ = try DemoLibrary.write(to: demo.description)
            }
            printError(
                text.string(
                    "overview.usingDemo", TerminalSafeText.make(roots.map(\.description).joined(separator: ", ")),
                    TerminalSafeText.make(demo.description)))
            _ = try command.scan(library, roots: [demo])
        } else {
            try library.forgetSongs(under: demo)  // the user's own music has arrived: the demo steps aside
        }
        if let application { return try WindowCommand(arguments: arguments, application: application).run() }
        printError(noWindow ?? "")
        print("")
        print(
            text.string(
                "overview.heading", text.count("count.songs", try library.songCount()),
                text.count("count.albums", try library.albumCount()),
                text.count("count.artists", try library.artistCount())))
        for album in try library.albums(limit: 1000) {
            let artist = album.artist.map(TerminalSafeText.make) ?? text.string("Unknown Artist")
            print("")
            print("\(artist) — \(TerminalSafeText.make(album.title))" + (album.year.map { " (\($0))" } ?? ""))
            for song in try library.songs(ofAlbum: album.id) {
                let number = song.trackNumber.map { String(format: "%2d. ", $0) } ?? "    "
                print("  \(number)\(TerminalSafeText.make(song.title)) (\(ClockText.of(song.duration)))")
            }
        }
        return 0
    }
}
