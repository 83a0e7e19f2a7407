import AddMusicCore
import AudioEngine
import Foundation
import MediaModel
import MusicPlayer

/// `addmusic play` running: the app controller's terminal front. On a terminal, a one-line status and keys (space
/// play/pause, s stop, n next, p previous, ←/→ seek 10 s, q quit); otherwise a line per song and per stream title.
/// Problems go to standard error, in the terminal's words.
///
/// Threads: the main thread runs the main queue until the end (`run`). The keys are read on their own thread and hop
/// to the main thread as the controller's intents; the controller's notices and the desktop's Quit come through the
/// main queue. What goes to the terminal is written on "addmusic.play.output", and the status line is a timer there
/// reading the player's snapshot: a terminal that takes nothing (a pseudo-terminal nobody reads, output held by
/// another program; the keys turn flow control off, so Ctrl+S does not) holds that queue, never the main thread, so q
/// still ends the run. Nothing here waits for the player, and it is shut down off the main thread.
@MainActor
final class TerminalPlayer {
    private let controller: AppController
    private let text: Localizer
    private let isTerminal = isatty(STDOUT_FILENO) != 0
    /// Whether the music's end (not a stop asked for with s) ends the run: the application player's; the music
    /// daemon plays on for others, so its run ends only with q or the desktop's Quit.
    private let endsWithTheMusic: Bool
    private var keys: TerminalKeys?
    /// Where everything is written to the terminal, in order.
    private let output = DispatchQueue(label: "addmusic.play.output")
    private var status: DispatchSourceTimer?
    private var isEnding = false
    private var isFinished = false
    /// Whether what was handed to the output queue before the end has been written.
    private var isWrittenOut = false

    init(controller: AppController, text: Localizer, endsWithTheMusic: Bool) {
        self.controller = controller
        self.text = text
        self.endsWithTheMusic = endsWithTheMusic
        controller.observeNotices(on: .main) { [weak self] notice in
            MainActor.assumeIsolated { self?.tell(notice) }
        }
    }

    /// Takes the keys, shows the status line (on a terminal) and runs the main queue until q, the music's end or
    /// `end()`; then `shutDown` runs off the main thread, and the plays and skips heard are recorded, waiting
    /// `recordingPatience` seconds at most (a hung disk, daemon or device never holds the end).
    func run(shutDown: @escaping @Sendable () -> Void) {
        keys = TerminalKeys { key in
            DispatchQueue.main.async { MainActor.assumeIsolated { self.take(key) } }
        }
        if isTerminal {
            write(text.string("play.keys") + "\n")
            status = statusLine()
        }
        _ = MainQueue.run { self.isEnding }
        status?.cancel()
        keys?.restore()
        if isTerminal { write("\n") }
        // The player's last events, then the statistics they asked for, once it is shut down.
        DispatchQueue.global().async { [controller] in
            shutDown()
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    controller.afterPendingWork { MainActor.assumeIsolated { self.isFinished = true } }
                }
            }
        }
        if !MainQueue.run(until: { self.isFinished }, deadline: Date(timeIntervalSinceNow: Self.recordingPatience)) {
            write(text.string("play.notRecorded") + "\n", toError: true)
        }
        // The listens heard go out now, for a few seconds at most; what the server does not take meanwhile waits on
        // disk for the next run (B-H11).
        let sent = MainFlag()
        controller.scrobbler.sendWaiting { _, _, _ in sent.raise() }
        _ = MainQueue.run(until: { sent.isRaised }, deadline: Date(timeIntervalSinceNow: Self.sendingPatience))
        // What is still to be written, for a second at most (a terminal that takes nothing never holds the end).
        output.async { DispatchQueue.main.async { MainActor.assumeIsolated { self.isWrittenOut = true } } }
        _ = MainQueue.run(until: { self.isWrittenOut }, deadline: Date(timeIntervalSinceNow: 1))
    }

    /// Writes `text` to standard output (or error) on the output queue, unbuffered.
    private func write(_ text: String, toError: Bool = false) {
        output.async { (toError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8)) }
    }

    /// Ends the run (q, the desktop's Quit). Main thread.
    func end() { isEnding = true }

    /// How long the end waits for the player to shut down and the last plays and skips to be recorded: the index's
    /// write lock (10 s) and a little more.
    static let recordingPatience = 12.0
    /// How long the end waits for the listens to be delivered.
    static let sendingPatience = 5.0

    private func take(_ key: TerminalKeys.Key) {
        switch key {
        case .character("q"): end()
        case .character(" "): controller.togglePlayPause()
        case .character("s"): controller.stop()
        case .character("n"): controller.skipToNext()
        case .character("p"): controller.previousOrRestart()
        case .left: controller.seek(by: -10)
        case .right: controller.seek(by: 10)
        default: break
        }
    }

    /// Puts a notice in the terminal's words: what plays on standard output when it is not a terminal (the status
    /// line shows it otherwise), problems on standard error; the music's end ends the run.
    private func tell(_ notice: MusicNotice) {
        let newline = isTerminal ? "\n" : ""
        let system = controller.playerKind == .system
        switch notice {
        case .started(let item):
            if !isTerminal { write(Self.line(for: item, text: text) + "\n") }
        case .streamTitle(let title):
            if !isTerminal {
                write(text.string("play.streamTitle", TerminalSafeText.make(title)) + "\n")
            }
        case .skipped(let item, let reason):
            problem(newline + text.string("play.skipped", TerminalSafeText.make(item.path.description), reason))
        case .streamReconnecting(let item, let attempt, let reason):
            problem(
                newline
                    + text.string(
                        "play.streamReconnecting", TerminalSafeText.make(item.path.description),
                        TerminalSafeText.make(reason), String(attempt), String(PlaybackEngine.streamRetries)))
        case .deviceLost: problem(newline + text.string("play.deviceUnavailable"))
        case .serverLost: problem(newline + text.string(system ? "message.daemonLost" : "play.serverLost"))
        case .serverBack: problem(newline + text.string(system ? "message.daemonBack" : "play.serverBack"))
        case .interrupted: problem(newline + text.string("play.interrupted"))
        case .stateNotSaved(let said): problem(newline + said)
        case .commandFailed(let message):
            problem(newline + text.string("message.daemonFailed", TerminalSafeText.make(message)))
        case .ended:
            if endsWithTheMusic { end() }  // the queue ended, the output failed, or the desktop's Stop
        case .sleepEnded:
            write(newline + text.string("play.sleepEnded") + "\n")
            // The run ends once the player has carried out the pause and the volume put back (shutting it down
            // first would drop them).
            controller.afterPlayerSettles {
                DispatchQueue.main.async { MainActor.assumeIsolated { self.end() } }
            }
        }
    }

    /// A problem, on standard error, on a line of its own.
    private func problem(_ line: String) { write(line + "\n", toError: true) }

    /// A timer on the output queue that redraws the status line from the player's snapshot (which never waits).
    private func statusLine() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: output)
        timer.schedule(deadline: .now(), repeating: 0.25)
        timer.setEventHandler { [controller, text] in
            let snapshot = controller.playerSnapshot
            guard let item = snapshot.nowPlayingItem else {
                FileHandle.standardOutput.write(Data("\r\u{1B}[K■".utf8))
                return
            }
            var clock = "\(ClockText.of(snapshot.playbackTime())) / \(ClockText.of(item.duration))"
            var line = Self.line(for: item, text: text)
            if item.streamURL != nil {
                // A stream: its own title as it changes (untrusted, shown as text), and no length.
                clock = ClockText.of(snapshot.playbackTime())
                if let title = snapshot.streamTitle { line = TerminalSafeText.make(title) + " — " + line }
            }
            let mark = snapshot.state == .playing ? "▶" : "⏸"
            FileHandle.standardOutput.write(Data("\r\u{1B}[K\(mark) \(line)  \(clock)".utf8))
        }
        timer.resume()
        return timer
    }

    /// "TITLE — ARTIST" as the terminal shows it (tags as text: controls shown as symbols).
    nonisolated static func line(for item: MediaItem, text: Localizer) -> String {
        let title = TerminalSafeText.make(item.title)
        guard let artist = item.artist else { return title }
        return text.string("play.titleByArtist", title, TerminalSafeText.make(artist))
    }
}
