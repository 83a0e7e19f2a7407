import AddMusicCore
import Dispatch
import MediaModel

/// The stars of the songs a picker list shows (B-H8): read a batch at a time, for the songs that come into view, on
/// a queue of their own ("addmusic.picker.ratings", so that they never hold up the rows, which the reading queue
/// reads); a rating the user set in this run (the controller's `ratingsSet`) wins over what was read. On the main
/// thread.
@MainActor
final class SongRatings {
    private let source: PickerSource?
    /// Where the stars are read, one batch at a time.
    private let reads = DispatchQueue(label: "addmusic.picker.ratings")
    private let controller: AppController
    /// The stars read, by song id; a song read and absent cannot be rated.
    private var read: [Int64: Int] = [:]
    private var asked: Set<Int64> = []
    private var waiting: [MediaItem] = []
    /// Told when a batch of ratings arrives, to draw the rows again.
    var onRead: (() -> Void)?

    init(source: PickerSource?, controller: AppController) {
        self.source = source
        self.controller = controller
    }

    /// The stars of `item` (0: not rated); nil while they are read, or when it cannot be rated (then read).
    func rating(of item: MediaItem) -> Int? {
        guard asked.contains(item.id) else {
            ask(item)
            return nil
        }
        guard let stars = read[item.id] else { return nil }
        return controller.state.ratingsSet[item.id] ?? stars
    }

    /// Rates `items` `stars` (0–5) through the controller, which shows it at once and writes it.
    func rate(_ items: [MediaItem], stars: Int) {
        let rateable = items.filter { read[$0.id] != nil }
        guard !rateable.isEmpty else { return }
        controller.rate(rateable, stars: stars)
        onRead?()
    }

    /// Notes `item` for the next batch, read once the rows being drawn have all asked.
    private func ask(_ item: MediaItem) {
        asked.insert(item.id)
        waiting.append(item)
        guard waiting.count == 1, let source else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let batch = self.waiting
                self.waiting = []
                self.reads.async { [weak self] in
                    let ratings = source.ratings(of: batch)
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            guard let self else { return }
                            self.read.merge(ratings) { _, new in new }
                            self.onRead?()
                        }
                    }
                }
            }
        }
    }
}
