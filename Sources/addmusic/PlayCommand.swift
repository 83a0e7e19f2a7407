import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary

/// `addmusic play [--album TEXT | --artist TEXT | --search TEXT | FILE…] [--output pulse|null|wav:PATH]`: a terminal
/// player with a one-line status and keys (space pause, n next, p previous, ←/→ seek 10 s, q quit). Not on a
/// terminal, it prints a line per song and ends when the music does.
struct PlayCommand {
    let arguments: Arguments
    let text = Localizer.app

    /// A song to play and how to show it.
    private struct Entry {
        var track: EngineTrack
        var title: String
        var artist: String?
        var duration: Double
    }

    func run() throws -> Int32 {
        let entries = try chooseEntries()
        guard !entries.isEmpty else {
            printError(text.string("play.nothing"))
            return 1
        }
        let output = try makeOutput()
        let state = PlayerState()
        let finished = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "addmusic.play")
        let isTerminal = isatty(STDOUT_FILENO) != 0
        let engine = try PlaybackEngine(output: output, events: queue) { event in
            switch event {
            case .itemStarted(let index):
                state.index = index
                if !isTerminal { print(line(for: entries[index])) }
            case .itemFailed(let index, let message):
                printError(
                    text.string("play.skipped", TerminalSafeText.make(entries[index].track.pathDescription), message))
            case .audioServerUnavailable:
                printError((isTerminal ? "\n" : "") + text.string("play.serverLost"))
            case .audioServerAvailable:
                printError((isTerminal ? "\n" : "") + text.string("play.serverBack"))
            case .deviceUnavailable:
                state.paused = true
                printError((isTerminal ? "\n" : "") + text.string("play.deviceUnavailable"))
            case .finished, .outputFailed:
                if case .outputFailed(let message) = event { printError(text.string("error.failed", message)) }
                finished.signal()
            }
        }
        engine.play(entries.map(\.track))
        let keys = TerminalKeys { key in
            queue.async {
                switch key {
                case .character(" "):
                    state.paused.toggle()
                    if state.paused { engine.pause() } else { engine.resume() }
                case .character("n"): if state.index + 1 < entries.count { engine.skip(to: state.index + 1) }
                case .character("p"):
                    let time = engine.position?.time ?? 0
                    engine.skip(to: time > 3 || state.index == 0 ? state.index : state.index - 1)
                case .left: engine.seek(to: max(0, (engine.position?.time ?? 0) - 10))
                case .right: engine.seek(to: (engine.position?.time ?? 0) + 10)
                case .character("q"): finished.signal()
                default: break
                }
            }
        }
        var status: DispatchSourceTimer?
        if isTerminal {
            print(text.string("play.keys"))
            let timer = DispatchSource.makeTimerSource(queue: queue)
            status = timer
            timer.schedule(deadline: .now(), repeating: 0.25)
            timer.setEventHandler {
                guard let position = engine.position, position.index < entries.count else { return }
                let entry = entries[position.index]
                let mark = state.paused ? "⏸" : "▶"
                let clock = "\(ProgressLine.clock(position.time)) / \(ProgressLine.clock(entry.duration))"
                FileHandle.standardOutput.write(Data("\r\u{1B}[K\(mark) \(line(for: entry))  \(clock)".utf8))
            }
            timer.resume()
        }
        finished.wait()
        status?.cancel()
        keys.restore()
        engine.shutDown()
        if isTerminal { print("") }
        return 0
    }

    private func line(for entry: Entry) -> String {
        let title = TerminalSafeText.make(entry.title)
        guard let artist = entry.artist else { return title }
        return text.string("play.titleByArtist", title, TerminalSafeText.make(artist))
    }

    /// The songs the arguments name: files given, else songs of the library by album, artist or search, else all.
    private func chooseEntries() throws -> [Entry] {
        if !arguments.words.isEmpty {
            return arguments.words.map { word in
                let path = LibraryPath.absolute(word)
                return Entry(
                    track: EngineTrack(path: path.bytes, fileExtension: path.pathExtension), title: path.stem,
                    artist: nil,
                    duration: 0)
            }
        }
        let library = try MusicLibrary()
        var songs: [MediaItem]
        if let album = arguments.value("album") {
            songs = try library.search(album, limit: 10_000).filter { TextMatch.contains($0.album, album) }
            songs.sort {
                ($0.album ?? "", $0.discNumber ?? 1, $0.trackNumber ?? 0) < (
                    $1.album ?? "", $1.discNumber ?? 1, $1.trackNumber ?? 0
                )
            }
        } else if let artist = arguments.value("artist") {
            songs = try library.search(artist, limit: 10_000).filter {
                TextMatch.contains($0.artist, artist) || TextMatch.contains($0.albumArtist, artist)
            }
        } else if let query = arguments.value("search") {
            songs = try library.search(query, limit: 10_000)
        } else {
            songs = try library.songs(limit: 100_000)
        }
        return songs.map {
            Entry(
                track: EngineTrack(path: $0.path.bytes, fileExtension: $0.path.pathExtension), title: $0.title,
                artist: $0.artist, duration: $0.duration)
        }
    }

    /// The output `--output` names; when no audio server answers, says so and plays on a clocked null output.
    private func makeOutput() throws -> AudioOutput {
        let choice = arguments.value("output") ?? "pulse"
        if choice == "null" { return NullOutput(clocked: true) }
        if choice == "null:fast" { return NullOutput(clocked: false) }  // as fast as decoding goes (bench/playback)
        if choice.hasPrefix("wav:") {
            return WAVFileOutput(path: LibraryPath.absolute(String(choice.dropFirst(4))).description)
        }
        guard choice == "pulse" else {
            throw CommandError.failure(text.string("play.badOutput", TerminalSafeText.make(choice)))
        }
        let pulse = PulseOutput()
        do {
            try pulse.open(PCMFormat())
            return pulse
        } catch {
            printError(text.string("play.noServer", String(describing: error)))
            return NullOutput(clocked: true)
        }
    }
}

/// The player's state as the command's queue sees it.
private final class PlayerState: @unchecked Sendable {
    var index = 0
    var paused = false
}

/// Case- and diacritics-insensitive "contains", for choosing an album or an artist by name.
enum TextMatch {
    static func contains(_ text: String?, _ part: String) -> Bool {
        guard let text else { return false }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return text.range(of: part, options: options) != nil
    }
}

extension EngineTrack {
    /// The path for display (invalid UTF-8 repaired).
    var pathDescription: String { String(decoding: path, as: UTF8.self) }
}
