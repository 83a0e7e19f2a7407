import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The `addmusic` command: with no command it shows the user's music library (scanning it first, and falling back
/// to the demo library when the music folders hold no music); otherwise one of the subcommands below.
let text = Localizer.app

@MainActor
func main() -> Int32 {
    // The shell completions ask for names at a key press: answered first, even without the resources, and quietly.
    if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "complete" {
        return CompleteCommand(words: Array(CommandLine.arguments.dropFirst(2))).run()
    }
    guard AppResources.bundle != nil else {
        // Its own words cannot be read, so this one sentence is English.
        let tried = AppResources.candidates.isEmpty ? ["(the executable's path is unknown)"] : AppResources.candidates
        printError(
            "addmusic cannot read its resources; it looked in " + tried.joined(separator: " and ")
                + ". Reinstall it, or make that folder readable to this user.")
        return 1
    }
    do {
        var arguments = try Arguments(
            Array(CommandLine.arguments.dropFirst()), notUTF8: Arguments.notUTF8InCommandLine())
        if arguments.flag("version") {
            print("addmusic \(AddMusicVersion.current)")
            return 0
        }
        if arguments.flag("help") {
            print(text.string("usage"))
            return 0
        }
        return try runCommand(&arguments)
    } catch let error as CommandError {
        switch error {
        case .missingValue(let name): printError(text.string("error.missingValue", name))
        case .badNumber(let name, let value):
            printError(text.string("error.badNumber", name, TerminalSafeText.make(value)))
        case .unknownCommand(let name): printError(text.string("error.unknownCommand", TerminalSafeText.make(name)))
        case .missingSearchText: printError(text.string("error.missingSearchText"))
        case .failure(let message): printError(message)
        }
        printError(text.string("error.seeHelp"))
        return 2
    } catch let error as PlaylistError {
        printError(PlaylistListing.describe(error))
        return 1
    } catch let error as SmartPlaylistError {
        printError(SmartPlaylistText.describe(error))
        return 1
    } catch MPDError.unsendable(_, let argument) {
        printError(text.string("error.unsendable", MPDError.shown(argument)))
        return 1
    } catch {
        if let diskFull = FailureText.diskFull(error) {
            printError(diskFull)
            return 1
        }
        printError(text.string("error.failed", TerminalSafeText.make(String(describing: error))))
        return 1
    }
}

/// Runs the command the first word names (the library overview with none); returns its exit status.
@MainActor
func runCommand(_ arguments: inout Arguments) throws -> Int32 {
    switch arguments.popWord() {
    case nil: return try OverviewCommand(arguments: arguments).run()
    case "library": return try LibraryCommand(arguments: arguments).run()
    case "demo-library": return try DemoLibraryCommand(arguments: arguments).run()
    case "play": return try PlayCommand(arguments: arguments).run()
    case "playlist": return try PlaylistCommand(arguments: arguments).run()
    case "rate": return try RateCommand(arguments: arguments).run()
    case "scrobble": return try MainActor.assumeIsolated { try ScrobbleCommand(arguments: arguments).run() }
    case "tag": return try TagCommand(arguments: arguments).run()
    case "sound": return try SoundCommand(arguments: arguments).run()
    case "window": return try WindowCommand(arguments: arguments, locations: arguments.words).run()
    case "bench-system-player": return try SystemPlayerBenchCommand(arguments: arguments).run()
    case "bench-open": return try OpenBenchCommand(arguments: arguments).run()
    case "help":
        print(text.string("usage"))
        return 0
    case let other? where WindowCommand.isLocation(other):
        // `addmusic FILE|FOLDER|URL…` (the desktop entry's `addmusic %U`): opened in the window.
        return try WindowCommand(arguments: arguments, locations: [other] + arguments.words).run()
    case let other?: throw CommandError.unknownCommand(other)
    }
}

exit(main())
