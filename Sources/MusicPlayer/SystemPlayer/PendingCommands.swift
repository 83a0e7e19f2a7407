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
        case .volume, .shuffle, .repeatMode, .replayGain, .crossfade:
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
