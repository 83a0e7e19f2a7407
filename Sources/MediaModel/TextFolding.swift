import Foundation

/// Keys for sorting and grouping: case- and diacritics-insensitive, with a leading article-free form left alone.
package enum TextFolding {
    /// `text` lowercased and stripped of diacritics ("Beyoncé" → "beyonce"); "" for nil.
    package static func key(_ text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The group key of an album: its (album) artist and title, separated by U+001F.
    package static func albumKey(album: String?, albumArtist: String?, artist: String?) -> String {
        guard let album, !album.isEmpty else { return "" }
        return key(albumArtist ?? artist) + "\u{1F}" + key(album)
    }
}
