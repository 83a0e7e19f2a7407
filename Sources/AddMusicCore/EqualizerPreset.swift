import AudioEngine
import Foundation

/// One of the user's own equalizer presets (B-P8): a name and its preamp and gains, kept in the config file one line
/// each, `equalizer-preset = NAME | PREAMP | G1 G2 … G10` (decibels, the bands from 31 Hz up).
public struct EqualizerPreset: Hashable, Sendable {
    /// The longest name kept, in characters.
    public static let longestName = 60

    public let name: String
    public var equalizer: Equalizer

    /// A preset named `name` (trimmed, cut to `longestName`); nil when that leaves nothing, when the name holds a
    /// `|` or a control character, or when it is a built-in preset's or "off".
    public init?(name: String, equalizer: Equalizer) {
        let trimmed = String(name.trimmingCharacters(in: .whitespaces).prefix(Self.longestName))
        guard !trimmed.isEmpty, !trimmed.contains("|"),
            !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }),
            !Self.isReserved(trimmed)
        else { return nil }
        self.name = trimmed
        self.equalizer = equalizer
    }

    /// Whether `name` is a built-in preset's or "off" (any case, hyphens or underscores for spaces).
    public static func isReserved(_ name: String) -> Bool {
        name.lowercased() == "off" || Equalizer.preset(named: name) != nil
    }

    /// Reads a config line's value; nil when it is not one.
    init?(configValue: String) {
        let parts = configValue.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, let preamp = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        let gains = parts[2].split(separator: " ").compactMap { Double($0) }
        guard gains.count == Equalizer.frequencies.count else { return nil }
        self.init(name: String(parts[0]), equalizer: Equalizer(preamp: preamp, gains: gains))
    }

    /// The config line's value.
    var configValue: String {
        let gains = equalizer.gains.map { String(format: "%g", $0) }.joined(separator: " ")
        return "\(name) | \(String(format: "%g", equalizer.preamp)) | \(gains)"
    }
}
