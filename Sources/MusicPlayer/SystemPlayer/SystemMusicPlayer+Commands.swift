import Dispatch
import Foundation
import MediaModel

/// The commands on the control queue: taken in order, coalesced while the daemon is away, sent on the command
/// connection.
extension SystemMusicPlayer {
    /// Any thread: adds `command` to the waiting ones and, unless a run is on its way (or the commands wait for the
    /// daemon's return), schedules one on `control`.
    func enqueue(_ command: SystemCommand) {
        let schedule = commands.lock.withLock {
            guard !commands.isShut else { return false }
            commands.pending.add(command)
            guard !commands.drainScheduled, !commands.waitingForDaemon else { return false }
            commands.drainScheduled = true
            return true
        }
        if schedule { control.async { [self] in drainCommands() } }
    }

    /// On `control`: the oldest waiting command, or nil (and no run scheduled any more) when there is none.
    func takeCommand() -> SystemCommand? {
        commands.lock.withLock {
            if let command = commands.pending.takeFirst() { return command }
            commands.drainScheduled = false
            return nil
        }
    }

    /// On `control`: carries out the waiting commands in order, reading the daemon's state after each and sending
    /// what changed. A refusal, or a reply that breaks the protocol, is told (`commandFailed`, the daemon's words) and
    /// the next command goes on. When the daemon does not answer (a deadline passed, the connection closed or
    /// refused), the player says so once (`audioServerUnavailable`); the command is kept if sending it again is safe
    /// (else told as failed) and the rest wait for a retry, after a pause that grows from 0.25 s to 2 s, or at once
    /// when the idle thread sees the daemon back.
    func drainCommands() {
        while let command = takeCommand() {
            guard !isShut else { continue }
            // How far it went: not sent (safe to send again), sent without an answer, or carried out.
            var progress = CommandProgress.unsent
            do {
                let connection = try commandConnection()
                progress = .sent
                try run(command, on: connection)
                progress = .done
                try refresh()
                daemonAnswersCommands()
            } catch let error as MPDError {
                switch error {
                case .ack, .malformed, .replyTooLarge, .unsendable:
                    emit(.commandFailed(message: String(describing: error)))
                    try? refresh()
                case .timeout, .disconnected, .unreachable:
                    dropConnection()
                    let repeatable = progress == .unsent || progress == .sent && command.isSafeToRepeat
                    if progress == .sent && !repeatable { emit(.commandFailed(message: String(describing: error))) }
                    waitForDaemon(keeping: repeatable ? command : nil)
                    return
                }
            } catch {
                emit(.commandFailed(message: String(describing: error)))
            }
        }
    }

    private enum CommandProgress { case unsent, sent, done }

    /// On `control`: a command went through; if the daemon had stopped answering, say it is back.
    func daemonAnswersCommands() {
        retryPause = Self.minimumRetryPause
        guard !available else { return }
        available = true
        emit(.audioServerAvailable)
    }

    /// On `control`: puts `command` back before the waiting ones, stops taking commands until the retry, and
    /// schedules it.
    func waitForDaemon(keeping command: SystemCommand?) {
        if available {
            available = false
            emit(.audioServerUnavailable)
        }
        commands.lock.withLock {
            if let command { commands.pending.putBack(command) }
            commands.waitingForDaemon = !commands.pending.isEmpty
            commands.drainScheduled = false
        }
        guard !retryScheduled, !isShut else { return }
        retryScheduled = true
        let pause = retryPause
        retryPause = min(retryPause * 2, Self.maximumRetryPause)
        control.asyncAfter(deadline: .now() + pause) { [weak self] in self?.retryCommands() }
    }

    /// On `control`: tries the waiting commands again; with none, asks the daemon whether it answers again, until
    /// it does (a daemon stopped and resumed may send the idle thread nothing).
    func retryCommands() {
        retryScheduled = false
        let (run, idle) = commands.lock.withLock {
            commands.waitingForDaemon = false
            guard !commands.drainScheduled, !commands.isShut else { return (false, false) }
            commands.drainScheduled = true
            return (true, commands.pending.isEmpty)
        }
        guard run else { return }
        if idle && !available {
            do {
                if connection == nil { _ = try commandConnection() } else { try refresh() }
                daemonAnswersCommands()
            } catch {
                dropConnection()
                waitForDaemon(keeping: nil)
                return
            }
        }
        drainCommands()
    }

    /// On `control`: the command connection; a new one reads the daemon's state first, so that a command is judged
    /// (play or resume, an index in range) against the daemon as it is now, not as it was before it went away.
    func commandConnection() throws -> MPDConnection {
        if let connection { return connection }
        let made = try connect()
        try refresh()
        return made
    }

    /// On `control`: sends `command`, judged against the daemon's state as last read.
    /// - Throws: `MPDError`: a refusal, or the connection's failure.
    func run(_ command: SystemCommand, on connection: MPDConnection) throws(MPDError) {
        switch command {
        case .play:
            switch daemon.state {
            case .playing: return
            case .paused, .interrupted: try connection.run("pause", ["0"])
            default:
                guard !daemon.queue.isEmpty else { return }
                try connection.run("play", stoppedFully ? ["0"] : [])
                stoppedFully = false
            }
        case .pause:
            guard daemon.state == .playing else { return }
            try connection.run("pause", ["1"])
        case .stop:
            stoppedFully = true
            guard daemon.state != .stopped else { return }
            try connection.run("stop")
        case .seek(let seconds):
            try connection.run("seekcur", [String(format: "%.3f", seconds)])
            seekAsked = true
        case .next:
            try connection.run("next")
            nextAsked = true
        case .previous: try connection.run("previous")
        case .skip(let index):
            guard daemon.queue.indices.contains(index) else { return }
            try connection.run("play", [String(index)])
            stoppedFully = false
        case .setQueue, .takeOver, .append, .insert, .remove, .move, .clear:
            try runQueueCommand(command, on: connection)
        case .volume(let level): try connection.run("setvol", [String(level)])
        case .shuffle(let on): try connection.run("random", [on ? "1" : "0"])
        case .repeatMode(let mode):
            try connection.runList([("repeat", [mode == .none ? "0" : "1"]), ("single", [mode == .one ? "1" : "0"])])
        case .replayGain(let source): try connection.run("replay_gain_mode", [source])
        case .crossfade(let seconds): try connection.run("crossfade", [String(seconds)])
        }
    }

    /// On `control`: sends a command that changes the queue.
    /// - Throws: `MPDError`: a refusal, or the connection's failure.
    private func runQueueCommand(_ command: SystemCommand, on connection: MPDConnection) throws(MPDError) {
        switch command {
        case .setQueue(let uris):
            stoppedFully = true
            try connection.runList([("clear", [])] + uris.map { ("add", [$0]) })
        case .takeOver(let uris, let handoff):
            stoppedFully = handoff.index == nil
            var list: [(String, [String])] = [("clear", [])] + uris.map { ("add", [$0]) }
            if let index = handoff.index {
                // One list: the daemon starts at the time (a seek from stopped plays), and pauses at once if asked.
                let seconds = handoff.position()
                list.append(
                    seconds > 0
                        ? ("seek", [String(index), String(format: "%.3f", seconds)]) : ("play", [String(index)]))
                if !handoff.playing { list.append(("pause", ["1"])) }
            }
            try connection.runList(list)
        case .append(let uris): try connection.runList(uris.map { ("add", [$0]) })
        case .insert(let uris, let index):
            let at = min(max(0, index), daemon.queue.count)
            try connection.runList(uris.enumerated().map { ("addid", [$1, String(at + $0)]) })
        case .remove(let index):
            guard daemon.queue.indices.contains(index) else { return }
            try connection.run("delete", [String(index)])
        case .move(let from, let to):
            guard daemon.queue.indices.contains(from), daemon.queue.indices.contains(to), from != to else { return }
            try connection.run("move", [String(from), String(to)])
        case .clear:
            stoppedFully = true
            try connection.run("clear")
        default: break
        }
    }

    /// On `control`: runs `body` with the command connection, connecting first if needed. Any failure but a
    /// refusal (`ACK`) leaves the connection out of step with its replies, so it is dropped.
    func withConnection<T>(_ body: (MPDConnection) throws -> T) throws -> T {
        guard !isShut else { throw MPDError.disconnected }
        let connection = try self.connection ?? connect()
        do {
            return try body(connection)
        } catch let error as MPDError {
            if case .ack = error {} else { dropConnection() }
            throw error
        }
    }

    @discardableResult
    func connect() throws -> MPDConnection {
        let made = try MPDConnection(address: address)
        let shut = commands.lock.withLock {
            if !commands.isShut { commands.connection = made }
            return commands.isShut
        }
        if shut { throw MPDError.disconnected }
        connection = made
        return made
    }

    func dropConnection() {
        connection = nil
        commands.lock.withLock { commands.connection = nil }
    }
}
