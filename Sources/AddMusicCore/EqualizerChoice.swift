import AudioEngine

/// The equalizer the application player plays through (B-P8), as the preferences keep it: off, a built-in preset or
/// one of the user's own (`EqualizerPreset`), by name. The name is the config file's (`equalizer = bass`).
public struct EqualizerChoice: Hashable, Sendable {
    /// "off", a built-in preset's name (lowercased) or a preset of the user's, as named.
    public let name: String

    /// No equalizer.
    public static let off = EqualizerChoice(name: "off")

    /// The choice of the preset named `name`: a built-in's name is taken in any case.
    public init(name: String) {
        let builtIn = Equalizer.presets.first { Equalizer.preset(named: name) == $0.equalizer }
        self.name = name.lowercased() == "off" ? "off" : builtIn?.name ?? name
    }

    /// The equalizer it names among the built-in presets and the user's `presets` (the user's own first); nil when
    /// off, or when no preset has its name.
    public func equalizer(among presets: [EqualizerPreset]) -> Equalizer? {
        if name == "off" { return nil }
        if let own = presets.first(where: { $0.name.lowercased() == name.lowercased() }) { return own.equalizer }
        return Equalizer.preset(named: name)
    }
}
