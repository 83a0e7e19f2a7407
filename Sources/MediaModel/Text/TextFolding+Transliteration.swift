extension TextFolding {
    /// `folded` (already lowercased and stripped of diacritics) with the letters below spelled in ASCII.
    static func transliterated(_ folded: String) -> String {
        guard folded.unicodeScalars.contains(where: { transliterations[$0] != nil }) else { return folded }
        var result = ""
        result.unicodeScalars.reserveCapacity(folded.unicodeScalars.count + 4)
        for scalar in folded.unicodeScalars {
            if let spelled = transliterations[scalar] {
                result.unicodeScalars.append(contentsOf: spelled.unicodeScalars)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Letters that Unicode does not decompose into a base letter and a mark, as German, Nordic, Polish, Croatian,
    /// Icelandic, Turkish, Maltese and Old English texts are commonly typed on an English keyboard (lowercase:
    /// `key` has lowercased the text already; the capitals are here for letters it may leave).
    private static let transliterations: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t",
        "Ŧ": "t", "ĸ": "k", "ŀ": "l", "Ŀ": "l", "ŋ": "n", "Ŋ": "n", "ſ": "s", "ĳ": "ij", "Ĳ": "ij", "ƒ": "f",
        "ǆ": "dz", "ǅ": "dz", "Ǆ": "dz", "ǉ": "lj", "ǈ": "lj", "Ǉ": "lj", "ǌ": "nj", "ǋ": "nj", "Ǌ": "nj",
        "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
    ]
}
