/// A stream in the queue: an item whose path is an `http`/`https` URL (an absolute file path always begins with
/// `/`, so the two never mix). It is not in the library (id 0) and its length is unknown (0).
extension MediaItem {
    /// An item for the stream at `url`, titled `title` (a playlist's `#EXTINF` text), else by its URL.
    public static func stream(url: String, title: String? = nil) -> MediaItem {
        MediaItem(id: 0, path: LibraryPath(url), title: title ?? url)
    }

    /// Whether `text` is an `http` or `https` URL, the streams the player plays.
    public static func isStreamURL(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The URL when this item is a stream, else nil.
    public var streamURL: String? {
        let text = path.description
        return Self.isStreamURL(text) && path.isValidUTF8 ? text : nil
    }
}
