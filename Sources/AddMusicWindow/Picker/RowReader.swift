/// Where a list's rows come from: how many there are and how to read a page of them. Made and read off the main
/// thread (the library's index, the music daemon); `PagedRows` shows it.
struct RowReader<Item: Sendable>: Sendable {
    /// How many rows there are.
    let count: Int
    /// Reads `limit` rows from `offset` (fewer, or none, when they cannot be read).
    let fetch: @Sendable (_ offset: Int, _ limit: Int) -> [Item]

    init(count: Int, fetch: @escaping @Sendable (_ offset: Int, _ limit: Int) -> [Item]) {
        self.count = count
        self.fetch = fetch
    }

    /// Rows already in memory.
    init(_ items: [Item]) {
        self.init(count: items.count) { offset, limit in
            guard offset < items.count else { return [] }
            return Array(items[offset..<min(items.count, offset + limit)])
        }
    }

    /// Every row, read at once.
    func all() -> [Item] { count == 0 ? [] : fetch(0, count) }
}
