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
    fileprivate var isSetting: Bool {
        switch self {
        case .volume, .shuffle, .repeatMode, .replayGain: true
        default: false
        }
    }

    /// Whether `self` and `other` set the same setting.
    fileprivate func setsSameSetting(as other: SystemCommand) -> Bool {
        switch (self, other) {
        case (.volume, .volume), (.shuffle, .shuffle), (.repeatMode, .repeatMode), (.replayGain, .replayGain): true
        default: false
        }
    }
}

/// The system player's commands that wait for their turn, coalesced so that the last intent wins and the list stays
/// short however long the daemon keeps them waiting (a daemon stopped with SIGSTOP answers nothing):
///
/// - play replaces the plays and pauses waiting right before it (pause then play is play);
/// - pause replaces a pause waiting right before it, and follows a play (play then pause, from stopped, is paused at
///   the start, which pause alone is not); so play, pause, play, pause waits as play, pause;
/// - stop replaces the plays, pauses and stops waiting right before it (the next play then starts the queue afresh);
/// - a seek replaces a seek waiting right before it;
/// - a setting (volume, shuffle, repeat, ReplayGain) replaces a waiting one of its kind, wherever it waits;
/// - a new queue (`setQueue`, or a handoff's) or an empty one (`clear`) replaces every waiting command but the
///   settings, as it replaces their outcome;
/// - past `limit` commands, the oldest that is not a setting goes.
///
/// Next, previous, skips to an index and queue edits are kept, in order. Not thread-safe: the player holds it behind
/// a lock.
struct PendingCommands: Equatable {
    /// The most commands kept.
    static let limit = 64

    private(set) var commands: [SystemCommand] = []

    var isEmpty: Bool { commands.isEmpty }

    /// Adds `command` after the others, coalescing as described above.
    mutating func add(_ command: SystemCommand) {
        switch command {
        case .setQueue, .clear, .takeOver:
            commands.removeAll { !$0.isSetting }
        case .volume, .shuffle, .repeatMode, .replayGain:
            commands.removeAll { $0.setsSameSetting(as: command) }
        case .stop:
            while let last = commands.last, last == .play || last == .pause || last == .stop { commands.removeLast() }
        case .play:
            while let last = commands.last, last == .play || last == .pause { commands.removeLast() }
        case .pause:
            if commands.last == .pause { commands.removeLast() }
        case .seek:
            if case .seek? = commands.last { commands.removeLast() }
        default:
            break
        }
        commands.append(command)
        if commands.count > Self.limit, let oldest = commands.firstIndex(where: { !$0.isSetting }) {
            commands.remove(at: oldest)
        }
    }

    /// Puts back `command`, taken first but not carried out (the daemon did not answer), before the others: as if it
    /// had just been asked before them, so a later command that replaces it still does.
    mutating func putBack(_ command: SystemCommand) {
        var rebuilt = PendingCommands()
        rebuilt.add(command)
        for later in commands { rebuilt.add(later) }
        self = rebuilt
    }

    /// Takes the oldest command.
    mutating func takeFirst() -> SystemCommand? {
        commands.isEmpty ? nil : commands.removeFirst()
    }

    /// Forgets every command.
    mutating func removeAll() { commands.removeAll() }
}
