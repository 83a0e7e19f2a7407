import Testing

@testable import AddMusicCore

/// A song dragged in the queue view (B-A7) lands before the row dropped on (its upper half) or after it (its lower
/// half); dropped where it already is, it does not move.
@Suite struct QueueDropTests {
    @Test func draggedDownItLandsBeforeOrAfterTheRow() {
        #expect(QueueDrop.destination(from: 0, onto: 3, lowerHalf: false, count: 5) == 2)
        #expect(QueueDrop.destination(from: 0, onto: 3, lowerHalf: true, count: 5) == 3)
        #expect(QueueDrop.destination(from: 1, onto: 4, lowerHalf: true, count: 5) == 4)
    }

    @Test func draggedUpItLandsBeforeOrAfterTheRow() {
        #expect(QueueDrop.destination(from: 4, onto: 1, lowerHalf: false, count: 5) == 1)
        #expect(QueueDrop.destination(from: 4, onto: 1, lowerHalf: true, count: 5) == 2)
        #expect(QueueDrop.destination(from: 3, onto: 0, lowerHalf: false, count: 5) == 0)
    }

    @Test func droppedOnItselfOrBesideItselfItStays() {
        for lowerHalf in [false, true] {
            #expect(QueueDrop.destination(from: 2, onto: 2, lowerHalf: lowerHalf, count: 5) == nil)
        }
        #expect(QueueDrop.destination(from: 2, onto: 1, lowerHalf: true, count: 5) == nil)
        #expect(QueueDrop.destination(from: 2, onto: 3, lowerHalf: false, count: 5) == nil)
    }

    @Test func pastTheEndItGoesLastAndBeforeTheStartFirst() {
        #expect(QueueDrop.destination(from: 1, onto: 9, lowerHalf: false, count: 5) == 4)
        #expect(QueueDrop.destination(from: 4, onto: 9, lowerHalf: true, count: 5) == nil)
        #expect(QueueDrop.destination(from: 3, onto: -2, lowerHalf: true, count: 5) == 0)
    }

    @Test func aSongNotInTheQueueDoesNotMove() {
        #expect(QueueDrop.destination(from: 5, onto: 0, lowerHalf: false, count: 5) == nil)
        #expect(QueueDrop.destination(from: 0, onto: 0, lowerHalf: true, count: 0) == nil)
    }
}
