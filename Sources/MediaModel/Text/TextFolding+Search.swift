import Foundation

extension TextFolding {
    /// `text` as the search index holds it and as a typed word is looked up: `key`'s folding (case, diacritics,
    /// width, and letters with no decomposition spelled in ASCII: "Øresund" → "oresund", "Straße" → "strasse"), and
    /// each CJK character (Han, kana, Hangul) standing alone between spaces ("雪の街" → " 雪  の  街 "), so that the
    /// search's tokenizer makes it a word of its own and a character is found inside a run of them.
    package static func searchText(_ text: String) -> String {
        let folded = key(text)
        guard !folded.utf8.allSatisfy({ $0 < 0x80 }) else { return folded }
        var result = ""
        result.unicodeScalars.reserveCapacity(folded.unicodeScalars.count)
        for scalar in folded.unicodeScalars {
            if isCJK(scalar) {
                result.unicodeScalars.append(" ")
                result.unicodeScalars.append(scalar)
                result.unicodeScalars.append(" ")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a Han, kana, Hangul or Bopomofo character (scripts written without spaces between
    /// words, or searched by syllable).
    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C,
            0x3041...0x30FF,
            0x3105...0x312F, 0x3131...0x318E, 0x31A0...0x31BF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }
}
