import AudioEngine
import Foundation
import MediaModel
import Testing

/// The clocked null output holds at most a quarter of a second, like a device buffer: a write waits for room and
/// only then counts in the delay, so the engine's position (frames written, less the delay) never lags by the
/// samples of a write still waiting; a flush drops a waiting write.
struct NullOutputTests {
    @Test func aWriteWaitingForRoomIsNotYetInTheDelay() throws {
        let (output, chunk) = try clockedOutput()
        _ = try chunk.withUnsafeBufferPointer { try output.write($0, precision: 16) }  // room for it: taken at once
        let first = output.delay
        let written = Locked(false)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? chunk.withUnsafeBufferPointer { try output.write($0, precision: 16) }
            written.withLock { $0 = true }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        let waiting = output.delay
        // 0.24 s held and 0.24 s more: the second write waits about 0.23 s for room.
        try #require(!written.withLock { $0 }, "the second write should still wait for room")
        #expect(waiting <= first, "delay \(waiting) s while the write waits, \(first) s before it")
        done.wait()
        #expect(output.delay > 0.1 && output.delay <= 0.25 + 0.01, "delay \(output.delay) s once taken")
    }

    @Test func aFlushDropsAWriteWaitingForRoom() throws {
        let (output, chunk) = try clockedOutput()
        _ = try chunk.withUnsafeBufferPointer { try output.write($0, precision: 16) }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? chunk.withUnsafeBufferPointer { try output.write($0, precision: 16) }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        output.flush()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(output.delay < 0.01, "delay \(output.delay) s after the flush")
    }

    /// A clocked null output, open, and 0.24 s of silence for it.
    private func clockedOutput() throws -> (NullOutput, [Float]) {
        let output = NullOutput(clocked: true)
        let format = PCMFormat()
        try output.open(format)
        return (output, [Float](repeating: 0, count: format.sampleRate * 24 / 100 * format.channels))
    }
}
