import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The config file is the user's: edits change only their own lines, and saving goes through symlinks.
@Suite struct ConfigFileTests {
    /// Files a person or another program may well write.
    static let awkwardFiles: [(name: String, bytes: [UInt8])] = {
        func text(_ string: String) -> [UInt8] { Array(string.utf8) }
        return [
            ("comments and blank lines", text("# my music\n\nmusic-dir = /srv/music\n   # indented\n\nplayer = app\n")),
            ("CRLF", text("# windows\r\nmusic-dir = /a\r\n\r\nplayer = system\r\nmpd-host = h\r\n")),
            ("no final newline", text("player = app\nmusic-dir = /x")),
            ("byte order mark", [0xEF, 0xBB, 0xBF] + text("music-dir = /a\nplayer = app\n")),
            ("tabs and odd spacing", text("\tmusic-dir\t=\t/tab dir\t\n player =app   \nmpd-host=h\n")),
            ("= inside values", text("mpd-host = pass=word@host\nmusic-dir = /a=b==c\n")),
            ("repeated keys", text("music-dir = /1\n# between\nmusic-dir = /2\nplayer = app\nmusic-dir = /3\n")),
            ("unknown keys", text("future-key = something\nanother=1\nmusic-dir = /m\n")),
            ("Latin-1 comment and value", text("# caf") + [0xE9] + text("\nmusic-dir = /m") + [0xFC] + text("sik\n")),
            ("NUL bytes", text("player = a") + [0] + text("pp\n") + [0] + text("\nmusic-dir = /a\n")),
            (
                "very long lines",
                text(
                    "# " + String(repeating: "x", count: 200_000) + "\nmusic-dir = /"
                        + String(
                            repeating: "y", count: 100_000) + "\nplayer = app\n")
            ),
            ("lone carriage return", text("player = a\rb\nmusic-dir = /a\n")),
            ("not entries", text("=value\nno equals here\n  \nplayer\n#player = system\n")),
            ("empty", []),
            ("only a byte order mark", [0xEF, 0xBB, 0xBF]),
            ("only newlines", text("\n\r\n\n")),
        ]
    }()

    @Test(arguments: awkwardFiles.map(\.name))
    func readingAndSavingUnchangedKeepsEveryByte(_ name: String) throws {
        let original = try #require(Self.awkwardFiles.first { $0.name == name }).bytes
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        try ConfigFileBytes.write(original, to: path)
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        var config = ConfigFile(path: path)
        #expect(config.bytes == original)
        try config.save()
        config.set("player", config.values("player"))  // only when every player value is UTF-8 is this a no-op
        if config.bytes == original { try config.save() }
        #expect(try ConfigFileBytes.read(path) == original)
        // Nothing changed, nothing written: the same file, not a copy renamed over it.
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
    }

    @Test(arguments: awkwardFiles.map(\.name))
    func settingOneKeyChangesOnlyThatKeysLines(_ name: String) throws {
        let original = try #require(Self.awkwardFiles.first { $0.name == name }).bytes
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        for (key, values) in [
            ("player", ["system"]), ("music-dir", ["/new"]), ("music-dir", ["/1", "/two", "/3", "/4"]),
            ("music-dir", []), ("mpd-host", ["a=b@c"]), ("brand-new", ["x", "y"]),
        ] {
            try ConfigFileBytes.write(original, to: path)
            var config = ConfigFile(path: path)
            config.set(key, values)
            try config.save()
            let saved = try ConfigFileBytes.read(path)
            let othersKept = ConfigFileBytes.same(
                ConfigFileBytes.linesNotOf(key, in: saved), ConfigFileBytes.linesNotOf(key, in: original))
            #expect(othersKept, "\(name), \(key)")
            #expect(ConfigFile(path: path).values(key) == values)
            #expect(saved.starts(with: ConfigFileBytes.byteOrderMark) == original.starts(with: [0xEF, 0xBB, 0xBF]))
            if let before = ConfigFileBytes.endsWithNewline(original),
                let after = ConfigFileBytes.endsWithNewline(saved)
            {
                #expect(before == after, "final newline kept (\(name), \(key))")
            }
        }
    }

    @Test func editsHappenInPlaceKeepingSpacingLineEndingsAndUnchangedLines() {
        func edited(_ text: String, _ key: String, _ values: [String]) -> String {
            var config = ConfigFile(path: "/nonexistent/config", contents: Array(text.utf8))
            config.set(key, values)
            return String(decoding: config.bytes, as: UTF8.self)
        }
        #expect(edited("player = app \t\n", "player", ["app"]) == "player = app \t\n")
        #expect(edited("\tplayer\t=\tapp\r\nx = 1\r\n", "player", ["system"]) == "\tplayer\t=\tsystem\r\nx = 1\r\n")
        #expect(edited("player =\n", "player", ["app"]) == "player = app\n")
        #expect(edited("a = 1", "player", ["x"]) == "a = 1\nplayer = x")
        #expect(edited("a = 1\r\n", "player", ["x"]) == "a = 1\r\nplayer = x\r\n")
        #expect(
            edited("music-dir = /1\n# c\nplayer = app\n", "music-dir", ["/1", "/2"])
                == "music-dir = /1\nmusic-dir = /2\n# c\nplayer = app\n")
        #expect(edited("music-dir = /1\n#c\nmusic-dir = /2\n", "music-dir", ["/9"]) == "music-dir = /9\n#c\n")
        #expect(edited("a = 1\nplayer = x", "player", []) == "a = 1")
        #expect(edited("", "player", ["line\nbreak "]) == "player = line break\n")
    }

    @Test func aSymlinkedConfigStaysASymlinkAndItsTargetGetsTheChangeWithItsPermissions() throws {
        let fixtures = try Fixtures()
        let dotfiles = fixtures.root + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fixtures.root + "/conf", withIntermediateDirectories: true)
        try ConfigFileBytes.write(Array("# mine\nplayer = app\n".utf8), to: dotfiles + "/addmusic.conf")
        chmod(dotfiles + "/addmusic.conf", 0o640)
        // A chain: conf/config → conf/middle → ../dotfiles/addmusic.conf (relative links).
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.root + "/conf/middle", withDestinationPath: "../dotfiles/addmusic.conf")
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.root + "/conf/config", withDestinationPath: "middle")
        var config = ConfigFile(path: fixtures.root + "/conf/config")
        config.set("player", ["system"])
        try config.save()
        let manager = FileManager.default
        #expect(try manager.destinationOfSymbolicLink(atPath: fixtures.root + "/conf/config") == "middle")
        #expect(
            try manager.destinationOfSymbolicLink(atPath: fixtures.root + "/conf/middle") == "../dotfiles/addmusic.conf"
        )
        #expect(try ConfigFileBytes.read(dotfiles + "/addmusic.conf") == Array("# mine\nplayer = system\n".utf8))
        let mode = try manager.attributesOfItem(atPath: dotfiles + "/addmusic.conf")[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // No temporary file is left beside it.
        #expect(try manager.contentsOfDirectory(atPath: dotfiles) == ["addmusic.conf"])
    }

    @Test func aDanglingSymlinkIsWrittenAtItsTarget() throws {
        let fixtures = try Fixtures()
        try FileManager.default.createSymbolicLink(
            atPath: fixtures.root + "/config", withDestinationPath: fixtures.root + "/elsewhere/real-config")
        var config = ConfigFile(path: fixtures.root + "/config")
        #expect(config.readError == nil && config.values("player").isEmpty)
        config.set("player", ["app"])
        try config.save()
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: fixtures.root + "/config")
                == fixtures.root + "/elsewhere/real-config")
        #expect(try ConfigFileBytes.read(fixtures.root + "/elsewhere/real-config") == Array("player = app\n".utf8))
    }

    @Test func aSymlinkLoopIsRefusedOnSave() throws {
        let fixtures = try Fixtures()
        try FileManager.default.createSymbolicLink(atPath: fixtures.root + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: fixtures.root + "/b", withDestinationPath: "a")
        var config = ConfigFile(path: fixtures.root + "/a")
        config.set("player", ["app"])
        #expect(throws: FileSystemError.self) { try config.save() }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fixtures.root + "/a") == "b")
    }

    @Test func aConfigThatExistsButCannotBeReadIsNeverOverwritten() throws {
        let fixtures = try Fixtures()
        // A folder in the file's place.
        let folder = fixtures.root + "/config"
        try FileManager.default.createDirectory(atPath: folder + "/keep", withIntermediateDirectories: true)
        var config = ConfigFile(path: folder)
        #expect(config.readError?.code == EISDIR)
        config.set("player", ["app"])
        #expect(throws: FileSystemError.self) { try config.save() }
        #expect(FileManager.default.fileExists(atPath: folder + "/keep"))
        // A named pipe in its place: refused at once rather than waited on.
        let pipe = fixtures.root + "/pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        var piped = ConfigFile(path: pipe)
        #expect(piped.readError != nil)
        piped.set("player", ["app"])
        #expect(throws: FileSystemError.self) { try piped.save() }
        // A file this user may not read (only meaningful when not root, who reads anything).
        if geteuid() != 0 {
            let locked = fixtures.root + "/locked"
            try ConfigFileBytes.write(Array("music-dir = /mine\n".utf8), to: locked)
            chmod(locked, 0)
            var unreadable = ConfigFile(path: locked)
            #expect(unreadable.readError?.code == EACCES)
            unreadable.set("player", ["app"])
            #expect(throws: FileSystemError.self) { try unreadable.save() }
        }
    }

    @Test func aMissingConfigIsCreatedPrivatelyOnlyWhenSomethingIsSet() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/new/addmusic/config"
        var config = ConfigFile(path: path)
        #expect(config.readError == nil)
        try config.save()
        config.set("player", [])
        try config.save()
        #expect(!FileManager.default.fileExists(atPath: path))
        config.set("player", ["app"])
        try config.save()
        #expect(try ConfigFileBytes.read(path) == Array("player = app\n".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func aLineThatIsNotUTF8SpoilsNoOtherLine() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        let original: [UInt8] =
            Array("music-dir = /srv/music\n# caf".utf8) + [0xE9] + Array("\nplayer = ".utf8) + [0xFF, 0xFE]
            + Array("\nmpd-host = music.local\nmusic-dir = /m".utf8) + [0xFC] + Array("sik\n".utf8)
        try ConfigFileBytes.write(original, to: path)
        let config = ConfigFile(path: path)
        #expect(config.values("music-dir") == ["/srv/music"])
        #expect(
            config.byteValues("music-dir") == [Array("/srv/music".utf8), Array("/m".utf8) + [0xFC] + Array("sik".utf8)])
        #expect(config.value("player") == nil)
        #expect(
            MusicFolders.resolve(flags: [], config: config)
                == [LibraryPath("/srv/music"), LibraryPath(bytes: Array("/m".utf8) + [0xFC] + Array("sik".utf8))])
        #expect(
            MPDAddress.configured(environment: [:], config: config).endpoint == .tcp(host: "music.local", port: 6600))
        var edited = config
        edited.set("replay-gain", ["track"])
        try edited.save()
        #expect(try ConfigFileBytes.read(path) == original + Array("replay-gain = track\n".utf8))
    }
}
