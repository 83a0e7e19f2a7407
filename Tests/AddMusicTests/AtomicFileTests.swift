import Foundation
import MediaModel
import Testing

/// `AtomicFile`, the one way every writer of AddMusic (config file, playlists, saved player state, desktop covers)
/// replaces a file: the old file or the new one, never a part, and nothing left behind.
@Suite struct AtomicFileTests {
    /// What a folder holds besides `keep` (a temporary file left behind would be listed).
    private func others(in folder: String, besides keep: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !keep.contains($0) }.sorted()
    }

    @Test func aReplacementOnAFullDiskFailsNamingTheFileAndLeavesTheOldFileWholeAndNoTemporaryFile() throws {
        let fixtures = try Fixtures()
        guard let disk = try FullDisk.mount(at: fixtures.root + "/disk", kilobytes: 256) else { return }
        defer { withExtendedLifetime(disk) {} }
        let path = disk.path + "/state.json"
        let old = [UInt8]("the old contents\n".utf8)
        try AtomicFile.replace(path, with: old, mode: .fixed(0o600))
        disk.fill()
        let larger = [UInt8](repeating: 0x61, count: 64 * 1024)
        #expect {
            try AtomicFile.replace(path, with: larger, mode: .fixed(0o600))
        } throws: { error in
            (error as? FileSystemError).map { $0.code == ENOSPC && $0.path == path } ?? false
        }
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == old)
        #expect(try others(in: disk.path, besides: ["state.json", "filler"]) == [])
        disk.free()
        try AtomicFile.replace(path, with: larger, mode: .fixed(0o600))
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == larger)
    }

    @Test func keepingOldKeepsTheOldFilesPermissionsAndANewFileGetsTheGivenOnes() throws {
        let fixtures = try Fixtures()
        let folder = fixtures.root + "/made/on/the/way"
        let path = folder + "/config"
        try AtomicFile.replace(path, with: [1, 2, 3], mode: .keepingOld(orNew: 0o600), makingFolder: true)
        #expect(try mode(of: path) == 0o600)
        #expect(chmod(path, 0o640) == 0)
        try AtomicFile.replace(path, with: [4, 5], mode: .keepingOld(orNew: 0o600))
        #expect(try mode(of: path) == 0o640)
        #expect(FileManager.default.contents(atPath: path) == Data([4, 5]))
        try AtomicFile.replace(path, with: [6], mode: .fixed(0o644))
        #expect(try mode(of: path) == 0o644)
        #expect(try others(in: folder, besides: ["config"]) == [])
    }

    @Test func aFolderThatCannotBeWrittenIsNamedAndTheOldFileStays() throws {
        guard geteuid() != 0 else {
            print("SKIPPED: root writes in a folder without write permission; run as an ordinary user")
            return
        }
        let fixtures = try Fixtures()
        let folder = fixtures.root + "/locked"
        let path = folder + "/list.m3u8"
        try AtomicFile.replace(path, with: [1], mode: .fixed(0o644), makingFolder: true)
        #expect(chmod(folder, 0o555) == 0)
        defer { chmod(folder, 0o755) }
        #expect {
            try AtomicFile.replace(path, with: [2], mode: .fixed(0o644))
        } throws: { error in
            (error as? FileSystemError).map { $0.code == EACCES && $0.path == folder } ?? false
        }
        #expect(FileManager.default.contents(atPath: path) == Data([1]))
    }

    private func mode(of path: String) throws -> mode_t {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FixtureError(message: "no file at \(path)") }
        return status.st_mode & 0o7777
    }
}
