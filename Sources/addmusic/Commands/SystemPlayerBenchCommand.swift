import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// `addmusic bench-system-player [RUNS]`, a measuring aid for `bench/system-player` (not in `--help`): against the
/// daemon at `MPD_HOST`/`MPD_PORT`, times the system player's pause and play round trips, an append of 1,000 items,
/// and how long a change made by another client (a second connection) takes to arrive as an event. Prints
/// `figure median_ms p99_ms` lines.
struct SystemPlayerBenchCommand {
    let arguments: Arguments

    func run() throws -> Int32 {
        let runs = Int(arguments.words.first ?? "") ?? 50
        let player = SystemMusicPlayer()
        let other = SystemMusicPlayer()
        defer {
            player.shutDown()
            other.shutDown()
        }
        guard player.isConnected, other.isConnected else {
            throw CommandError.failure("no music daemon answers at \(MPDAddress.configured())")
        }
        let songs = try player.database.search("")
        guard !songs.isEmpty else { throw CommandError.failure("the daemon's database is empty") }
        let thousand = (0..<1_000).map { songs[$0 % songs.count] }

        player.setQueue(MediaItemCollection(items: Array(songs.prefix(2))))
        player.play()
        var pause: [Double] = [], play: [Double] = []
        for _ in 0..<runs {
            // Commands return at once; the waiting read after each makes it a round trip.
            pause.append(
                Self.time {
                    player.pause()
                    _ = player.playbackState
                })
            play.append(
                Self.time {
                    player.play()
                    _ = player.playbackState
                })
        }
        var append: [Double] = []
        for _ in 0..<max(3, runs / 10) {
            player.setQueue(MediaItemCollection(items: Array(songs.prefix(1))))
            _ = player.playbackState
            append.append(
                Self.time {
                    player.append(MediaItemCollection(items: thousand))
                    _ = player.queue
                })
        }
        let change = Self.timeChanges(seenBy: player, madeBy: other, queue: thousand, runs: runs)
        player.stop()
        for (name, figures) in [
            ("pause_round_trip", pause), ("play_round_trip", play), ("append_1000", append),
            ("other_client_change_to_event", change),
        ] {
            let sorted = figures.sorted()
            let median = sorted[sorted.count / 2]
            let p99 = sorted[min(sorted.count - 1, Int(clamping: Double(sorted.count) * 0.99))]
            print(String(format: "%@ %.2f %.2f", name, median, p99))
        }
        return 0
    }

    /// Milliseconds from another client's skip to the event that tells `player` of it, `runs` times.
    private static func timeChanges(
        seenBy player: SystemMusicPlayer, madeBy other: SystemMusicPlayer, queue: [MediaItem], runs: Int
    ) -> [Double] {
        player.setQueue(MediaItemCollection(items: queue))
        player.play()
        let arrived = DispatchSemaphore(value: 0)
        player.observe(on: DispatchQueue(label: "bench.events")) { event, _ in
            if case .nowPlayingItemChanged = event { arrived.signal() }
        }
        var change: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now()
            other.skipToNextItem()
            guard arrived.wait(timeout: .now() + 5) == .success else { continue }
            change.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
        }
        return change
    }

    /// Milliseconds `body` takes.
    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now()
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }
}
