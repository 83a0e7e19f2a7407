import Foundation
import MediaModel
import Testing

@testable import MediaControls

/// MPRIS's TrackList and Playlists on a private bus, asked with systemd's busctl and watched with dbus-monitor: the
/// queue as the player has it, AddTrack, RemoveTrack and GoTo doing what they say with one signal per change, and the
/// playlists listed and played, for the application player and for the music daemon.
@Suite(.serialized) struct MPRISTrackListTests {
    @Test func theApplicationPlayersQueueAndPlaylistsAreEditedAndPlayedFromTheBus() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        for (index, title) in ["First", "Second", "Third"].enumerated() {
            try fixtures.tone(
                "album/\(index + 1).flac", frequency: 300 + 100 * index, seconds: 30,
                tags: ["title": title, "artist": "Ann", "album": "Alpha", "track": "\(index + 1)"])
        }
        let fourth = try fixtures.tone("extra/4.flac", seconds: 30, tags: ["title": "Fourth", "album": "Beta"])
        let environment = bus.environment(fixtures.environment())
        _ = try Fixtures.run(Fixtures.addmusic, ["library", "scan", fixtures.music], environment: environment)
        let create = try Fixtures.run(
            Fixtures.addmusic, ["playlist", "create", "Mix", fixtures.music + "/album/3.flac", fourth],
            environment: environment)
        #expect(create.status == 0, "\(create.errorOutput)")
        let (app, _) = try bus.playAlbum("Alpha", of: fixtures)
        defer {
            if app.isRunning { kill(app.processIdentifier, SIGKILL) }
            app.waitUntilExit()
        }
        #expect(Fixtures.waitUntil(seconds: 15) { (try? bus.playerctl("metadata", "title")) == "First" })
        let client = BusClient(bus: bus)
        let monitor = try client.monitor(to: fixtures.root + "/signals.log")
        defer { monitor.stop() }

        let ids = try client.tracks()
        #expect(ids.count == 3)
        guard ids.count == 3 else { return }
        #expect(try client.property("CanEditTracks", of: "TrackList") as? Bool == true)
        #expect(try client.titles(of: [ids[2], ids[0]]) == ["Third", "First"])
        #expect(try bus.playerctl("metadata", "mpris:trackid").contains(ids[0]))

        // AddTrack after the first entry: the queue gains it there, with an id of its own; once.
        try client.call("TrackList", "AddTrack", "sob", URL(fileURLWithPath: fourth).absoluteString, ids[0], "false")
        #expect(Fixtures.waitUntil(seconds: 5) { ((try? client.tracks())?.count ?? 0) == 4 })
        let added = try client.tracks()
        #expect(added.count == 4 && added[0] == ids[0] && added[2...] == ids[1...])
        #expect(try client.titles(of: added) == ["First", "Fourth", "Second", "Third"])
        #expect(monitor.waitFor("TrackAdded", count: 1))

        // RemoveTrack: the entry goes, the others keep their ids.
        try client.call("TrackList", "RemoveTrack", "o", ids[1])
        #expect(Fixtures.waitUntil(seconds: 5) { (try? client.tracks()) == [ids[0], added[1], ids[2]] })
        #expect(monitor.waitFor("TrackRemoved", count: 1))

        // GoTo: that entry plays, and the list is the same list.
        try client.call("TrackList", "GoTo", "o", ids[2])
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "Third" })
        #expect(try bus.playerctl("metadata", "mpris:trackid").contains(ids[2]))
        #expect(try client.tracks() == [ids[0], added[1], ids[2]])
        // An id the queue does not hold has no effect, as MPRIS says.
        try client.call("TrackList", "RemoveTrack", "o", ids[1])
        try client.call("TrackList", "GoTo", "o", ids[1])
        #expect(try client.tracks() == [ids[0], added[1], ids[2]])
        #expect(try bus.playerctl("metadata", "title") == "Third")

        // Each change was signalled once, and nothing replaced the list.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(monitor.count("TrackAdded") == 1 && monitor.count("TrackRemoved") == 1, "\(monitor.text)")
        #expect(monitor.count("TrackListReplaced") == 0, "\(monitor.text)")

        // Playlists: the user's playlist among the smart ones, counted; activating it plays it.
        let playlists = try client.playlists()
        let count = try client.property("PlaylistCount", of: "Playlists") as? Int
        #expect(count == playlists.count && playlists.count >= 2, "\(playlists)")
        #expect(try client.property("Orderings", of: "Playlists") as? [String] == ["Alphabetical", "UserDefined"])
        let mix = try #require(playlists.first { $0.name == "Mix" }, "\(playlists)")
        try client.call("Playlists", "ActivatePlaylist", "o", mix.id)
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "Third" })
        #expect(Fixtures.waitUntil(seconds: 5) { (try? client.titles(of: client.tracks())) == ["Third", "Fourth"] })
        #expect(app.isRunning, "a playlist played from the bus is not the end of the music")
        let active = try client.property("ActivePlaylist", of: "Playlists") as? [Any]
        let activeFields = active?.last as? [Any]
        #expect(
            active?.first as? Bool == true && activeFields?.first as? String == mix.id, "\(String(describing: active))")
    }

    @Test func theDaemonsQueueAndStoredPlaylistsAreOnTheBus() throws {
        guard let bus = try SessionBus.start() else { return }
        let fixtures = try Fixtures()
        for (index, title) in ["One", "Two", "Three"].enumerated() {
            try fixtures.tone("\(index + 1).flac", seconds: 30, tags: ["title": title, "artist": "Daemon"])
        }
        guard let server = try MPDServer.start(music: fixtures.music) else { return }
        func daemon(_ command: String) -> String? {
            (try? server.mpc(command))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try server.mpc("update", "--wait")
        try server.mpc("add", "3.flac")
        try server.mpc("save", "Evening")
        try server.mpc("clear")
        try server.mpc("add", "1.flac")
        try server.mpc("add", "2.flac")
        var environment = bus.environment(fixtures.environment())
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(server.port)
        // With a sleep timer the command stays (publishing the controls) until the timer ends; it is stopped first.
        let app = try Fixtures.start(
            Fixtures.addmusic, ["play", "--player", "system", "--sleep", "60m"], environment: environment)
        defer {
            if app.isRunning { kill(app.processIdentifier, SIGKILL) }
            app.waitUntilExit()
        }
        #expect(Fixtures.waitUntil(seconds: 15) { (try? bus.playerctl("metadata", "title")) == "One" })
        let client = BusClient(bus: bus)
        let monitor = try client.monitor(to: fixtures.root + "/signals.log")
        defer { monitor.stop() }
        let ids = try client.tracks()
        #expect(try client.titles(of: ids) == ["One", "Two"])
        guard ids.count == 2 else { return }

        // Another client's addition reaches the bus as one TrackAdded; the ids already given stay.
        try server.mpc("add", "3.flac")
        #expect(Fixtures.waitUntil(seconds: 5) { ((try? client.tracks())?.count ?? 0) == 3 })
        let three = try client.tracks()
        #expect(Array(three.prefix(2)) == ids)
        #expect(monitor.waitFor("TrackAdded", count: 1))

        // The bus's edits reach the daemon.
        try client.call("TrackList", "RemoveTrack", "o", ids[0])
        #expect(Fixtures.waitUntil(seconds: 5) { daemon("playlist") == "Daemon - Two\nDaemon - Three" })
        try client.call("TrackList", "GoTo", "o", three[2])
        #expect(Fixtures.waitUntil(seconds: 5) { daemon("current") == "Daemon - Three" })
        try client.call(
            "TrackList", "AddTrack", "sob", URL(fileURLWithPath: fixtures.music + "/1.flac").absoluteString,
            MPRISService.noTrack, "false")
        #expect(
            Fixtures.waitUntil(seconds: 5) {
                daemon("playlist") == "Daemon - One\nDaemon - Two\nDaemon - Three"
            })
        #expect(
            Fixtures.waitUntil(seconds: 5) { (try? client.titles(of: client.tracks())) == ["One", "Two", "Three"] })

        // The daemon's stored playlist is listed and played.
        let evening = try #require(try client.playlists().first { $0.name == "Evening" })
        try client.call("Playlists", "ActivatePlaylist", "o", evening.id)
        #expect(Fixtures.waitUntil(seconds: 5) { daemon("playlist") == "Daemon - Three" })
        #expect(Fixtures.waitUntil(seconds: 5) { (try? bus.playerctl("metadata", "title")) == "Three" })
    }

    @Test func aNewQueueKeepsTheIdsOfTheSongsItKeepsAndSaysWhatChanged() {
        func item(_ id: Int64) -> MediaItem {
            MediaItem(id: id, path: .absolute("/m/\(id).flac"), title: "Song \(id)", duration: 60)
        }
        let old = (1...3).map { MPRISTrackList.Entry(id: "/t/\($0)", item: item(Int64($0))) }
        // One entry removed and one added: the removal first, then the addition by its index in the new list.
        let new = [old[0], MPRISTrackList.Entry(id: "/t/9", item: item(9)), old[2]]
        #expect(MPRISTrackList.changes(from: old, to: new) == [.removed("/t/2"), .added(1)])
        // Entries that stay but change places: one replacement.
        #expect(MPRISTrackList.changes(from: old, to: [old[1], old[0], old[2]]) == [.replaced])
        // The same entry with new tags.
        var retagged = old
        retagged[1] = MPRISTrackList.Entry(id: "/t/2", item: item(7))
        #expect(MPRISTrackList.changes(from: old, to: retagged) == [.changed(1)])
        // More changes than a client should be sent one by one: one replacement.
        let many = (10...(10 + MPRISTrackList.mostChanges)).map {
            MPRISTrackList.Entry(id: "/t/\($0)", item: item(Int64($0)))
        }
        #expect(MPRISTrackList.changes(from: old, to: old + many) == [.replaced])
    }
}
