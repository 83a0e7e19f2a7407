import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A playlist file's bytes on disk: read whole up to `Playlist.maximumBytes`, and replaced atomically. Called on any
/// thread; every call is blocking file system work.
enum PlaylistFile {
    /// The bytes of the regular file at `path` (symlinks followed).
    /// - Throws: `PlaylistError.system` when it cannot be opened or read or is no regular file (a folder, a pipe),
    ///   `.tooLarge` past `Playlist.maximumBytes` (checked before anything is read).
    static func read(_ path: LibraryPath) throws(PlaylistError) -> [UInt8] {
        let shown = path.description
        // Non-blocking, so that a named pipe in the file's place is refused rather than waited on.
        let descriptor = path.withCString { name in retryingInterrupts { open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        }
        guard descriptor >= 0 else { throw .system(code: errno, operation: "opening", path: shown) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(code: errno, operation: "reading", path: shown) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw .system(code: kind == S_IFDIR ? EISDIR : EINVAL, operation: "reading", path: shown)
        }
        guard status.st_size <= Playlist.maximumBytes else { throw .tooLarge(path: shown, bytes: Int(status.st_size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingInterrupts { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw .system(code: errno, operation: "reading", path: shown) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            // The file grew while being read: still never more than the cap.
            if bytes.count > Playlist.maximumBytes { throw .tooLarge(path: shown, bytes: bytes.count) }
        }
    }

    /// Replaces (or makes) the file at `path` with `bytes` atomically: a temporary file in the same folder is
    /// written, flushed to disk (`fsync`), given mode 0644, then renamed over `path`, and the folder is flushed. A
    /// reader sees the old file or the new one, never a part; on failure the old file is untouched and the temporary
    /// one removed.
    /// - Throws: `PlaylistError.system`.
    /// How many bytes longer than its file's name the name of the temporary file `replace` writes is: a `.` before,
    /// `.XXXXXX` after.
    static let temporaryNameExtraBytes = 8

    static func replace(_ path: String, with bytes: [UInt8]) throws(PlaylistError) {
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        let name = (path as NSString).lastPathComponent
        var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
        assert(template.count - 1 - (folder + "/" + name).utf8.count == temporaryNameExtraBytes)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .system(code: errno, operation: "creating a file in", path: folder) }
        // Failures below name the playlist's own file: the temporary one is gone when they are read.
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                retryingInterrupts { write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            guard written > 0 else { throw .system(code: errno, operation: "writing", path: path) }
            offset += written
        }
        guard fchmod(descriptor, 0o644) == 0 else {
            throw .system(code: errno, operation: "setting the permissions of", path: path)
        }
        guard retryingInterrupts({ fsync(descriptor) }) == 0 else {
            throw .system(code: errno, operation: "flushing", path: path)
        }
        closed = true
        guard close(descriptor) == 0 else { throw .system(code: errno, operation: "closing", path: path) }
        guard rename(temporary, path) == 0 else { throw .system(code: errno, operation: "replacing", path: path) }
        renamed = true
        syncFolder(folder)
    }

    /// Flushes a folder's entries (a rename or unlink in it then survives a crash); a folder that refuses is no error.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    private static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
