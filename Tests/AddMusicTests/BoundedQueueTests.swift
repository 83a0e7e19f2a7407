import Foundation
import MediaModel
import Testing

/// The bounded queue between threads (the engine's PCM ring, the scan's queues, the probe runner's result slot):
/// order kept across the ring's wrap and growth, waits while full or empty, closing, removal in place.
struct BoundedQueueTests {
    @Test func elementsComeOutInOrderAcrossTheRingsWrap() {
        let queue = BoundedQueue<Int>(capacity: 3)
        var taken: [Int] = []
        for value in 0..<10 {
            queue.put(value)
            if value % 2 == 1 {
                taken.append(queue.take()!)
                taken.append(queue.take()!)
            }
        }
        #expect(taken == Array(0..<10))
    }

    @Test func aLargeCapacityGrowsItsRingAndKeepsTheOrder() {
        let count = BoundedQueue<Int>.preallocated * 3 + 7
        let queue = BoundedQueue<Int>(capacity: Int.max)
        queue.put(-1)
        #expect(queue.take() == -1)  // the head moved off slot 0 before the ring grows
        for value in 0..<count { queue.put(value) }
        var taken: [Int] = []
        for _ in 0..<count { taken.append(queue.take()!) }
        #expect(taken == Array(0..<count))
    }

    @Test func putWaitsWhileFullUntilATakeMakesRoom() {
        let queue = BoundedQueue<Int>(capacity: 2)
        queue.put(1)
        queue.put(2)
        let putDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            queue.put(3)
            putDone.signal()
        }
        #expect(putDone.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(queue.take() == 1)
        #expect(putDone.wait(timeout: .now() + 5) == .success)
        #expect(queue.take() == 2)
        #expect(queue.take() == 3)
    }

    @Test func takeWaitsForAnElementFromAnotherThread() {
        let queue = BoundedQueue<String>(capacity: 1)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            queue.put("late")
        }
        #expect(queue.take() == "late")
    }

    @Test func aGatheringTakeWaitsForItsNumberOrItsTimeThenTakesOneAndIsWokenByAClose() {
        let queue = BoundedQueue<Int>(capacity: 8)
        // Three come one by one: the taker, gathering three, takes the first once the third is there.
        let taken = DispatchSemaphore(value: 0)
        let first = Locked<Int?>(nil)
        let puts = Locked(0)
        let putsWhenTaken = Locked(0)
        Thread.detachNewThread {
            first.withLock { $0 = queue.take(gathering: 3, waitingAtMost: 30) }
            putsWhenTaken.withLock { $0 = puts.withLock { $0 } }
            taken.signal()
        }
        for element in 1...3 {
            Thread.sleep(forTimeInterval: 0.05)
            puts.withLock { $0 += 1 }
            queue.put(element)
        }
        #expect(taken.wait(timeout: .now() + 10) == .success)
        #expect(first.withLock { $0 } == 1)
        #expect(putsWhenTaken.withLock { $0 } == 3)  // not woken by the first or the second
        #expect(queue.take() == 2 && queue.take() == 3)
        // One alone is taken once the time is up, and a later one wakes a taker whose time was up before it came.
        queue.put(4)
        #expect(queue.take(gathering: 3, waitingAtMost: 0.05) == 4)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            queue.put(5)
        }
        #expect(queue.take(gathering: 3, waitingAtMost: 0.01) == 5)
        // A close ends a gathering wait with what is there.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            queue.put(6)
            queue.close()
        }
        #expect(queue.take(gathering: 3, waitingAtMost: 30) == 6)
        #expect(queue.take(gathering: 3, waitingAtMost: 30) == nil)
    }

    @Test func takeWithATimeoutGivesUpWhenNothingComes() {
        let queue = BoundedQueue<Int>(capacity: 1)
        let start = Date()
        #expect(queue.take(timeout: 0.1) == nil)
        #expect(Date().timeIntervalSince(start) >= 0.09)
        queue.put(7)
        #expect(queue.take(timeout: 0.1) == 7)
    }

    @Test func closingWakesWaitersDropsLaterPutsAndDrainsWhatIsLeft() {
        let queue = BoundedQueue<Int>(capacity: 1)
        queue.put(1)
        let blockedPut = DispatchSemaphore(value: 0)
        let accepted = Locked<Bool?>(nil)
        Thread.detachNewThread {
            let result = queue.put(2)
            accepted.withLock { $0 = result }
            blockedPut.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        queue.close()
        #expect(blockedPut.wait(timeout: .now() + 5) == .success)
        #expect(accepted.withLock { $0 } == false)
        #expect(queue.put(3) == false)
        #expect(queue.take() == 1)
        #expect(queue.take() == nil)
        #expect(queue.take(timeout: 5) == nil)
    }

    @Test func putGivesUpWhenItsElementNoLongerMatters() {
        let queue = BoundedQueue<Int>(capacity: 1)
        queue.put(1)
        let stale = Locked(false)
        let result = Locked<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let accepted = queue.put(2, unless: { stale.withLock { $0 } })
            result.withLock { $0 = accepted }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        stale.withLock { $0 = true }
        queue.removeAll { _ in false }  // wakes the waiting put, which asks again
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(result.withLock { $0 } == false)
        #expect(queue.put(3, unless: { true }) == false)
        #expect(queue.take() == 1)
        #expect(queue.take(timeout: 0.01) == nil)
    }

    @Test func removeAllKeepsTheOthersInOrderAndMakesRoom() {
        let queue = BoundedQueue<Int>(capacity: 6)
        for value in 0..<4 { queue.put(value) }
        _ = queue.take()
        _ = queue.take()
        for value in 4..<8 { queue.put(value) }  // wrapped: 2 3 4 5 6 7
        queue.removeAll { $0 % 2 == 0 }
        for value in 8..<11 { queue.put(value) }
        var taken: [Int] = []
        while let value = queue.take(timeout: 0.01) { taken.append(value) }
        #expect(taken == [3, 5, 7, 8, 9, 10])
    }
}
