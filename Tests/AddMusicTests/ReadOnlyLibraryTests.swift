import Foundation
import MediaLibrary
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An index the user may only read lists and searches; SQLite's errors name the database file.
@Suite struct ReadOnlyLibraryTests {
    @Test func aLibraryTheUserCanOnlyReadListsAndSearches() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Album/a.flac", tags: ["title": "Readable", "artist": "Reader", "album": "Only"])
        let environment = fixtures.environment()
        let scan = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        #expect(scan.status == 0, "\(scan.errorOutput)")
        // Closed cleanly, the index is one file: reading it in WAL mode needs its -shm made beside it.
        let folder = fixtures.root + "/data-home/addmusic"
        let database = folder + "/library.sqlite"
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        #expect(chmod(database, 0o444) == 0 && chmod(folder, 0o555) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        // Root is not stopped by file modes: as root, the commands run as the unprivileged user `nobody`, from a copy
        // of `addmusic` that user can read wherever the checkout lies.
        let program = Fixtures.unprivileged([try fixtures.addmusicAnyoneCanRun(), "library"])
        for command in [["songs"], ["albums"], ["artists"], ["search", "readable"], ["problems"]] {
            let result = try Fixtures.run(program[0], Array(program.dropFirst()) + command, environment: environment)
            #expect(result.status == 0, "\(command): \(result.errorOutput)")
            if command.first == "songs" || command.first == "search" { #expect(result.output.contains("Readable")) }
        }
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)

        // Through the library, too: opened read-only it reads and writes nothing.
        let library = try MusicLibrary(databasePath: database, readOnly: true)
        #expect(try library.songs().map(\.title) == ["Readable"])
        #expect(try library.search("read").count == 1)
    }

    /// Its resources missing, or in a folder this user cannot read: `addmusic` says where it looked and stops, never
    /// traps (SwiftPM's own `Bundle.module` did, with an illegal instruction).
    @Test func resourcesThatCannotBeReadAreSaidNotATrap() throws {
        let fixtures = try Fixtures()
        let missing = try fixtures.addmusicAnyoneCanRun(resources: false)
        let bare = try Fixtures.run(missing, ["library", "songs"], environment: fixtures.environment())
        #expect(bare.status == 1, "\(bare)")
        #expect(bare.errorOutput.hasPrefix("addmusic cannot read its resources; it looked in \(fixtures.root)/bin/"))

        let other = try Fixtures()
        let program = try other.addmusicAnyoneCanRun()
        let resources = other.root + "/bin/AddMusic_AddMusicCore.resources"
        // Root reads anything, so as root the command runs as `nobody` and the folder is root's alone; as a user,
        // the folder is closed to its owner too.
        #expect(chmod(resources, geteuid() == 0 ? 0o700 : 0o000) == 0)
        defer { chmod(resources, 0o755) }
        let command = Fixtures.unprivileged([program, "library", "songs"])
        let locked = try Fixtures.run(command[0], Array(command.dropFirst()), environment: other.environment())
        #expect(locked.status == 1 && locked.errorOutput.hasPrefix("addmusic cannot read its resources"), "\(locked)")
    }

    @Test func anSQLiteErrorNamesTheDatabaseFile() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/not a library.sqlite"
        try Data(repeating: UInt8(ascii: "x"), count: 4096).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: SQLiteError.self) { try MusicLibrary(databasePath: path) }
        #expect(error.path == path)
        #expect(String(describing: error).contains(path))

        let missing = fixtures.root + "/nowhere/library.sqlite"
        let notThere = try #require(throws: SQLiteError.self) {
            try MusicLibrary(databasePath: missing, readOnly: true)
        }
        #expect(String(describing: notThere).contains(missing))

        // The command line says it as well.
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/data-home/addmusic", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: fixtures.root + "/data-home/addmusic/library.sqlite")
        let songs = try Fixtures.run(Fixtures.addmusic, ["library", "songs"], environment: fixtures.environment())
        #expect(songs.status != 0)
        #expect(songs.errorOutput.contains(fixtures.root + "/data-home/addmusic/library.sqlite"))
    }
}
