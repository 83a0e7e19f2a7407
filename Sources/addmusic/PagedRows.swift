/// Rows of a list read a page at a time, as they are shown: the count is known at once, the items only when asked
/// for (the picker's 100,000 songs are never all in memory). Pages are kept until too many are, then dropped.
/// On the main thread.
final class PagedRows<Item> {
    /// How many rows there are.
    let count: Int
    private let fetch: (_ offset: Int, _ limit: Int) -> [Item]
    private var pages: [Int: [Item]] = [:]
    private static var pageSize: Int { 200 }

    /// `count` rows read by `fetch(offset, limit)`.
    init(count: Int, fetch: @escaping (_ offset: Int, _ limit: Int) -> [Item]) {
        self.count = count
        self.fetch = fetch
    }

    /// Rows already in memory.
    convenience init(_ items: [Item]) {
        self.init(count: items.count) { offset, limit in Array(items[offset..<min(items.count, offset + limit)]) }
    }

    /// The item of row `index`; nil out of range (or when its page could not be read).
    func item(at index: Int) -> Item? {
        guard index >= 0, index < count else { return nil }
        let page = index / Self.pageSize
        if pages[page] == nil {
            if pages.count >= 64 { pages.removeAll() }
            pages[page] = fetch(page * Self.pageSize, Self.pageSize)
        }
        let rows = pages[page] ?? []
        let offset = index - page * Self.pageSize
        return offset < rows.count ? rows[offset] : nil
    }
}
