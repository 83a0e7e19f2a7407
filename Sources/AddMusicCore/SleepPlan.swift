import Foundation

/// When the sleep timer ends the music (B-P11): after a time, at the end of the song playing, or at the end of the
/// queue.
public enum SleepPlan: Equatable, Sendable {
    case after(seconds: Double)
    case endOfSong
    case endOfQueue

    /// The longest time a sleep timer runs: a day.
    public static let longest = 86_400.0

    /// "30m", "90s", "1h", "1h30m", "45" (minutes), "song", "queue"; nil for anything else (or more than a day, or no
    /// time at all).
    public init?(text: String) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if word == "song" {
            self = .endOfSong
            return
        }
        if word == "queue" {
            self = .endOfQueue
            return
        }
        if let minutes = Double(word) {
            guard minutes.isFinite, minutes > 0, minutes * 60 <= Self.longest else { return nil }
            self = .after(seconds: minutes * 60)
            return
        }
        var seconds = 0.0
        var number = ""
        var any = false
        for character in word {
            if character.isASCII, character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "h": unit = 3_600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let value = Double(number), value.isFinite else { return nil }
            seconds += value * unit
            number = ""
            any = true
        }
        guard any, number.isEmpty, seconds > 0, seconds <= Self.longest else { return nil }
        self = .after(seconds: seconds)
    }
}
