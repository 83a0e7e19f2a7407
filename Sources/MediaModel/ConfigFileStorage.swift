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
    /// - Throws: `ConfigFileError` when something is there but cannot be read: a folder, a device or pipe, no
    ///   permission, an I/O error.
    static func read(_ path: String) throws(ConfigFileError) -> [UInt8]? {
        // Non-blocking, so that a named pipe in the file's place is refused rather than waited on.
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw ConfigFileError(code: errno, operation: "opening", path: path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ConfigFileError(code: errno, operation: "reading", path: path)
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw ConfigFileError(code: kind == S_IFDIR ? EISDIR : EINVAL, operation: "reading", path: path)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingInterrupts { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw ConfigFileError(code: errno, operation: "reading", path: path) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// The file `path` stands for: the end of its chain of symlinks (relative targets taken from each link's
    /// folder), which may not exist yet.
    /// - Throws: `ConfigFileError` (`ELOOP`) for a loop, or when a link cannot be examined.
    static func resolve(_ path: String) throws(ConfigFileError) -> String {
        var current = path
        for _ in 0..<maximumLinks {
            var status = stat()
            if lstat(current, &status) != 0 {
                if errno == ENOENT { return current }
                throw ConfigFileError(code: errno, operation: "examining", path: current)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, target.count - 1)
            guard length >= 0 else { throw ConfigFileError(code: errno, operation: "reading the link", path: current) }
            let text = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = text.hasPrefix("/") ? text : folder(of: current) + "/" + text
        }
        throw ConfigFileError(code: ELOOP, operation: "following the links of", path: path)
    }

    /// Replaces the file `path` stands for (see `resolve`) with `bytes`: a temporary file in the same folder,
    /// written, given the old file's permission bits and owner (new files: 0600, as the file may hold the music
    /// daemon's password), flushed to disk, then renamed over the old one. A symlink at `path` stays a symlink.
    /// - Throws: `ConfigFileError` when the folder cannot be made or the file cannot be written; the old file is
    ///   then untouched.
    static func replace(_ path: String, with bytes: [UInt8]) throws(ConfigFileError) {
        let real = try resolve(path)
        let directory = folder(of: real)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ConfigFileError(code: EACCES, operation: "making the folder", path: directory)
        }
        var old = stat()
        let existing = stat(real, &old) == 0 ? old : nil
        let name = real.split(separator: "/").last.map(String.init) ?? "config"
        var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw ConfigFileError(code: errno, operation: "creating a file in", path: directory)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        try writeAll(bytes, to: descriptor, path: temporary)
        guard fchmod(descriptor, existing.map { $0.st_mode & 0o7777 } ?? 0o600) == 0 else {
            throw ConfigFileError(code: errno, operation: "setting the permissions of", path: temporary)
        }
        if let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            // Only possible for a privileged writer; anyone else keeps the file as their own.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else {
            throw ConfigFileError(code: errno, operation: "flushing", path: temporary)
        }
        closed = true
        guard close(descriptor) == 0 else { throw ConfigFileError(code: errno, operation: "closing", path: temporary) }
        guard rename(temporary, real) == 0 else {
            throw ConfigFileError(code: errno, operation: "replacing", path: real)
        }
        renamed = true
        // The rename itself survives a crash once the folder is flushed; a folder that refuses is no error.
        let folderDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ConfigFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                retryingInterrupts { write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            guard written > 0 else { throw ConfigFileError(code: errno, operation: "writing", path: path) }
            offset += written
        }
    }

    /// The folder holding `path` ("." for a bare name).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
