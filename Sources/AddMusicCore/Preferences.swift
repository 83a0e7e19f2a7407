import AudioEngine
import Foundation
import MediaLibrary
import MediaModel
import MusicPlayer

/// The user's choices that outlive a run: which player plays the music (B-L2) and whether the background colour
/// animation runs (B-L6), how ReplayGain sets each song's level, and which format the music stream takes. Read from
/// the config file (`player = app|system`, `background-animation = on|off`, `replay-gain = off|track|album`,
/// `replay-gain-preamp = DB`, `output-format = native|fixed`, `open-files = queue|play`, `keep-playing = on|off`, `notifications = on|off`,
/// `ratings-in-files = on|off`,
/// `equalizer = off|PRESET`, `equalizer-preset = NAME | PREAMP | GAINS`, `crossfade = SECONDS`), a
/// `--player` flag
/// overriding the file; the animation is off under `NO_COLOR`. Written back by `save()`.
public struct Preferences: Sendable, Equatable {
    /// Which player plays the music.
    public enum PlayerKind: String, Sendable, CaseIterable {
        /// This process's own player (the default).
        case application = "app"
        /// The machine's shared music daemon (MPD).
        case system
    }

    /// The player to use (the application player unless chosen otherwise).
    public var playerKind: PlayerKind
    /// Whether the background colour animation runs.
    public var backgroundAnimation: Bool
    /// How ReplayGain tags set each song's level; nil when never chosen (the application player leaves levels as
    /// they are, and the music daemon keeps its own mode).
    public var replayGain: ReplayGainMode?
    /// Which format the application player's stream takes: each song's own (the default), or 16-bit stereo at
    /// 44.1 kHz.
    public var outputFormat: OutputFormatChoice
    /// What opened files do while music plays: go after the queue (the default) or play at once.
    public var openAction: OpenAction
    /// Whether closing the window while music plays leaves it playing, the window hidden (on by default).
    public var keepPlaying: Bool
    /// Whether the window tells the desktop of each new song while it is not in front (on by default).
    public var notifications: Bool
    /// Whether a rating the user gives is also written into the song's file (off by default: ratings stay in the
    /// index, or the daemon's stickers).
    public var ratingsInFiles: Bool
    /// The equalizer the application player plays through (off by default).
    public var equalizer: EqualizerChoice
    /// The user's own equalizer presets, in the order made.
    public var equalizerPresets: [EqualizerPreset]
    /// Seconds over which one song fades into the next, 0–12 (0: none); nil when never chosen (the application
    /// player does not fade, and the music daemon keeps its own).
    public var crossfade: Double?
    /// Where the choices are saved.
    public let configPath: String
    /// The choices as read, so that `save()` writes only what changed since (a `--player` flag or `NO_COLOR` is
    /// never written into the file, and a preamp written `3.0` stays `3.0`).
    private var loaded:
        (
            playerKind: PlayerKind, backgroundAnimation: Bool, replayGain: ReplayGainMode?,
            outputFormat: OutputFormatChoice, openAction: OpenAction, keepPlaying: Bool, notifications: Bool,
            ratingsInFiles: Bool,
            equalizer: EqualizerChoice, equalizerPresets: [EqualizerPreset], crossfade: Double?
        )?

    /// The preferences in the config file at `configPath` (default: the user's), with `playerFlag` (the value of
    /// `--player`, if given) taking precedence, and the animation off when `environment` has `NO_COLOR`.
    /// - Throws: `PreferencesError` when `playerFlag` names no player.
    public init(
        configPath: String? = nil, playerFlag: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PreferencesError) {
        let config = ConfigFile(path: configPath)
        self.configPath = config.path
        if let playerFlag {
            guard let kind = PlayerKind(rawValue: playerFlag) else { throw PreferencesError.unknownPlayer(playerFlag) }
            playerKind = kind
        } else {
            playerKind = config.value("player").flatMap(PlayerKind.init(rawValue:)) ?? .application
        }
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        backgroundAnimation = !noColor && config.value("background-animation") != "off"
        replayGain = config.value("replay-gain").flatMap(ReplayGainMode.Source.init(rawValue:)).map {
            ReplayGainMode(source: $0, preamp: Self.preamp(config.value("replay-gain-preamp")))
        }
        outputFormat = config.value("output-format").flatMap(OutputFormatChoice.init(rawValue:)) ?? .native
        openAction = config.value("open-files").flatMap(OpenAction.init(rawValue:)) ?? .queue
        keepPlaying = config.value("keep-playing") != "off"
        notifications = config.value("notifications") != "off"
        ratingsInFiles = config.value("ratings-in-files") == "on"
        var presets: [EqualizerPreset] = []
        for preset in config.values("equalizer-preset").compactMap(EqualizerPreset.init(configValue:)) {
            presets.removeAll { $0.name.lowercased() == preset.name.lowercased() }  // the last line of a name wins
            presets.append(preset)
        }
        equalizerPresets = presets
        let chosen = config.value("equalizer").map(EqualizerChoice.init(name:)) ?? .off
        equalizer = chosen.equalizer(among: presets) == nil ? .off : chosen
        crossfade = config.value("crossfade").map(Self.crossfade)
        loaded = (
            playerKind, backgroundAnimation, replayGain, outputFormat, openAction, keepPlaying, notifications,
            ratingsInFiles,
            equalizer, equalizerPresets, crossfade
        )
    }

    public static func == (left: Preferences, right: Preferences) -> Bool {
        left.playerKind == right.playerKind && left.backgroundAnimation == right.backgroundAnimation
            && left.replayGain == right.replayGain && left.outputFormat == right.outputFormat
            && left.openAction == right.openAction && left.keepPlaying == right.keepPlaying
            && left.notifications == right.notifications
            && left.ratingsInFiles == right.ratingsInFiles && left.equalizer == right.equalizer
            && left.equalizerPresets == right.equalizerPresets && left.crossfade == right.crossfade
            && left.configPath == right.configPath
    }

    /// The preamp a config value names, in dB within −15…+15: a number outside is clamped, and one that is not a
    /// finite number (NaN, infinity, text) counts as 0.
    static func preamp(_ text: String?) -> Double {
        guard let number = text.flatMap(Double.init), number.isFinite else { return 0 }
        return min(15, max(-15, number))
    }

    /// The equalizer chosen (nil: off).
    public var chosenEqualizer: Equalizer? { equalizer.equalizer(among: equalizerPresets) }

    /// The crossfade a config value (or `--crossfade`) names, in seconds within 0…12: a number outside is clamped,
    /// and one that is not a finite number counts as 0 (none).
    public static func crossfade(_ text: String) -> Double { PlaybackEngine.crossfade(Double(text) ?? 0) }

    /// Takes what `written` says the config file holds (its choices as its `save()` wrote them) as the file's
    /// content, so that the next `save()` writes what differs from the file now.
    mutating func assumeWritten(as written: Preferences) { loaded = written.loaded }

    /// Writes the choices to the config file, changing only their own lines (see `ConfigFile`).
    /// - Throws: `FileSystemError` when the file cannot be written, or when it exists but cannot be read (writing
    ///   would lose what it holds).
    public mutating func save() throws {
        var config = ConfigFile(path: configPath)
        if playerKind != loaded?.playerKind { config.set("player", [playerKind.rawValue]) }
        if backgroundAnimation != loaded?.backgroundAnimation {
            config.set("background-animation", [backgroundAnimation ? "on" : "off"])
        }
        if let replayGain, replayGain != loaded?.replayGain {
            if replayGain.source != loaded?.replayGain?.source {
                config.set("replay-gain", [replayGain.source.rawValue])
            }
            if replayGain.preamp != loaded?.replayGain?.preamp {
                config.set("replay-gain-preamp", [String(format: "%g", replayGain.preamp)])
            }
        }
        if outputFormat != loaded?.outputFormat { config.set("output-format", [outputFormat.rawValue]) }
        if openAction != loaded?.openAction { config.set("open-files", [openAction.rawValue]) }
        if keepPlaying != loaded?.keepPlaying { config.set("keep-playing", [keepPlaying ? "on" : "off"]) }
        if notifications != loaded?.notifications {
            config.set("notifications", [notifications ? "on" : "off"])
        }
        if ratingsInFiles != loaded?.ratingsInFiles {
            config.set("ratings-in-files", [ratingsInFiles ? "on" : "off"])
        }
        if equalizer != loaded?.equalizer { config.set("equalizer", [equalizer.name]) }
        if equalizerPresets != loaded?.equalizerPresets {
            config.set("equalizer-preset", equalizerPresets.map(\.configValue))
        }
        if let crossfade, crossfade != loaded?.crossfade {
            config.set("crossfade", [String(format: "%g", crossfade)])
        }
        try config.save()
        loaded = (
            playerKind, backgroundAnimation, replayGain, outputFormat, openAction, keepPlaying, notifications,
            ratingsInFiles,
            equalizer, equalizerPresets, crossfade
        )
    }
}
