import Foundation
import MediaModel

/// Counting plays and skips on the music daemon (B-H7): this process follows the daemon's song and elapsed time
/// (read on each change the idle thread reports, and estimated in between) and counts what is heard while it runs.
extension SystemMusicPlayer {
    /// On `control`: follows the daemon from `previous` to `next`; returns the events of the song left (a play or a
    /// skip) and of the song playing if it counts now.
    func followTally(from previous: DaemonState, to next: DaemonState) -> [MusicPlayerEvent] {
        var events: [MusicPlayerEvent] = []
        let sought = seekAsked
        seekAsked = false
        let ran = previous.state == .playing ? max(0, next.readAt.timeIntervalSince(previous.readAt)) : 0
        // Where playing on would have brought the song of `previous` (no further than its end).
        var reached = previous.elapsed + ran
        if let duration = tally?.item.duration, duration > 0 { reached = min(reached, duration) }
        if let songID = next.songID, songID == tally?.pass, next.state != .stopped {
            // The same song: our own seek, or an elapsed time that is not where playing on brings it (another
            // client's seek), is a jump, and what lies between was not heard.
            if sought || abs(next.elapsed - (previous.elapsed + ran)) > 1 {
                tally?.jump(from: reached, to: next.elapsed)
            }
            if tally?.countsNow(heardUpTo: next.elapsed) == true, let item = tally?.item {
                events.append(.playCounted(item))
            }
            return events
        }
        // The song was left (another song, or stopped): heard up to where it had reached.
        if var ending = tally {
            if ending.countsNow(heardUpTo: reached) {
                events.append(.playCounted(ending.item))
            } else if nextAsked && !ending.counted {
                events.append(.skipCounted(ending.item))
            }
        }
        nextAsked = false
        tally = nil
        if let songID = next.songID, next.state != .stopped, let item = Self.nowPlaying(in: next) {
            tally = PlayTally(item: item, pass: songID, at: next.elapsed)
        }
        return events
    }

    /// On `control`, every second: counts the play of the song playing once its estimated elapsed time says it
    /// was heard enough.
    func checkTally() {
        guard daemon.state == .playing, tally != nil else { return }
        let elapsed = daemon.elapsed + max(0, Date().timeIntervalSince(daemon.readAt))
        if tally?.countsNow(heardUpTo: elapsed) == true, let item = tally?.item {
            emit(.playCounted(item))
        }
    }
}
