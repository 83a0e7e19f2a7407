import Foundation

/// A ten-band graphic equalizer with a preamp: what the user chose (a preset or their own gains). The bands are an
/// octave apart, from 31 Hz to 16 kHz, each a peaking filter (`EqualizerFilter`).
///
/// Nothing clips because of it: the boost of the highest band is taken off before the filters (headroom), so a
/// preset that raises the bass lowers the rest instead of pushing the peaks past full scale; what still passes full
/// scale (bands that overlap) is limited softly.
public struct Equalizer: Hashable, Sendable {
    /// The bands' centre frequencies, in hertz.
    public static let frequencies: [Double] = [31, 62, 125, 250, 500, 1_000, 2_000, 4_000, 8_000, 16_000]
    /// The gains a band and the preamp take, in decibels.
    public static let range: ClosedRange<Double> = -12...12

    /// The level before the bands, in decibels.
    public var preamp: Double
    /// Each band's gain, in decibels, in the order of `frequencies`.
    public var gains: [Double]

    /// An equalizer of `gains` (ten, clamped to `range`; missing ones are 0) after `preamp`.
    public init(preamp: Double = 0, gains: [Double]) {
        self.preamp = min(max(preamp, Self.range.lowerBound), Self.range.upperBound)
        self.gains = (0..<Self.frequencies.count).map { index in
            index < gains.count && gains[index].isFinite
                ? min(max(gains[index], Self.range.lowerBound), Self.range.upperBound) : 0
        }
    }

    /// Whether it changes nothing (every gain and the preamp 0): the engine then skips it, at no cost.
    public var isFlat: Bool { preamp == 0 && gains.allSatisfy { $0 == 0 } }

    /// The level the samples are multiplied by before the bands: the preamp, less the highest boost.
    var inputGain: Float { Float(pow(10, (preamp - max(0, gains.max() ?? 0)) / 20)) }

    /// The presets, by name.
    public static let presets: [(name: String, equalizer: Equalizer)] = [
        ("flat", Equalizer(gains: [])),
        ("bass", Equalizer(gains: [6, 5, 4, 2, 0, 0, 0, 0, 0, 0])),
        ("treble", Equalizer(gains: [0, 0, 0, 0, 0, 0, 2, 4, 5, 6])),
        ("voice", Equalizer(gains: [-4, -3, -2, 0, 2, 4, 4, 2, 0, -2])),
        ("rock", Equalizer(gains: [4, 3, 2, 0, -1, -1, 0, 2, 3, 4])),
        ("classical", Equalizer(gains: [0, 0, 0, 0, 0, 0, -2, -2, -2, -4])),
        ("small speakers", Equalizer(gains: [-6, -4, 0, 3, 2, 0, 0, 1, 2, 0])),
    ]

    /// The preset named `name` (any case; hyphens or underscores for spaces).
    public static func preset(named name: String) -> Equalizer? {
        let wanted = name.lowercased().replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return presets.first { $0.name == wanted }?.equalizer
    }
}
