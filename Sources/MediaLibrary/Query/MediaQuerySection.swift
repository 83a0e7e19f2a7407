/// One entry of an A–Z index over a query's items or collections (Apple's `MPMediaQuerySection`).
public struct MediaQuerySection: Hashable, Sendable {
    /// "A" … "Z", or "#" for names that start with anything else.
    public var title: String
    /// The positions, in the query's order, of the items or collections the section covers.
    public var range: Range<Int>

    /// Creates a section.
    public init(title: String, range: Range<Int>) {
        self.title = title
        self.range = range
    }
}
