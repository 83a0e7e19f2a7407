import Foundation

/// Turns the rating tags of the common taggers into stars, 0 to 5. Values out of their range are no rating (nil).
enum RatingTag {
    /// ID3 `POPM`'s byte: 0 is no rating; 1–31 one star, 32–95 two, 96–159 three, 160–223 four, 224–255 five (the
    /// bands around Windows Media Player's 1, 64, 128, 196, 255 that foobar2000 and MusicBee use too).
    static func stars(popularimeter byte: UInt8) -> Double? {
        switch byte {
        case 0: return nil
        case 1...31: return 1
        case 32...95: return 2
        case 96...159: return 3
        case 160...223: return 4
        default: return 5
        }
    }

    /// ASF's `WM/SharedUserRating`, 0–99 as Windows Media Player writes it (1, 25, 50, 75, 99): 0 is no rating.
    static func stars(windowsMedia text: String) -> Double? {
        guard let value = number(text), value >= 1, value <= 99 else { return nil }
        return value < 13 ? 1 : value < 38 ? 2 : value < 63 ? 3 : value < 87 ? 4 : 5
    }

    /// `FMPS_RATING`: a fraction from 0.0 to 1.0, times five.
    static func stars(fraction text: String) -> Double? {
        guard let value = number(text), value >= 0, value <= 1 else { return nil }
        return value * 5
    }

    /// `RATING`: 0–5 taken as stars, over 5 up to 100 as a percentage (20 a star).
    static func stars(rating text: String) -> Double? {
        guard let value = number(text), value >= 0, value <= 100 else { return nil }
        return value <= 5 ? value : value / 20
    }

    private static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }
}
