import AudioEngine

/// The equalizer the application player plays through (B-P8), as the preferences keep it: off or a preset. The raw
/// value is the config file's (`equalizer = bass`) and the preset's name.
public enum EqualizerChoice: String, CaseIterable, Sendable {
    case off, bass, treble, voice, rock, classical
    case smallSpeakers = "small speakers"

    /// The equalizer it chooses (nil: none).
    public var equalizer: Equalizer? { self == .off ? nil : Equalizer.preset(named: rawValue) }
}
