import Foundation
import MediaLibrary
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A scan killed with SIGKILL at a random moment leaves an index that opens, passes `integrity_check`, and the
/// next scan finishes the job (B-F3).
@Suite struct KillDuringScanTests {
    @Test func scanKilledAtARandomMomentLeavesAConsistentIndexThatTheNextScanCompletes() throws {
        let fixtures = try Fixtures()
        let seed = try fixtures.tone("seed.flac", seconds: 0.5)
        let count = 1500
        for index in 0..<count {
            let folder = fixtures.music + "/Album \(index / 50)"
            if index % 50 == 0 {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(atPath: seed, toPath: folder + "/\(index).flac")
        }
        try FileManager.default.removeItem(atPath: seed)

        for round in 0..<3 {
            let process = try Fixtures.start(
                Fixtures.addmusic, ["library", "scan", fixtures.music], environment: fixtures.environment())
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.6) * Double(round + 1) / 2)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let library = try MusicLibrary(databasePath: fixtures.root + "/data-home/addmusic/library.sqlite")
            #expect(try library.checkIntegrity(), "round \(round)")
            #expect(try library.songCount() <= count)
        }
        let finish = try Fixtures.run(
            Fixtures.addmusic, ["library", "scan", fixtures.music], environment: fixtures.environment())
        #expect(finish.status == 0, "\(finish.errorOutput)")
        let library = try MusicLibrary(databasePath: fixtures.root + "/data-home/addmusic/library.sqlite")
        #expect(try library.checkIntegrity())
        #expect(try library.songCount() == count)
        #expect(try library.searchCount("album") == 0)
    }
}
