import AddMusicCore
import MediaDemo
import MediaLibrary
import MediaModel

/// `addmusic demo-library [DIR]`: writes the project's own small library of generated, tagged songs.
struct DemoLibraryCommand {
    let arguments: Arguments
    let text = Localizer.app

    func run() throws -> Int32 {
        let directory =
            arguments.words.first.map { LibraryPath.absolute($0).description } ?? MusicFolders.demoLibraryPath
        let files = try DemoLibrary.write(to: directory)
        print(text.string("demo.written", files.count, TerminalSafeText.make(directory)))
        return 0
    }
}
