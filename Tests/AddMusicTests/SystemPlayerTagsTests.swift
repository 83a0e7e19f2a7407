import Foundation
import MediaModel
import MusicPlayer
import Testing

/// The system player's songs carry the composer, sort names and MusicBrainz ids the daemon's database holds.
@Suite struct SystemPlayerTagsTests {
    @Test func theDaemonsSongsCarryComposerSortNamesAndMusicBrainzIDs() throws {
        let fixtures = try Fixtures()
        try fixtures.tone(
            "A/1.flac",
            tags: [
                "title": "Prelude", "artist": "The Pianist", "album": "Preludes", "composer": "Chopin",
                "ARTISTSORT": "Pianist, The", "ALBUMSORT": "Preludes, The",
                "MUSICBRAINZ_TRACKID": "d9e1c3a0-0000-4000-8000-000000000001",
                "MUSICBRAINZ_ALBUMID": "d9e1c3a0-0000-4000-8000-000000000002",
            ])
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let song = try #require(try player.database.search("Prelude").first)
        #expect(song.composer == "Chopin")
        #expect(song.sortNames.artist == "Pianist, The")
        #expect(song.sortNames.album == "Preludes, The")
        #expect(song.musicBrainzIDs.track == "d9e1c3a0-0000-4000-8000-000000000001")
        #expect(song.musicBrainzIDs.album == "d9e1c3a0-0000-4000-8000-000000000002")
    }
}
