import MediaModel

/// What the desktop controls read from the music library's index, handed in by the app so that this module does
/// not depend on the library: the thumbnails of its artwork, and its songs by path. Called on the service's queues
/// ("addmusic.mpris.state", "addmusic.mpris.open").
public struct LibraryLookup: Sendable {
    private let thumbnailOf: @Sendable (Int64) throws -> [UInt8]?
    private let itemAt: @Sendable (LibraryPath) throws -> MediaItem?

    /// A lookup that asks `thumbnail` for the index's artwork and `item` for its songs.
    public init(
        thumbnail: @escaping @Sendable (_ artworkID: Int64) throws -> [UInt8]?,
        item: @escaping @Sendable (_ path: LibraryPath) throws -> MediaItem?
    ) {
        thumbnailOf = thumbnail
        itemAt = item
    }

    /// The thumbnail (JPEG) of the index's artwork `artworkID`; nil when there is none.
    /// - Throws: what the library throws when its index cannot be read.
    public func thumbnail(artworkID: Int64) throws -> [UInt8]? { try thumbnailOf(artworkID) }

    /// The index's song at `path`; nil when the index does not hold it.
    /// - Throws: what the library throws when its index cannot be read.
    public func item(atPath path: LibraryPath) throws -> MediaItem? { try itemAt(path) }
}
