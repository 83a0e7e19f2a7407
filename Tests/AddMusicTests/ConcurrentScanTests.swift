import Foundation
import MediaLibrary
import MediaModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Scans of one index at the same time, from two processes or two threads, wait for each other and index every
/// song once; a scan killed while it writes never leaves the next one waiting.
@Suite struct ConcurrentScanTests {
    /// `count` songs in folders of 25: copies of three short generated files.
    private static func songs(_ fixtures: Fixtures, count: Int) throws {
        let seeds = try (0..<3).map {
            try fixtures.tone("seed\($0).flac", frequency: 300 + 100 * $0, seconds: 0.2)
        }
        for index in 0..<count {
            let folder = fixtures.music + "/Album \(index / 25)"
            if index % 25 == 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(atPath: seeds[index % 3], toPath: folder + "/\(index).flac")
        }
        for seed in seeds { try FileManager.default.removeItem(atPath: seed) }
    }

    @Test func twoScanProcessesStartedTogetherBothSucceedAndIndexEverySongOnce() throws {
        let fixtures = try Fixtures()
        let count = 300
        try Self.songs(fixtures, count: count)
        for (round, stagger) in [0.0, 0.0, 0.05, 0.2, 0.5].enumerated() {
            var each = fixtures.environment()
            each["XDG_DATA_HOME"] = fixtures.root + "/data-\(round)"
            let environment = each, music = fixtures.music
            let outcomes = Locked([(status: Int32, errorOutput: String)]())
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 1 { Thread.sleep(forTimeInterval: stagger) }
                let outcome =
                    (try? Fixtures.run(
                        Fixtures.addmusic, ["library", "scan", music], environment: environment))
                    .map { ($0.status, $0.errorOutput) } ?? (-1, "did not start")
                outcomes.withLock { $0.append(outcome) }
            }
            for outcome in outcomes.withLock({ $0 }) {
                #expect(outcome.status == 0, "round \(round): \(outcome.errorOutput)")
            }
            let library = try MusicLibrary(databasePath: fixtures.root + "/data-\(round)/addmusic/library.sqlite")
            #expect(try library.songCount() == count, "round \(round)")
            #expect(try library.checkIntegrity())
            #expect(try library.searchCount("album") == 0)
        }
    }

    @Test func twoScansFromTwoThreadsWaitForEachOtherAndIndexEverySongOnce() throws {
        let fixtures = try Fixtures()
        let count = 200
        try Self.songs(fixtures, count: count)
        // Two library objects on one index: the lock is the index's, not the object's.
        let libraries = [try fixtures.library(), try fixtures.library()]
        let roots = fixtures.roots
        let outcomes = Locked([Result<ScanSummary, any Error>]())
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let outcome = Result { try libraries[index].scan(roots: roots) }
            outcomes.withLock { $0.append(outcome) }
        }
        let summaries = try outcomes.withLock { $0 }.map { try $0.get() }
        #expect(summaries.map(\.added).sorted() == [0, count])
        #expect(try libraries[0].songCount() == count)
        #expect(try libraries[0].checkIntegrity())
    }

    @Test func aScanWaitsForTheRunningOneAndSaysSoOnce() throws {
        let fixtures = try Fixtures()
        try Self.songs(fixtures, count: 30)
        let library = try fixtures.library()
        let roots = fixtures.roots
        let notices = Locked(0)
        let noticed = DispatchSemaphore(value: 0)
        let second = Locked<Result<ScanSummary, any Error>?>(nil)
        let secondDone = DispatchSemaphore(value: 0)
        var started = false
        _ = try library.scan(roots: roots) { _ in
            guard !started else { return }
            started = true
            // The first scan holds the index from here to its end: the second waits, and says so once.
            Thread.detachNewThread {
                let notice = {
                    notices.withLock { $0 += 1 }
                    noticed.signal()
                }
                let outcome = Result { try library.scan(roots: roots, ifBusy: .wait(notice: notice)) }
                second.withLock { $0 = outcome }
                secondDone.signal()
            }
            #expect(noticed.wait(timeout: .now() + 30) == .success)
            #expect(second.withLock { $0 } == nil)
        }
        #expect(secondDone.wait(timeout: .now() + 60) == .success)
        #expect(notices.withLock { $0 } == 1)
        let summary = try #require(try second.withLock { $0 }?.get())
        #expect(summary.unchanged == 30 && summary.added == 0)
    }

    @Test func aScanToldNotToWaitThrowsScanAlreadyRunning() throws {
        let fixtures = try Fixtures()
        try Self.songs(fixtures, count: 30)
        let library = try fixtures.library()
        let other = try fixtures.library()
        let roots = fixtures.roots
        var asked = false
        var caught: (any Error)?
        _ = try library.scan(roots: roots) { _ in
            guard !asked else { return }
            asked = true
            do { _ = try other.scan(roots: roots, ifBusy: .fail) } catch { caught = error }
        }
        let error = try #require(caught as? ScanAlreadyRunning)
        #expect(error.databasePath == library.databasePath)
        // Once the first scan has ended, the same call scans.
        #expect(try other.scan(roots: roots, ifBusy: .fail).unchanged == 30)
    }

    @Test func aScanKilledWhileItHoldsTheLockLeavesItFreeForTheNextScan() throws {
        let fixtures = try Fixtures()
        let count = 1000
        try Self.songs(fixtures, count: count)
        let database = fixtures.root + "/data-home/addmusic/library.sqlite"
        let process = try Fixtures.start(
            Fixtures.addmusic, ["library", "scan", fixtures.music], environment: fixtures.environment())
        #expect(Fixtures.waitUntil { Self.isLocked(database + ".lock") })
        #expect(process.isRunning, "the scan ended before it could be killed holding the lock")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!Self.isLocked(database + ".lock"))

        // Told not to wait, the next scan would throw if anything still held the lock.
        let library = try MusicLibrary(databasePath: database)
        _ = try library.scan(roots: fixtures.roots, ifBusy: .fail)
        #expect(try library.songCount() == count)
        #expect(try library.checkIntegrity())
    }

    /// Whether another open file holds the lock at `path` (trying to take it, and letting go at once).
    private static func isLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }
}
