/// A command of the system player, asked on any thread and carried out later on the player's queue. Songs travel as
/// the daemon's URIs; indices and states are judged when the command runs, against the daemon's state read then.
enum SystemCommand: Sendable, Equatable {
    case play
    case pause
    case stop
    /// To `seconds` into the song playing (`skipToBeginning` is a seek to 0).
    case seek(Double)
    case next
    case previous
    case skip(toIndex: Int)
    case setQueue([String])
    /// The queue of `uris` (the handoff's items as the daemon names them), continued as `handoff` says (B-P7).
    case takeOver([String], PlayerHandoff)
    case append([String])
    case insert([String], at: Int)
    case remove(at: Int)
    /// The song at the first index to the second (the daemon's `move`).
    case move(from: Int, to: Int)
    /// Empties the queue (the daemon's `clear`).
    case clear
    /// The level, 0 to 100.
    case volume(Int)
    case shuffle(Bool)
    case repeatMode(RepeatMode)
    /// A `replay_gain_mode` source: off, track, album, auto.
    case replayGain(String)
    /// The daemon's crossfade, in whole seconds (0: none).
    case crossfade(Int)

    /// Whether running it twice leaves the daemon as running it once does, so that a command the daemon may or may
    /// not have received before the connection failed can be sent again. Play, pause and stop are judged against the
    /// state read afresh; the others set absolute values. Next, previous, append, insert, remove and move are not.
    var isSafeToRepeat: Bool {
        switch self {
        case .next, .previous, .append, .insert, .remove, .move: false
        default: true
        }
    }

    /// A setting (volume, shuffle, repeat, ReplayGain): independent of the queue and the transport.
    var isSetting: Bool {
        switch self {
        case .volume, .shuffle, .repeatMode, .replayGain, .crossfade: true
        default: false
        }
    }

    /// Whether `self` and `other` set the same setting.
    func setsSameSetting(as other: SystemCommand) -> Bool {
        switch (self, other) {
        case (.volume, .volume), (.shuffle, .shuffle), (.repeatMode, .repeatMode), (.replayGain, .replayGain),
            (.crossfade, .crossfade):
            true
        default: false
        }
    }
}
