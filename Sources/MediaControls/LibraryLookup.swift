import MediaModel
import MusicPlayer

/// What the desktop controls read from the music library's index, handed in by the app so that this module does
/// not depend on the library: the thumbnails of its artwork, its songs by path, and the songs' play statistics.
/// Called on the service's queues ("addmusic.mpris.state", "addmusic.mpris.open", "addmusic.mpris.statistics").
public struct LibraryLookup: Sendable {
    private let thumbnailOf: @Sendable (Int64) throws -> [UInt8]?
    private let itemAt: @Sendable (LibraryPath) throws -> MediaItem?
    private let statisticsOf: @Sendable (MusicPlayerController, MediaItem) throws -> PlayStatistics?

    /// A lookup that asks `thumbnail` for the index's artwork, `item` for its songs and `statistics` for the play
    /// statistics of a song `player` plays (which may wait on the disk or the music daemon).
    public init(
        thumbnail: @escaping @Sendable (_ artworkID: Int64) throws -> [UInt8]?,
        item: @escaping @Sendable (_ path: LibraryPath) throws -> MediaItem?,
        statistics: @escaping @Sendable (_ player: MusicPlayerController, _ item: MediaItem) throws -> PlayStatistics?
    ) {
        thumbnailOf = thumbnail
        itemAt = item
        statisticsOf = statistics
    }

    /// The play statistics of `item` as `player` keeps them; nil when none are kept.
    /// - Throws: what the library or the daemon throws when they cannot be read.
    public func statistics(of item: MediaItem, playedBy player: MusicPlayerController) throws -> PlayStatistics? {
        try statisticsOf(player, item)
    }

    /// The thumbnail (JPEG) of the index's artwork `artworkID`; nil when there is none.
    /// - Throws: what the library throws when its index cannot be read.
    public func thumbnail(artworkID: Int64) throws -> [UInt8]? { try thumbnailOf(artworkID) }

    /// The index's song at `path`; nil when the index does not hold it.
    /// - Throws: what the library throws when its index cannot be read.
    public func item(atPath path: LibraryPath) throws -> MediaItem? { try itemAt(path) }
}
