import Foundation
import Testing

/// The music daemon's stored playlists through `addmusic … --player system`, on a real MPD: made from its songs,
/// edited, listed, played, saved from its queue, renamed and deleted; what the daemon refuses is said in plain words.
@Suite(.serialized) struct DaemonPlaylistsTests {
    @Test func theDaemonsStoredPlaylistsAreMadeEditedListedPlayedAndDeleted() throws {
        let fixtures = try Fixtures()
        for (file, title) in [("a.flac", "Alpha"), ("b.flac", "Bravo"), ("c.flac", "Charlie")] {
            try fixtures.tone(file, seconds: 30, tags: ["title": title, "artist": "Band"])
        }
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        _ = try mpd.mpc("update", "--wait")
        var environment = fixtures.environment()
        environment["MPD_HOST"] = "127.0.0.1"
        environment["MPD_PORT"] = String(mpd.port)
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        func addmusic(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
            let result = try Fixtures.run(
                Fixtures.addmusic, arguments + ["--player", "system"], environment: environment)
            return (result.status, result.output, result.errorOutput)
        }
        func entries(_ name: String) throws -> [String] {
            let listed = try addmusic("library", "playlist", name, "--json")
            let records = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]] ?? []
            return records.compactMap { $0["uri"] as? String }
        }

        #expect(try addmusic("playlist", "create", "Mix", "a.flac", "b.flac").status == 0)
        #expect(try addmusic("playlist", "add", "Mix", "--search", "Charlie").status == 0)
        #expect(try entries("Mix") == ["a.flac", "b.flac", "c.flac"])
        #expect(try addmusic("playlist", "move", "Mix", "3", "1").status == 0)
        #expect(try entries("Mix") == ["c.flac", "a.flac", "b.flac"])
        #expect(try addmusic("playlist", "remove", "Mix", "2").status == 0)
        #expect(try entries("Mix") == ["c.flac", "b.flac"])
        // Made again under the same name: refused, nothing changed.
        let again = try addmusic("playlist", "create", "Mix", "a.flac")
        #expect(again.status != 0 && again.error.contains("Mix"), "\(again)")
        #expect(try entries("Mix") == ["c.flac", "b.flac"])
        #expect(try addmusic("playlist", "rename", "Mix", "Road Trip").status == 0)
        let listed = try addmusic("library", "playlists")
        #expect(listed.output.contains("Road Trip · 2 "), "\(listed.output)")
        #expect(try mpd.mpc("lsplaylists").split(separator: "\n") == ["Road Trip"])

        // Played: the daemon's queue is the playlist's songs, in order.
        #expect(try addmusic("play", "--playlist", "Road Trip").status == 0)
        #expect(try mpd.mpc("playlist", "-f", "%file%").split(separator: "\n") == ["c.flac", "b.flac"])
        // The queue saved as a playlist of the daemon's.
        #expect(try addmusic("playlist", "save-queue", "Saved").status == 0)
        #expect(try entries("Saved") == ["c.flac", "b.flac"])

        // What the daemon refuses, and what only the user's own playlists do: said in plain words.
        let missing = try addmusic("playlist", "delete", "Nowhere")
        #expect(
            missing.status != 0 && missing.error.hasPrefix("The music daemon refused: No such playlist"), "\(missing)")
        let export = try addmusic("playlist", "export", "Saved", fixtures.root + "/out.m3u8")
        #expect(export.status != 0 && export.error.contains("--player system"), "\(export)")
        #expect(try addmusic("playlist", "delete", "Road Trip").status == 0)
        #expect(try mpd.mpc("lsplaylists").split(separator: "\n") == ["Saved"])
    }
}
