import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The config file's bytes on disk: read whole, and replaced atomically through symlinks. Called on any thread;
/// every call is blocking file system work.
enum ConfigFileStorage {
    /// How many symlinks a path may pass through before it counts as a loop (the kernel's own limit).
    private static let maximumLinks = 40

    /// The bytes of the file at `path` (symlinks followed); nil when there is no file there (also at the end of a
    /// dangling symlink).
    /// - Throws: `FileSystemError` when something is there but cannot be read: a folder, a device or pipe, no
    ///   permission, an I/O error.
    static func read(_ path: String) throws(FileSystemError) -> [UInt8]? {
        // Non-blocking, so that a named pipe in the file's place is refused rather than waited on.
        let descriptor = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw FileSystemError(code: errno, operation: "opening", path: path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileSystemError(code: errno, operation: "reading", path: path)
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw FileSystemError(code: kind == S_IFDIR ? EISDIR : EINVAL, operation: "reading", path: path)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingInterrupts { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw FileSystemError(code: errno, operation: "reading", path: path) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// The file `path` stands for: the end of its chain of symlinks (relative targets taken from each link's
    /// folder), which may not exist yet.
    /// - Throws: `FileSystemError` (`ELOOP`) for a loop, or when a link cannot be examined.
    static func resolve(_ path: String) throws(FileSystemError) -> String {
        var current = path
        for _ in 0..<maximumLinks {
            var status = stat()
            if lstat(current, &status) != 0 {
                if errno == ENOENT { return current }
                throw FileSystemError(code: errno, operation: "examining", path: current)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, target.count - 1)
            guard length >= 0 else { throw FileSystemError(code: errno, operation: "reading the link", path: current) }
            let text = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : AtomicFile.folder(of: current) + "/" + text
        }
        throw FileSystemError(code: ELOOP, operation: "following the links of", path: path)
    }

    /// Replaces the file `path` stands for (see `resolve`) with `bytes` through `AtomicFile`, its folder made if
    /// missing, keeping the old file's permission bits and owner (new files: 0600, as the file may hold the music
    /// daemon's password). A symlink at `path` stays a symlink.
    /// - Throws: `FileSystemError` when the folder cannot be made or the file cannot be written; the old file is
    ///   then untouched.
    static func replace(_ path: String, with bytes: [UInt8]) throws(FileSystemError) {
        try AtomicFile.replace(try resolve(path), with: bytes, mode: .keepingOld(orNew: 0o600), makingFolder: true)
    }
}
