import Foundation
import MediaModel
import Testing

/// Reading and writing `.m3u`, `.m3u8` and `.pls` files: every entry kept as written, whatever its encoding, line
/// endings or target; bad files refused with a clear error, within bounded time and memory.
@Suite struct PlaylistFileTests {
    @Test func m3uWithCRLFBOMAndLatin1KeepsEveryEntry() throws {
        let fixtures = try Fixtures()
        // UTF-8 with a byte-order mark and CRLF line endings.
        let utf8 = try fixtures.file(
            "bom.m3u8",
            bytes: [0xEF, 0xBB, 0xBF] + Array("#EXTM3U\r\n#EXTINF:215,Björk - Jóga\r\nBjörk/Jóga.flac\r\n\r\n".utf8)
                + Array("#EXTINF:-1,Radio\r\nhttp://radio.example/live\r\nBjörk/Jóga.flac\r\n".utf8))
        let first = try Playlist.read(LibraryPath(utf8))
        #expect(first.name == "bom")
        #expect(first.entries.map(\.location) == ["Björk/Jóga.flac", "http://radio.example/live", "Björk/Jóga.flac"])
        #expect(first.entries[0].title == "Björk - Jóga")
        #expect(first.entries[0].duration == 215)
        #expect(first.entries[1].title == "Radio")
        #expect(first.entries[1].duration == nil)  // -1: unknown
        #expect(first.entries[2].info == nil)  // a duplicate is kept, without the first one's #EXTINF

        // Latin-1 (not valid UTF-8), CRLF, an old Mac CR line end: no entry lost to its encoding.
        let latin1Bytes: [UInt8] =
            Array("#EXTINF:10,Caf".utf8) + [0xE9] + Array("\r\nMot".utf8) + [0xF6] + Array("rhead/Caf".utf8) + [0xE9]
            + Array(".mp3\rZ".utf8) + [0xFC] + Array("rich.ogg\n".utf8)
        let second = try Playlist.read(LibraryPath(try fixtures.file("latin1.m3u", bytes: latin1Bytes)))
        #expect(second.entries.map(\.location) == ["Motörhead/Café.mp3", "Zürich.ogg"])
        #expect(second.entries[0].title == "Café")
        #expect(second.entries[0].duration == 10)

        // `#EXTINF:` in any case; other comments, and a look-alike with a control character for its colon, are not.
        let cases = try Playlist.read(
            LibraryPath(
                try fixtures.file(
                    "cases.m3u8",
                    bytes: Array("#extinf:3,Lower\na.flac\n#ExtInf:4,Mixed\nb.flac\n#EXTINF\u{1A}5,Not\nc.flac\n".utf8)
                        + Array("#EXTINF:6,Kept\n# a comment\nd.flac\n#EXTINF:\n".utf8))))
        #expect(cases.entries.map(\.location) == ["a.flac", "b.flac", "c.flac", "d.flac"])
        #expect(cases.entries.map(\.title) == ["Lower", "Mixed", nil, "Kept"])
        #expect(cases.entries.map(\.duration) == [3, 4, nil, 6])
    }

    /// Playlists written on Windows: text that is not UTF-8 is Windows-1252 (its €, curly quotes and dashes, not C1
    /// controls), and `#EXTINF` lines as players write them: a blank before the length, attributes before the title.
    @Test func windowsPlaylistsReadTheirCodePageAndTheirExtinfVariants() throws {
        let fixtures = try Fixtures()
        let text = { (string: String) in Array(string.utf8) }
        let bytes: [UInt8] =
            text("#EXTINF: 7,Bj") + [0xF6] + text("rk ") + [0x96] + text(" ") + [0x93] + text("Joga") + [0x94]
            + text("\r\nMusic\\") + [0x80] + text(" ") + [0x92] + text("n ") + [0x81] + text(".mp3\r\n")
            + text("#EXTINF:-1 tvg-name=\"News, Weather\" tvg-logo=\"a.png\",City Radio\r\n")
            + text("http://radio.example/city\r\n#EXTINF:12 tvg-name=\"open,Left open\r\nb.mp3\r\n")
        let playlist = try Playlist.read(LibraryPath(try fixtures.file("windows.m3u", bytes: bytes)))
        #expect(
            playlist.entries.map(\.location) == [
                "Music\\\u{20AC} \u{2019}n \u{81}.mp3", "http://radio.example/city", "b.mp3",
            ])
        #expect(playlist.entries[0].title == "Björk \u{2013} \u{201C}Joga\u{201D}")
        #expect(playlist.entries[0].duration == 7)
        #expect(playlist.entries[1].title == "City Radio")
        #expect(playlist.entries[1].duration == nil)
        #expect(playlist.entries[2].title == "Left open")
        #expect(playlist.entries[2].duration == 12)
    }

    @Test func entriesResolveRelativeAbsoluteWindowsAndFileURLPaths() throws {
        let fixtures = try Fixtures()
        let song = try fixtures.file("Artist/Album/01 Song é.mp3", bytes: [1])
        let folder = LibraryPath(fixtures.music + "/Lists")
        let resolve = { (entry: String) in PlaylistLocation.resolve(entry, folder: folder) }
        #expect(resolve("../Artist/Album/01 Song é.mp3") == .file(LibraryPath(song)))
        #expect(resolve("..\\Artist\\Album\\01 Song é.mp3") == .file(LibraryPath(song)))
        #expect(resolve(song) == .file(LibraryPath(song)))
        #expect(resolve("file://" + song.replacingOccurrences(of: " ", with: "%20")) == .file(LibraryPath(song)))
        #expect(
            resolve("file:///" + String(song.dropFirst()).replacingOccurrences(of: "é", with: "%C3%A9"))
                == .file(LibraryPath(song)))
        #expect(resolve("file://localhost" + song) == .file(LibraryPath(song)))
        // A percent-escape may name a byte that is not UTF-8 (a Latin-1 file name): the path keeps that byte.
        #expect(
            resolve("file:///m/caf%E9.mp3")
                == .file(LibraryPath(bytes: Array("/m/caf".utf8) + [0xE9] + Array(".mp3".utf8))))
        // A Windows drive path names no file here: its longest tail found below the playlist's folder is taken.
        let below = try fixtures.file("Lists/Album/01 Song é.mp3", bytes: [1])
        #expect(resolve("C:\\Users\\me\\Music\\Album\\01 Song é.mp3") == .file(LibraryPath(below)))
        #expect(resolve("\\\\server\\share\\Album\\01 Song é.mp3") == .file(LibraryPath(below)))
        // From the root of a Windows drive, without its letter: the same.
        #expect(resolve("\\Users\\me\\Music\\Album\\01 Song é.mp3") == .file(LibraryPath(below)))
        #expect(resolve("D:\\Nowhere\\x.mp3") == .file(LibraryPath(fixtures.music + "/Lists/Nowhere/x.mp3")))
        #expect(resolve("https://example.org/stream.mp3") == .stream("https://example.org/stream.mp3"))
        #expect(resolve("HTTP://Example.org/a") == .stream("HTTP://Example.org/a"))
        #expect(resolve("Other.PLS") == .playlist(LibraryPath(fixtures.music + "/Lists/Other.PLS")))
    }

    @Test func windowsPathsMatchInAnyCaseAndMacOSNamesInEitherComposition() throws {
        let fixtures = try Fixtures()
        // Files named as Linux keeps them: composed (NFC), in their own case.
        let song = try fixtures.file("Lists/ABBA/Gold/01 Dancing Queen.mp3", bytes: [1])
        let bjork = try fixtures.file("Lists/Bj\u{F6}rk/Post/02 H\u{E9}lad\u{F3}.mp3", bytes: [1])
        let folder = LibraryPath(fixtures.music + "/Lists")
        let resolve = { (entry: String) in PlaylistLocation.resolve(entry, folder: folder) }
        // A Windows playlist names them in another case, with or without a drive, from the drive's root too.
        #expect(resolve("C:\\MUSIC\\abba\\gold\\01 DANCING QUEEN.MP3") == .file(LibraryPath(song)))
        #expect(resolve("\\Music\\Abba\\Gold\\01 dancing queen.mp3") == .file(LibraryPath(song)))
        #expect(resolve("\\\\nas\\music\\ABBA\\GOLD\\01 Dancing Queen.mp3") == .file(LibraryPath(song)))
        // A macOS playlist names them decomposed (NFD): "o" and a combining diaeresis, relative or absolute.
        let decomposed = "Bjo\u{308}rk/Post/02 He\u{301}lado\u{301}.mp3"
        #expect(Array(decomposed.utf8) != Array("Bj\u{F6}rk/Post/02 H\u{E9}lad\u{F3}.mp3".utf8))
        #expect(resolve(decomposed) == .file(LibraryPath(bjork)))
        #expect(resolve(fixtures.music + "/Lists/" + decomposed) == .file(LibraryPath(bjork)))
        #expect(
            resolve("C:\\Users\\me\\" + decomposed.replacingOccurrences(of: "/", with: "\\"))
                == .file(LibraryPath(bjork)))
        // A Linux path differing only in case is another file: not matched.
        #expect(
            resolve("abba/Gold/01 Dancing Queen.mp3")
                == .file(LibraryPath(fixtures.music + "/Lists/abba/Gold/01 Dancing Queen.mp3")))
    }

    @Test func plsEntriesAreReadInNumberOrderWithTitlesAndLengths() throws {
        let text = """
            [playlist]
            NumberOfEntries=3
            File2=b.mp3
            Title2=Bee
            Length2=42
            file1 = ignored? no: a key with spaces
            File1=a.mp3
            File10=http://x.example/live
            Title10=Live
            Length10=-1
            Version=2
            """
        let playlist = try Playlist.parse(Array(text.utf8), format: .pls, name: "p")
        #expect(playlist.entries.map(\.location) == ["a.mp3", "b.mp3", "http://x.example/live"])
        #expect(playlist.entries[1].title == "Bee")
        #expect(playlist.entries[1].duration == 42)
        #expect(playlist.entries[0].info == nil)
        #expect(playlist.entries[2].title == "Live")
        // Written back as .pls, each entry is the same.
        let again = try Playlist.parse(playlist.encoded(as: .pls), format: .pls, name: "p")
        #expect(again == playlist)
    }

    @Test func aMillionLinePlaylistIsRefusedPastTheLimit() throws {
        let fixtures = try Fixtures()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1_000_000 * 12)
        for index in 0..<1_000_000 { bytes += Array("s\(index).mp3\n".utf8) }
        let path = try fixtures.file("huge.m3u", bytes: bytes)
        #expect(throws: PlaylistError.tooManyEntries(path: path, limit: Playlist.maximumEntries)) {
            try Playlist.read(LibraryPath(path))
        }
        // Exactly the limit is read whole.
        var atLimit: [UInt8] = []
        for index in 0..<Playlist.maximumEntries { atLimit += Array("s\(index).mp3\n".utf8) }
        let full = try fixtures.file("full.m3u8", bytes: atLimit)
        #expect(try Playlist.read(LibraryPath(full)).entries.count == Playlist.maximumEntries)
        // A file past the byte cap is refused before it is read (a sparse file: no disk used).
        let sparse = fixtures.music + "/sparse.m3u"
        #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
        #expect(truncate(sparse, off_t(Playlist.maximumBytes + 1)) == 0)
        #expect(throws: PlaylistError.tooLarge(path: sparse, bytes: Playlist.maximumBytes + 1)) {
            try Playlist.read(LibraryPath(sparse))
        }
    }

    @Test func binaryFilesAndFoldersAreRefusedWithAClearError() throws {
        let fixtures = try Fixtures()
        let binary = try fixtures.tone("song.flac")
        let renamed = fixtures.music + "/song.m3u"
        try FileManager.default.moveItem(atPath: binary, toPath: renamed)
        #expect(throws: PlaylistError.binary(path: renamed)) { try Playlist.read(LibraryPath(renamed)) }
        #expect("\(PlaylistError.binary(path: renamed))".contains("binary data, not a playlist"))
        try FileManager.default.createDirectory(
            atPath: fixtures.music + "/folder.pls", withIntermediateDirectories: true)
        #expect(throws: PlaylistError.system(code: EISDIR, operation: "reading", path: fixtures.music + "/folder.pls"))
        {
            try Playlist.read(LibraryPath(fixtures.music + "/folder.pls"))
        }
        #expect(throws: PlaylistError.unknownFormat(path: fixtures.music + "/x.txt")) {
            try Playlist.read(LibraryPath(fixtures.music + "/x.txt"))
        }
    }

    @Test func utf16PlaylistsWithAByteOrderMarkAreRead() throws {
        let text = "#EXTM3U\r\n#EXTINF:3,Ünïcode\r\nÜ.mp3\r\n"
        let bytes = [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)
        let playlist = try Playlist.parse(bytes, format: .m3u, name: "u")
        #expect(playlist.entries == [PlaylistEntry(location: "Ü.mp3", info: "3,Ünïcode")])
    }

    /// UTF-16 saved without a byte-order mark (as some Windows programs do), either byte order, is read as text
    /// (a character whose low byte is zero, 一 U+4E00, among them), where a binary file is still refused.
    @Test func utf16PlaylistsWithoutAByteOrderMarkAreRead() throws {
        let text = "#EXTM3U\r\n#EXTINF:3,\u{4E00} Ünïcode\r\nMusic\\Ü \u{4E00}.mp3\r\n"
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let playlist = try Playlist.parse(Array(text.data(using: encoding)!), format: .m3u, name: "u")
            #expect(playlist.entries == [PlaylistEntry(location: "Music\\Ü \u{4E00}.mp3", info: "3,\u{4E00} Ünïcode")])
        }
        #expect(throws: PlaylistError.binary(path: "playlist")) {
            try Playlist.parse([0x5B, 0x00, 0x00, 0x1B, 0x41, 0x00, 0x00, 0x00], format: .m3u, name: "b")
        }
    }

    @Test func writtenPlaylistsKeepEntriesAndExtinfAsTheyWere() throws {
        let entries = [
            PlaylistEntry(location: "/music/a b.flac", info: "12,A - B"),
            PlaylistEntry(location: "C:\\Music\\x.mp3"),
            PlaylistEntry(location: "/music/a b.flac", info: "12,A - B"),
            PlaylistEntry(location: "/music/odd\nname.mp3"),
        ]
        let bytes = Playlist(name: "w", entries: entries).encoded(as: .m3u8)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "#EXTM3U\n#EXTINF:12,A - B\n/music/a b.flac\nC:\\Music\\x.mp3\n#EXTINF:12,A - B\n/music/a b.flac\n"
                + "file:///music/odd%0Aname.mp3\n")
        let read = try Playlist.parse(bytes, format: .m3u8, name: "w")
        #expect(Array(read.entries.prefix(3)) == Array(entries.prefix(3)))
        // The line break no line can hold went into a file URL that names the same file.
        #expect(
            PlaylistLocation.resolve(read.entries[3].location, folder: LibraryPath("/"))
                == .file(LibraryPath("/music/odd\nname.mp3")))
    }
}
