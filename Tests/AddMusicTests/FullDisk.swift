import Foundation

/// A small private file system (tmpfs) that can be filled to the last byte, unmounted (by its path) when this object
/// goes away. Mounting needs root, or `sudo` without a password; without either the tests that need it are skipped.
final class FullDisk {
    let path: String
    private let sudo: [String]

    /// Mounts a tmpfs of `kilobytes` at `path`, owned by this user; nil (having said why) when it cannot be mounted.
    static func mount(at path: String, kilobytes: Int = 2048) throws -> FullDisk? {
        let sudo: [String]
        if geteuid() == 0 {
            sudo = []
        } else if FileManager.default.isExecutableFile(atPath: "/usr/bin/sudo"),
            try Fixtures.run("/usr/bin/sudo", ["-n", "true"]).status == 0
        {
            sudo = ["/usr/bin/sudo", "-n"]
        } else {
            print("SKIPPED: a full disk is a tmpfs mounted for the test, which needs root or sudo without a password")
            return nil
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let options = "size=\(kilobytes)k,uid=\(geteuid()),gid=\(getegid()),mode=0755"
        let command = sudo + ["/usr/bin/mount", "-t", "tmpfs", "-o", options, "tmpfs", path]
        let result = try Fixtures.run(command[0], Array(command.dropFirst()))
        guard result.status == 0 else {
            // A container may refuse mounts even to root: said, and skipped.
            print("SKIPPED: tmpfs could not be mounted at \(path): \(result.errorOutput)")
            return nil
        }
        return FullDisk(path: path, sudo: sudo)
    }

    private init(path: String, sudo: [String]) {
        self.path = path
        self.sudo = sudo
    }

    deinit {
        let command = sudo + ["/usr/bin/umount", path]
        _ = try? Fixtures.run(command[0], Array(command.dropFirst()))
    }

    /// Fills the file system until a write fails for want of room.
    func fill() {
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        // The last blocks' worth of a partial write, then nothing at all.
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, 1) }) > 0 {}
    }

    /// Frees what `fill()` took.
    func free() { unlink(path + "/filler") }
}
