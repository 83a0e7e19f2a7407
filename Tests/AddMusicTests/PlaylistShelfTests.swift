import AddMusicCore
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// Playlists managed from the window (B-Y6), below the window: the user's `.m3u8` files and the music folders'
/// playlist files, the daemon's stored playlists on a real MPD, and the controller's passing message whose Undo
/// brings a deleted playlist back.
@Suite(.serialized) struct PlaylistShelfTests {
    @Test func theUsersPlaylistsAreMadeReorderedRenamedCopiedAndDeletedAndAFoldersFileIsOnlyCopied() throws {
        let fixtures = try Fixtures()
        for index in 0..<3 {
            try fixtures.tone("\(index).flac", seconds: 1, tags: ["title": "Song \(index)", "artist": "Artist"])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let songs = try library.songs()
        try "\(fixtures.music)/1.flac\n\(fixtures.music)/gone.flac\n".write(
            toFile: fixtures.music + "/Found.m3u", atomically: true, encoding: .utf8)
        let user = UserPlaylists(folder: fixtures.root + "/playlists")
        let shelf = PlaylistShelf(
            store: .files(user: user, roots: fixtures.roots, library: library),
            smart: SmartPlaylists(folder: user.folder))

        try shelf.create("Mix", items: [songs[0]])
        try shelf.add([songs[1], songs[2]], to: "Mix")
        #expect(throws: PlaylistError.alreadyExists("Mix")) { try shelf.create("Mix") }
        let mix = PlaylistShelf.Listed(name: "Mix", file: nil)
        try shelf.move(from: 2, to: 0, in: "Mix")
        #expect(try shelf.entries(of: mix).map(\.item.title) == ["Song 2", "Song 0", "Song 1"])
        try shelf.remove(positions: [1], from: "Mix")
        #expect(try shelf.entries(of: mix).map(\.item) == [songs[2], songs[1]])
        try shelf.rename("Mix", to: "Evening")
        #expect(
            try shelf.list().filter { !$0.isSmart } == [
                .init(name: "Evening", file: nil),
                .init(name: "Found", file: LibraryPath(fixtures.music + "/Found.m3u")),
            ])

        // A music folder's file: read-only, its missing entry marked; a copy is the user's, and editable.
        let found = try #require(try shelf.list().first { $0.file != nil })
        let entries = try shelf.entries(of: found)
        #expect(entries.map(\.isMissing) == [false, true] && entries[0].item == songs[1])
        try shelf.duplicate(found, as: try shelf.copyName(of: "Found", text: Localizer.app))
        #expect(user.names() == ["Evening", "Found (copy)"])
        #expect(try shelf.entries(of: .init(name: "Found (copy)", file: nil)).map(\.isMissing) == [false, true])
        try shelf.duplicate(.init(name: "Evening", file: nil), as: try shelf.copyName(of: "Evening", text: .app))
        try shelf.duplicate(.init(name: "Evening", file: nil), as: try shelf.copyName(of: "Evening", text: .app))
        #expect(Set(user.names()) == ["Evening", "Evening (copy)", "Evening (copy 2)", "Found (copy)"])

        let before = try String(contentsOfFile: try user.path(of: "Evening"), encoding: .utf8)
        let deleted = try shelf.delete("Evening")
        #expect(!user.contains("Evening"))
        try shelf.restore(deleted)
        #expect(try String(contentsOfFile: try user.path(of: "Evening"), encoding: .utf8) == before)
        #expect(throws: PlaylistError.noSuchPlaylist("Nothing")) { _ = try shelf.delete("Nothing") }
    }

    @Test func theDaemonsStoredPlaylistsAreManagedTheSameWay() throws {
        let fixtures = try Fixtures()
        for index in 0..<3 {
            try fixtures.tone("\(index).flac", seconds: 1, tags: ["title": "Song \(index)", "artist": "Artist"])
        }
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        let songs = try SystemMusicPlayer(address: mpd.address).database.search("Song").sorted { $0.title < $1.title }
        #expect(songs.count == 3)
        let shelf = PlaylistShelf(store: .daemon(mpd.address), smart: SmartPlaylists(folder: fixtures.root + "/smart"))
        let stored = MPDStoredPlaylists(address: mpd.address)

        #expect(throws: PlaylistShelfError.daemonNeedsSongs) { try shelf.create("Empty") }
        try shelf.create("Mix", items: [songs[0], songs[1]])
        try shelf.add([songs[2]], to: "Mix")
        #expect(throws: PlaylistError.alreadyExists("Mix")) { try shelf.create("Mix", items: [songs[0]]) }
        try shelf.move(from: 2, to: 0, in: "Mix")
        try shelf.remove(positions: [1], from: "Mix")
        #expect(try stored.items(in: "Mix").map(\.title) == ["Song 2", "Song 1"])
        try shelf.rename("Mix", to: "Evening")
        try shelf.duplicate(.init(name: "Evening", file: nil), as: try shelf.copyName(of: "Evening", text: .app))
        #expect(try shelf.list().filter { !$0.isSmart }.map(\.name) == ["Evening", "Evening (copy)"])
        #expect(
            try shelf.entries(of: .init(name: "Evening (copy)", file: nil)).map(\.item.title) == ["Song 2", "Song 1"])
        let deleted = try shelf.delete("Evening")
        #expect(try stored.names() == ["Evening (copy)"])
        try shelf.restore(deleted)
        #expect(try stored.items(in: "Evening").map(\.title) == ["Song 2", "Song 1"])
    }

    @Test func smartPlaylistsAreListedMatchedRenamedCopiedAndDeletedWithTheirRulesBroughtBack() throws {
        let fixtures = try Fixtures()
        for (index, genre) in ["Jazz", "Pop", "Jazz"].enumerated() {
            try fixtures.tone("\(index).flac", seconds: 1, tags: ["title": "Song \(index)", "genre": genre])
        }
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let user = UserPlaylists(folder: fixtures.root + "/playlists")
        let smart = SmartPlaylists(folder: user.folder)
        let shelf = PlaylistShelf(store: .files(user: user, roots: [], library: library), smart: smart)
        try shelf.create("Road", items: [])
        let jazz = SmartRules(rules: [try SmartRule(parsing: "genre is jazz")], order: .title)

        // Made: listed with the built-in ones, before the ordinary playlists; its songs are the ones that match.
        try shelf.saveSmart("Cool", rules: jazz, replacing: nil)
        #expect(
            try shelf.list().map(\.name) == SmartPlaylist.allCases.map(\.rawValue) + ["Cool", "Road"])
        let cool = PlaylistShelf.Listed(name: "Cool", isSmart: true)
        #expect(!cool.isEditable && cool.isRenamable)
        #expect(try shelf.entries(of: cool).map(\.item.title) == ["Song 0", "Song 2"])
        // A name taken by either kind is refused, and nothing is written.
        #expect(throws: SmartPlaylistError.alreadyExists("Road")) {
            try shelf.saveSmart("Road", rules: jazz, replacing: nil)
        }
        #expect(throws: SmartPlaylistError.alreadyExists("Cool")) {
            try shelf.saveSmart("Cool", rules: SmartRules(), replacing: nil)
        }
        #expect(try smart.rules(of: "Cool") == jazz)

        // Edited under a new name: renamed and rewritten; then copied and deleted, and brought back as it was.
        let pop = SmartRules(rules: [try SmartRule(.genre, .is, written: "Pop")])
        try shelf.saveSmart("Warm", rules: pop, replacing: "Cool")
        #expect(!smart.contains("Cool"))
        #expect(try smart.rules(of: "Warm") == pop)
        #expect(try shelf.entries(of: .init(name: "Warm", isSmart: true)).map(\.item.title) == ["Song 1"])
        try shelf.duplicate(.init(name: "Warm", isSmart: true), as: try shelf.copyName(of: "Warm", text: .app))
        #expect(try smart.rules(of: "Warm (copy)") == pop)
        let deleted = try shelf.deleteSmart("Warm")
        #expect(!smart.contains("Warm"))
        try deleted.shelf.restore(deleted)
        #expect(try smart.rules(of: "Warm") == pop)

        // A built-in one keeps its name; edited, then deleted, it has its own rules; the undo brings the edit back.
        #expect(throws: SmartPlaylistError.builtIn("Top Rated")) { try shelf.renameSmart("Top Rated", to: "Best") }
        try shelf.saveSmart("Top Rated", rules: jazz, replacing: "Top Rated")
        let reset = try shelf.deleteSmart("Top Rated")
        #expect(smart.isBuiltInUnchanged("Top Rated"))
        try shelf.restore(reset)
        #expect(try smart.rules(of: "Top Rated") == jazz)
    }

    @Test func theControllerCountsSavesAndReadsSmartRulesAndHandsARefusalToTheEditor() throws {
        let harness = try ControllerHarness(songs: 2, seconds: 1, heard: false)
        let rules = SmartRules(order: .title)
        let counted = Locked<Int?>(nil)
        harness.controller.onMainActor { $0.countSmartSongs(rules) { count in counted.withLock { $0 = count } } }
        #expect(Fixtures.waitUntil(seconds: 10) { counted.withLock { $0 } == harness.items.count })

        let refusals = Locked<[String?]>([])
        let save: @MainActor (AppController) -> Void = { controller in
            controller.saveSmartPlaylist("Every Song", rules: rules, replacing: nil) { refusal in
                refusals.withLock { $0.append(refusal) }
            }
        }
        harness.controller.onMainActor(save)
        #expect(Fixtures.waitUntil(seconds: 10) { refusals.withLock { $0 } == [nil] })
        #expect(
            harness.waitFor {
                $0.playlistsChanged == 1
                    && $0.message?.text == "Made the smart playlist “Every Song”: it holds 2 songs now."
            })
        // The same name again: refused to the editor, no passing message and no change counted.
        harness.controller.onMainActor(save)
        #expect(
            Fixtures.waitUntil(seconds: 10) {
                refusals.withLock { $0 }.last == "A playlist named “Every Song” exists already."
            })
        harness.controller.settle()
        #expect(harness.state.playlistsChanged == 1)
        let read = Locked<SmartRules?>(nil)
        harness.controller.onMainActor { $0.readSmartRules(of: "Every Song") { found in read.withLock { $0 = found } } }
        #expect(Fixtures.waitUntil(seconds: 10) { read.withLock { $0 } == rules })
    }

    @Test func theControllerSaysEachChangeAndItsUndoBringsADeletedPlaylistBackOnce() throws {
        let harness = try ControllerHarness(songs: 2, seconds: 1, heard: false)
        let items = harness.items
        let user = UserPlaylists(folder: harness.fixtures.root + "/playlists")
        harness.controller.onMainActor { $0.changePlaylists(.create("Road", items: items)) }
        #expect(harness.waitFor { $0.playlistsChanged == 1 && $0.message?.text == "Playlist “Road” made." })
        harness.controller.onMainActor { $0.changePlaylists(.create("Road", items: items)) }
        #expect(
            harness.waitFor {
                $0.playlistsChanged == 2 && $0.message?.text == "A playlist named “Road” exists already."
            })
        let listed = Locked<[PlaylistShelf.Listed]?>(nil)
        harness.controller.onMainActor { $0.listPlaylists { names in listed.withLock { $0 = names } } }
        #expect(
            Fixtures.waitUntil(seconds: 10) {
                listed.withLock { $0 }?.filter { !$0.isSmart } == [.init(name: "Road", file: nil)]
            })
        let opened = Locked<[PlaylistShelf.Entry]?>(nil)
        harness.controller.onMainActor {
            $0.openPlaylist(.init(name: "Road", file: nil)) { entries in opened.withLock { $0 = entries } }
        }
        #expect(Fixtures.waitUntil(seconds: 10) { opened.withLock { $0 }?.map(\.item) == items })

        harness.controller.onMainActor { $0.changePlaylists(.delete(.init(name: "Road"))) }
        #expect(harness.waitFor { $0.message?.text == "Playlist “Road” deleted." && $0.message?.action != nil })
        #expect(!user.contains("Road"))
        let action = try #require(harness.state.message?.action?.action)
        harness.controller.onMainActor { $0.perform(action) }
        #expect(harness.waitFor { $0.message?.text == "Playlist “Road” is back." })
        #expect(try user.read("Road").entries.map(\.location) == items.map(\.path.description))
        // An undo runs once: deleted again, the same Undo brings nothing back.
        harness.controller.onMainActor { $0.changePlaylists(.delete(.init(name: "Road"))) }
        #expect(harness.waitFor { $0.message?.text == "Playlist “Road” deleted." })
        harness.controller.onMainActor { $0.perform(action) }
        harness.controller.settle()
        #expect(!user.contains("Road"))
    }
}
