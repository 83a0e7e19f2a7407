import Foundation
import Testing

/// GTK's stack (libadwaita, GTK 4 and what they need) is opened by the window on its first call of GTK, not when the
/// process starts: on a machine where it cannot be loaded every other command still runs, and the window says why.
@Suite struct WindowLibrariesTests {
    @Test func withoutALoadableGtkTheCommandsRunAndTheWindowSaysWhyInTheUsersLanguage() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Artist/Album/1.flac", tags: ["title": "Uno", "artist": "Artist", "album": "Album"])
        // A libadwaita that cannot be loaded (an empty file under its soname), found first by the dynamic loader:
        // a binary that linked it would not start at all.
        let broken = fixtures.root + "/broken-libraries"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: broken + "/libadwaita-1.so.0", contents: Data()))
        func environment(_ language: String = "C.UTF-8") -> [String: String] {
            var environment = fixtures.environment(language: language)
            environment["LD_LIBRARY_PATH"] = broken
            environment["DISPLAY"] = ":77"  // a display named: the window would try to open
            return environment
        }

        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment())
        #expect(scan.status == 0, "\(scan.errorOutput)")
        let songs = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: environment())
        #expect(songs.output == "Artist — Uno · Album (0:01)\n", "\(songs.errorOutput)")

        let window = try Fixtures.run(Fixtures.addmusic, ["window"], environment: environment())
        #expect(window.status == 1)
        #expect(window.errorOutput.contains("The window needs libadwaita and GTK 4"), "\(window.errorOutput)")
        #expect(window.errorOutput.contains("libadwaita-1.so.0"), "\(window.errorOutput)")
        let german = try Fixtures.run(Fixtures.addmusic, ["window"], environment: environment("de_DE.UTF-8"))
        #expect(german.status == 1)
        #expect(german.errorOutput.contains("Das Fenster braucht libadwaita und GTK 4"), "\(german.errorOutput)")
        // `addmusic` alone says the same and lists the library instead of opening the window.
        let overview = try Fixtures.run(Fixtures.addmusic, ["--music-dir", fixtures.music], environment: environment())
        #expect(overview.status == 0, "\(overview.errorOutput)")
        #expect(overview.errorOutput.contains("The window needs libadwaita and GTK 4"), "\(overview.errorOutput)")
        #expect(overview.output.contains("Uno (0:01)"), "\(overview.output)")
    }
}
