import MediaLibrary
import MediaModel

/// Case- and diacritics-insensitive "contains" (on the search index's folding), for choosing an album or an artist
/// by name.
enum TextMatch {
    static func contains(_ text: String?, _ part: String) -> Bool {
        guard let text else { return false }
        return TextFolding.searchText(text).contains(TextFolding.searchText(part))
    }
}
