import MediaModel

/// How much of one pass through a song was heard, for the play statistics (B-H1, B-H2): the seconds the position
/// advanced by playing on, summed over the stretches between seeks. A seek ends a stretch where the song was and
/// starts the next where it goes, so a seek forward counts nothing as heard and a seek back counts the part heard
/// again. Pauses count nothing (the position does not move). Kept on the player's control queue.
struct PlayTally {
    /// The song.
    let item: MediaItem
    /// What names this pass: the engine's token (its value) on the application player, the daemon's song id on the
    /// system player.
    var pass: Int
    /// The seconds heard in the stretches ended so far.
    private var heardBefore = 0.0
    /// Where the stretch playing now began.
    private var stretchStart: Double
    /// Whether this pass has counted as a play (it counts once).
    private(set) var counted = false

    /// A pass through `item`, named `pass`, starting at `time` seconds.
    init(item: MediaItem, pass: Int, at time: Double) {
        self.item = item
        self.pass = pass
        stretchStart = time
    }

    /// The position went from `position` to `target` other than by playing (a seek).
    mutating func jump(from position: Double, to target: Double) {
        heardBefore += max(0, position - stretchStart)
        stretchStart = target
    }

    /// The seconds heard, the stretch playing now heard up to `position`.
    func heard(upTo position: Double) -> Double { heardBefore + max(0, position - stretchStart) }

    /// Whether the pass counts as a play now that it was heard up to `position`: true once, when enough was heard
    /// (`PlayStatistics.playThreshold`).
    mutating func countsNow(heardUpTo position: Double) -> Bool {
        guard !counted, heard(upTo: position) >= PlayStatistics.playThreshold(duration: item.duration) else {
            return false
        }
        counted = true
        return true
    }
}
