import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer
import Testing

/// The app controller over real parts: a library of generated songs, the application player, an audio session and
/// the app sound on a private PulseAudio server (or a clocked null output where no sound needs hearing).
final class ControllerHarness: @unchecked Sendable {  // set up in init; `logs` and `states` locked
    let fixtures: Fixtures
    let pulse: PulseServer?
    let library: MusicLibrary
    let items: [MediaItem]
    /// The player, once every intent asked so far has been carried out (intents return at once; a read of the
    /// controller's state waits for them, being on the same queue).
    var player: ApplicationMusicPlayer {
        controller.settle()
        return appPlayer
    }
    private let appPlayer: ApplicationMusicPlayer
    let session: AudioSession
    let controller: AppController
    let logs = Locked([String]())
    let states = Locked([MainScreenState]())
    /// The module of each extra sink, by sink name.
    private(set) var sinkModules: [String: String] = [:]

    /// `songs` songs of `seconds` each (the first with embedded artwork when `artwork`), on the real server when
    /// `heard`; the app sound is the bundled one unless `soundSeconds` asks for a 1 kHz tone of that length.
    init(
        songs: Int = 3, seconds: Double = 3, artwork: Bool = false, heard: Bool = true, soundSeconds: Double? = nil,
        soundDevice: String? = nil, extraSinks: [String] = [], environment: [String: String] = [:],
        statePath: String? = nil,
        fixtures existing: Fixtures? = nil, beforeStart: (ApplicationMusicPlayer) throws -> Void = { _ in }
    ) throws {
        fixtures = try existing ?? Fixtures()
        pulse = heard ? try PulseServer.start() : nil
        if let pulse {
            for sink in extraSinks {
                let loaded = try Fixtures.run(
                    "/usr/bin/pactl",
                    ["--server=\(pulse.server)", "load-module", "module-null-sink", "sink_name=\(sink)"])
                sinkModules[sink] = loaded.output.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        if existing == nil {
            let picture = artwork ? try fixtures.picture(fixtures.root + "/cover.png") : nil
            for index in 0..<songs {
                try fixtures.tone(
                    "\(index).flac", frequency: 440, seconds: seconds,
                    tags: ["title": "Song \(index)", "artist": "Artist", "album": "Album", "track": "\(index + 1)"],
                    picture: index == 0 ? picture : nil, extraArguments: ["-ac", "2"])
            }
        }
        library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        items = try library.songs()
        let server = pulse?.server ?? "unix:/nonexistent/addmusic-no-server"
        session = AudioSession(server: server, events: DispatchQueue(label: "test.session"))
        let output: AudioOutput = heard ? session.makeOutput(role: "music") : NullOutput(clocked: true)
        appPlayer = try ApplicationMusicPlayer(output: output, statePath: statePath)
        try beforeStart(appPlayer)
        var soundPath: String?
        if let soundSeconds {
            soundPath = fixtures.root + "/sound.flac"
            _ = try Fixtures.run(
                "/usr/bin/ffmpeg",
                [
                    "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=1000:duration=\(soundSeconds)",
                    "-ac", "2", soundPath!,
                ])
        }
        let session = self.session
        let soundOutput: AudioOutput? =
            heard ? soundDevice.map { session.makeOutput(device: $0) } : NullOutput(clocked: true)
        var fullEnvironment = fixtures.environment()
        fullEnvironment["NO_COLOR"] = nil  // set in some terminals and CI runners; only a test that asks has it
        fullEnvironment.merge(environment) { $1 }
        let preferences = try Preferences(
            configPath: fixtures.root + "/config-home/addmusic/config", environment: fullEnvironment)
        controller = AppController(
            player: appPlayer, session: session, library: library,
            playlists: UserPlaylists(folder: fixtures.root + "/playlists"), preferences: preferences,
            text: Localizer(bundle: Localizer.resourceBundle, environment: fullEnvironment),
            animation: BackgroundAnimation(interval: 0.2, blend: 0.1), soundOutput: soundOutput, soundPath: soundPath)
        let logs = self.logs
        controller.observeLog { line in logs.withLock { $0.append(line) } }
        controller.onMainActor { $0.start() }
        // Launching goes on on the controller's queue (the session's connection, the app sound): the tests begin
        // once it is done.
        controller.settle()
        let states = self.states
        controller.onMainActor {
            $0.observe(on: DispatchQueue(label: "test.states")) { state in states.withLock { $0.append(state) } }
        }
    }

    deinit { withExtendedLifetime(fixtures) {} }

    var state: MainScreenState { controller.settledState }

    /// Waits (up to `seconds`) until the controller's state satisfies `condition`.
    func waitFor(seconds: Double = 10, _ condition: (MainScreenState) -> Bool) -> Bool {
        Fixtures.waitUntil(seconds: seconds) { condition(controller.stateNow) }
    }

    /// Whether a logged line contains `text`.
    func logged(_ text: String) -> Bool { logs.withLock { $0.contains { $0.contains(text) } } }

    /// Runs `pactl` against the private server.
    @discardableResult
    func pactl(_ arguments: String...) throws -> String {
        let pulse = try #require(pulse)
        let result = try Fixtures.run("/usr/bin/pactl", ["--server=\(pulse.server)"] + arguments)
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
