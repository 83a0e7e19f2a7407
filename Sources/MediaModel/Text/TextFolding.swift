import Foundation

/// Keys for sorting and grouping: case- and diacritics-insensitive, with a leading article-free form left alone.
package enum TextFolding {
    /// `text` lowercased, stripped of diacritics, width-folded, and with letters that have no decomposition spelled
    /// in ASCII ("Beyoncé" → "beyonce", "Øresund" → "oresund", "Straße" → "strasse"); "" for nil.
    package static func key(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return transliterated(
            text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
    }

    /// The A–Z key of `text`: `key` of `text` without a leading English article ("The Beatles" → "beatles",
    /// "A Tribe…" → "tribe…", "An Other" → "other"). Only "The", "A" and "An" followed by a space count, in any
    /// case, and only when something follows them ("The" alone stays "the").
    package static func sortKey(_ text: String?) -> String {
        key(text.map(withoutLeadingArticle))
    }

    /// `text` without a leading "The ", "A " or "An " (any case), when more than spaces follow.
    package static func withoutLeadingArticle(_ text: String) -> String {
        for article in ["the ", "a ", "an "] {
            guard text.utf8.count > article.utf8.count,
                text.utf8.prefix(article.utf8.count).elementsEqual(article.utf8, by: { $0 | 0x20 == $1 | 0x20 })
            else {
                continue
            }
            let rest = text.utf8.dropFirst(article.utf8.count).drop { $0 == UInt8(ascii: " ") }
            if !rest.isEmpty { return String(Substring(rest)) }
        }
        return text
    }

    /// The group key of an album: its (album) artist and title, separated by U+001F. A compilation without an album
    /// artist is one album whatever its songs' artists: U+001E stands for the artist.
    package static func albumKey(
        album: String?, albumArtist: String?, artist: String?, isCompilation: Bool = false
    ) -> String {
        guard let album, !album.isEmpty else { return "" }
        if isCompilation && (albumArtist ?? "").isEmpty { return "\u{1E}\u{1F}" + key(album) }
        return key(albumArtist ?? artist) + "\u{1F}" + key(album)
    }
}
