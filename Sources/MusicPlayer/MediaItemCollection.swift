import MediaModel

/// An ordered list of media items: what a person picks, and what a queue is made of.
public struct MediaItemCollection: Sendable, Hashable {
    /// The items, in order.
    public var items: [MediaItem]

    /// A collection of `items`.
    public init(items: [MediaItem]) { self.items = items }
}
