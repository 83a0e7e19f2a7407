import Foundation
import MediaLibrary
import MediaModel
import Testing

/// While the app runs, changes on disk reach it as one coalesced "library changed" event (B-C1).
@Suite struct LibraryWatcherTests {
    @Test func addingAndRemovingFilesAnnouncesOneCoalescedChange() throws {
        let fixtures = try Fixtures()
        try fixtures.tone("Start/first.flac")
        let library = try fixtures.library()
        _ = try library.scan(roots: fixtures.roots)
        let events = Locked([ScanSummary]())
        let queue = DispatchQueue(label: "test.library-events")
        let watcher = try library.startWatching(roots: fixtures.roots, queue: queue) { summary in
            events.withLock { $0.append(summary) }
        }
        defer { watcher.stop() }

        // Three songs in a new folder, written in a burst.
        let staging = fixtures.root + "/staging"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        for index in 0..<3 {
            try fixtures.ffmpeg([
                "-f", "lavfi", "-i", "sine=frequency=\(500 + index * 100):duration=1", staging + "/\(index).flac",
            ])
        }
        try FileManager.default.createDirectory(atPath: fixtures.music + "/New", withIntermediateDirectories: true)
        for index in 0..<3 {
            try FileManager.default.moveItem(
                atPath: staging + "/\(index).flac", toPath: fixtures.music + "/New/\(index).flac")
        }
        #expect(Fixtures.waitUntil { events.withLock { $0.map(\.added).reduce(0, +) } == 3 })
        #expect(events.withLock { $0.count } == 1)
        #expect(try library.songCount() == 4)

        try FileManager.default.removeItem(atPath: fixtures.music + "/Start/first.flac")
        #expect(Fixtures.waitUntil { events.withLock { $0.map(\.removed).reduce(0, +) } == 1 })
        #expect(try library.songCount() == 3)
    }
}
