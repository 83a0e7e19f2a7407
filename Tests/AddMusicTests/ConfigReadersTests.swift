import AddMusicCore
import Foundation
import MediaLibrary
import MusicPlayer
import Testing

@testable import MediaModel

/// What the preferences, the music folders and the music daemon's address take from the config file.
@Suite struct ConfigReadersTests {
    @Test func savingPreferencesKeepsCommentsOtherKeysAndTheirBytes() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        let head = "# AddMusic, set up by hand\r\n\r\nmusic-dir = ~/Music  \r\nmpd-host = secret@music.local\r\n"
        try ConfigFileBytes.write(Array((head + "player=system\r\n# the end\r\n").utf8), to: path)
        var preferences = try Preferences(configPath: path, environment: [:])
        #expect(preferences.playerKind == .system)
        preferences.backgroundAnimation = false
        try preferences.save()
        let saved = String(decoding: try ConfigFileBytes.read(path), as: UTF8.self)
        #expect(saved == head + "player=system\r\n# the end\r\nbackground-animation = off\r\n")
        preferences.playerKind = .application
        preferences.replayGain = ReplayGainMode(source: .album, preamp: -3.5)
        try preferences.save()
        #expect(
            String(decoding: try ConfigFileBytes.read(path), as: UTF8.self)
                == head
                + "player=app\r\n# the end\r\nbackground-animation = off\r\nreplay-gain = album\r\nreplay-gain-preamp = -3.5\r\n"
        )
    }

    @Test func preferencesRefuseToSaveOverAConfigThatCouldNotBeRead() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        var preferences = try Preferences(configPath: path, environment: [:])
        preferences.backgroundAnimation.toggle()
        #expect(throws: FileSystemError.self) { try preferences.save() }
        #expect(FileManager.default.fileExists(atPath: path + "/inside"))
    }

    @Test func savingOnePreferenceWritesOnlyThatKeyNeverWhatTheEnvironmentChose() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        try Data("player = app\n# mine\nreplay-gain = track\nreplay-gain-preamp = 3.0\n".utf8).write(
            to: URL(fileURLWithPath: path))
        // NO_COLOR turns the animation off for this run; that is not the user's choice to save.
        var preferences = try Preferences(configPath: path, environment: ["NO_COLOR": "1"])
        #expect(!preferences.backgroundAnimation)
        preferences.playerKind = .system
        try preferences.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == "player = system\n# mine\nreplay-gain = track\nreplay-gain-preamp = 3.0\n", "\(saved)")
        // Changed back, it is written back.
        preferences.playerKind = .application
        try preferences.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("player = app\n"))
    }

    @Test func theReplayGainPreampIsReadIntoItsRangeAndNonNumbersCountAsZero() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        for (text, preamp) in [
            ("3.5", 3.5), ("-99", -15), ("1e308", 15), ("1e999", 0), ("nan", 0), ("-inf", 0), ("loud", 0), ("", 0),
        ] {
            try ConfigFileBytes.write(Array("replay-gain = track\nreplay-gain-preamp = \(text)\n".utf8), to: path)
            let read = try Preferences(configPath: path, environment: [:]).replayGain
            #expect(read == ReplayGainMode(source: .track, preamp: preamp), "\(text)")
        }
    }

    @Test func theDaemonsPortIsANumberFrom1To65535AndEmptyValuesAreUnset() {
        func address(_ text: String, environment: [String: String] = [:]) -> MPDAddress.Endpoint {
            MPDAddress.configured(
                environment: environment, config: ConfigFile(path: "/nonexistent", contents: Array(text.utf8))
            ).endpoint
        }
        #expect(address("mpd-host = h\nmpd-port = 6601\n") == .tcp(host: "h", port: 6601))
        for port in ["0", "65536", "-1", "99999999999999999999999", "6600.5", "nan", "1e3", ""] {
            #expect(address("mpd-host = h\nmpd-port = \(port)\n") == .tcp(host: "h", port: 6600), "\(port)")
        }
        #expect(
            address("mpd-host = h\nmpd-port = 6601\n", environment: ["MPD_PORT": "70000"])
                == .tcp(host: "h", port: 6600))
        // An empty host is no host: never a connection to "".
        if case .tcp(let host, _) = address("mpd-host =\nmpd-port = 6601\n") { #expect(host == "localhost") }
    }

    @Test func theMusicFolderIsReadFromUserDirsAsXdgUserDirReadsIt() throws {
        let home = XDGDirectories.home
        let file = """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Desktop"
            XDG_MUSIC_DIR="$HOME/Old"
            XDG_MUSIC_DIR="$HOME/My \\"Music\\""
            XDG_VIDEOS_DIR="/srv/videos"
            """
        #expect(XDGDirectories.userDirectory("MUSIC", in: file) == home + "/My \"Music\"")
        #expect(XDGDirectories.userDirectory("VIDEOS", in: file) == "/srv/videos")
        #expect(XDGDirectories.userDirectory("PICTURES", in: file) == nil)
        #expect(XDGDirectories.userDirectory("MUSIC", in: "XDG_MUSIC_DIR=relative\n") == nil)
        // The same answer as the script itself, for a file of the form xdg-user-dirs-update writes.
        let fixtures = try Fixtures()
        try FileManager.default.createDirectory(
            atPath: fixtures.root + "/config-home", withIntermediateDirectories: true)
        try "XDG_MUSIC_DIR=\"$HOME/Klänge und Töne\"\n".write(
            toFile: fixtures.root + "/config-home/user-dirs.dirs", atomically: true, encoding: .utf8)
        let script = try Fixtures.run("/usr/bin/xdg-user-dir", ["MUSIC"], environment: fixtures.environment())
        let read = XDGDirectories.music(home: fixtures.root, configHome: fixtures.root + "/config-home", variable: nil)
        #expect(read == fixtures.root + "/Klänge und Töne")
        #expect(script.output.trimmingCharacters(in: .newlines) == read)
        // No file: the variable, else ~/Music (home itself is no music folder).
        let none = fixtures.root + "/nowhere"
        #expect(XDGDirectories.music(home: fixtures.root, configHome: none, variable: "/srv/m") == "/srv/m")
        #expect(XDGDirectories.music(home: fixtures.root, configHome: none, variable: nil) == fixtures.root + "/Music")
        #expect(
            XDGDirectories.music(home: fixtures.root, configHome: none, variable: fixtures.root) == fixtures.root
                + "/Music")
    }

    @Test func anEmptyMusicDirIsIgnoredAndNeverTheWorkingDirectory() {
        let config = ConfigFile(path: "/nonexistent", contents: Array("music-dir =\nmusic-dir = \t \n".utf8))
        let roots = MusicFolders.resolve(flags: [], config: config)
        #expect(roots == [LibraryPath.absolute(XDGDirectories.music)])
        #expect(!roots.contains(LibraryPath(FileManager.default.currentDirectoryPath)))
        let mixed = ConfigFile(path: "/nonexistent", contents: Array("music-dir =\nmusic-dir = /srv/music\n".utf8))
        #expect(MusicFolders.resolve(flags: [], config: mixed) == [LibraryPath("/srv/music")])
    }

    @Test func aRelativeMusicDirIsTakenFromTheHomeFolder() {
        func root(_ value: String) -> String? {
            MusicFolders.root(configValue: Array(value.utf8), home: "/home/me")?.description
        }
        #expect(root("Music") == "/home/me/Music")
        #expect(root("./Music/../Songs/") == "/home/me/Songs")
        #expect(root("~/Music") == "/home/me/Music")
        #expect(root("~") == "/home/me")
        #expect(root("/srv//music/./a") == "/srv/music/a")
        #expect(root("  ") == nil)
        #expect(root("") == nil)
        let config = ConfigFile(path: "/nonexistent", contents: Array("music-dir = Music\n".utf8))
        #expect(
            MusicFolders.resolve(flags: [], config: config) == [LibraryPath.absolute(XDGDirectories.home + "/Music")])
    }
}
