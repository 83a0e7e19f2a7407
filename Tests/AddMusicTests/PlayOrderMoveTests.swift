import MediaModel
import Testing

@testable import MusicPlayer

/// A song moved in the queue (B-A7) keeps its turn in a shuffled order, and the others theirs; unshuffled, the order
/// is the queue's new order.
@Suite struct PlayOrderMoveTests {
    private let items = (0..<6).map { MediaItem(id: Int64($0 + 1), path: LibraryPath("/m/\($0).flac"), title: "\($0)") }

    @Test func shuffledEverySongKeepsItsTurnWhenOneMoves() {
        for (from, to) in [(4, 1), (1, 4), (0, 5), (5, 0), (2, 3)] {
            var order = PlayOrder(items: items, shuffle: .songs, current: 2, repeatMode: .none)
            let before = order.sequence.map { items[$0] }
            var queue = items
            queue.insert(queue.remove(at: from), at: to)
            order.move(from: from, to: to, shuffled: true)
            #expect(order.sequence.map { queue[$0] } == before, "\(from) → \(to)")
        }
    }

    @Test func unshuffledTheOrderIsTheQueuesAfterAMove() {
        var order = PlayOrder(items: items, shuffle: .off, current: nil, repeatMode: .none)
        order.move(from: 4, to: 1, shuffled: false)
        #expect(order.sequence == Array(0..<6))
        #expect(order.following(1) == 2 && order.previous(before: 1) == 0)
    }

    @Test func anIndexFollowsTheMove() {
        #expect(PlayOrder.moved(4, from: 4, to: 1) == 1)
        #expect((0..<6).map { PlayOrder.moved($0, from: 4, to: 1) } == [0, 2, 3, 4, 1, 5])
        #expect((0..<6).map { PlayOrder.moved($0, from: 1, to: 4) } == [0, 4, 1, 2, 3, 5])
    }
}
