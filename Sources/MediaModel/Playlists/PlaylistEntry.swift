/// One entry of a playlist: its location exactly as the file wrote it, and the optional `#EXTINF` text beside it.
///
/// An entry is kept whatever it names (a file that is gone, a folder outside the music folders, a stream, another
/// playlist, a duplicate): nothing is dropped on reading or writing. `PlaylistLocation` says what it points at.
public struct PlaylistEntry: Hashable, Sendable {
    /// The entry's line (`.m3u`) or `FileN` value (`.pls`) as text, without its line ending.
    public var location: String
    /// What followed `#EXTINF:` (`"215,Artist - Title"`), kept as written; nil when the entry had none.
    public var info: String?

    /// An entry with `location` and the raw `#EXTINF` text `info`.
    public init(location: String, info: String? = nil) {
        self.location = location
        self.info = info
    }

    /// An entry with `location`, a title and a length in whole seconds (written as `#EXTINF:LENGTH,TITLE`; -1 for an
    /// unknown length).
    public init(location: String, title: String?, duration: Int?) {
        self.location = location
        if title == nil && duration == nil {
            info = nil
        } else {
            info = "\(duration ?? -1),\(title ?? "")"
        }
    }

    /// The title of `#EXTINF`: after its first comma outside double quotes (attributes such as `tvg-name="A, B"` may
    /// come before it; with a quote left open, its first comma), nil when none or empty.
    public var title: String? {
        guard let info else { return nil }
        var quoted = false
        let outside = info.firstIndex { character in
            if character == "\"" { quoted.toggle() }
            return character == "," && !quoted
        }
        guard let comma = outside ?? info.firstIndex(of: ",") else { return nil }
        let title = info[info.index(after: comma)...]
        return title.isEmpty ? nil : String(title)
    }

    /// The length of `#EXTINF` in seconds (its leading number, blanks before it allowed), nil when none, negative or
    /// unreadable.
    public var duration: Int? {
        guard let info else { return nil }
        let head = info.drop { $0 == " " || $0 == "\t" }.prefix { $0 != "," && $0 != " " }
        guard let seconds = Int(head), seconds >= 0 else { return nil }
        return seconds
    }
}
