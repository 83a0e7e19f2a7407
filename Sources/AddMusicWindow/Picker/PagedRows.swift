import Dispatch

/// The rows of a list as it shows them: read a page at a time from a `RowReader`, on the reading queue, as they come
/// into view. A row whose page has not arrived reads as nil (the list shows it empty), and `onPage` hears which rows
/// to draw again when it does. Pages are kept until too many are, then dropped (the picker's 100,000 songs are never
/// all in memory). On the main thread; the reads never are.
@MainActor
final class PagedRows<Item: Sendable> {
    let reader: RowReader<Item>
    private let reads: DispatchQueue
    private var pages: [Int: [Item]] = [:]
    private var asked: Set<Int> = []
    /// Told the rows of each page that arrives.
    var onPage: ((Range<Int>) -> Void)?
    nonisolated static var pageSize: Int { 200 }

    /// The rows of `reader`, read on `reads`; `firstPage`, when given, is its first page, already read.
    init(_ reader: RowReader<Item>, reads: DispatchQueue, firstPage: [Item]? = nil) {
        self.reader = reader
        self.reads = reads
        if let firstPage {
            pages[0] = firstPage
            asked.insert(0)
        }
    }

    /// The first page of `reader`, read here (call on the reading queue), for `init(_:reads:firstPage:)`: a list
    /// shown with it is whole at once.
    nonisolated static func firstPage(of reader: RowReader<Item>) -> [Item] { reader.fetch(0, pageSize) }

    /// How many rows there are.
    var count: Int { reader.count }

    /// The item of row `index` if its page is here; otherwise nil, and the page is asked for.
    func item(at index: Int) -> Item? {
        guard index >= 0, index < count else { return nil }
        if pages[index / Self.pageSize] == nil { ask(index / Self.pageSize) }
        return loaded(at: index)
    }

    /// The item of row `index` when its page is here, without asking for it.
    func loaded(at index: Int) -> Item? {
        guard index >= 0, index < count, let rows = pages[index / Self.pageSize] else { return nil }
        let offset = index % Self.pageSize
        return offset < rows.count ? rows[offset] : nil
    }

    /// A reading of the rows `indices`, to run on the reading queue: the rows here are taken as they are, the others
    /// read there (every row at once when more than a page of them is missing).
    func reading(_ indices: [Int]) -> @Sendable () -> [Item] {
        let known = indices.map { loaded(at: $0) }
        let reader = self.reader
        return {
            let missing = zip(indices, known).filter { $0.1 == nil }.map(\.0)
            var read: [Int: Item] = [:]
            if missing.count > Self.pageSize {
                for (index, item) in reader.all().enumerated() { read[index] = item }
            } else {
                for index in missing { read[index] = reader.fetch(index, 1).first }
            }
            return zip(indices, known).compactMap { index, item in item ?? read[index] }
        }
    }

    private func ask(_ page: Int) {
        guard asked.insert(page).inserted else { return }
        let reader = self.reader, size = Self.pageSize
        reads.async { [weak self] in
            let rows = reader.fetch(page * size, size)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if self.pages.count >= 64 {
                        self.pages.removeAll()
                        self.asked.removeAll()
                    }
                    self.pages[page] = rows
                    self.asked.insert(page)
                    self.onPage?((page * size)..<min(self.count, (page + 1) * size))
                }
            }
        }
    }
}
