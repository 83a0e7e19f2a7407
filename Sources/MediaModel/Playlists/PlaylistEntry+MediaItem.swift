/// The entry a song or stream of the queue is written as in a playlist.
extension PlaylistEntry {
    /// `item` as an entry: a song's absolute path, a stream's URL, with `#EXTINF:LENGTH,ARTIST - TITLE`.
    public init(item: MediaItem) {
        let title = item.artist.map { "\($0) - \(item.title)" } ?? item.title
        let seconds =
            item.streamURL == nil && item.duration >= 0
            ? Int(checked: item.duration, rounding: .toNearestOrAwayFromZero) ?? -1 : -1
        self.init(location: item.streamURL ?? item.path.description, title: title, duration: seconds)
    }
}
