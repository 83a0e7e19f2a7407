import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// A queue far longer than one command list may be (the daemon closes the connection on a list over 2 MiB), on a
/// real MPD: it arrives complete and in order.
@Suite struct SystemMusicPlayerLongQueueTests {
    @Test func twentyThousandSongsReachTheDaemonCompleteAndInOrder() throws {
        let fixtures = try Fixtures()
        // Five short songs in deep folders with long names: 20,000 adds make ~3.8 MB of commands.
        let folder = (1...4).map { "\($0) " + String(repeating: "a long folder name ", count: 2) }.joined(
            separator: "/")
        var uris: [String] = []
        for index in 0..<5 {
            let uri = folder + "/song number \(index) with a rather long file name of its own.flac"
            try fixtures.tone(uri, frequency: 300 + 100 * index, seconds: 0.2)
            uris.append(uri)
        }
        guard let mpd = try MPDServer.start(music: fixtures.music) else { return }
        let player = SystemMusicPlayer(address: mpd.address)
        defer { player.shutDown() }
        let queue = (0..<20_000).map { uris[$0 % uris.count] }
        #expect(queue.reduce(0) { $0 + $1.utf8.count + 8 } > 3 << 20)
        try player.replaceQueue(
            with: MediaItemCollection(items: queue.map { MediaItem(id: 0, path: LibraryPath($0), title: "") }))
        let listed = try mpd.mpc("-f", "%file%", "playlist").split(separator: "\n").map(String.init)
        #expect(listed.count == 20_000)
        #expect(listed == queue)
        #expect(player.queue.map(\.path.description) == queue)
    }
}
