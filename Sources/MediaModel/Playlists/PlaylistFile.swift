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
        let descriptor = path.withCString { name in
            SystemCall.retryingInterrupts { open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
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
                SystemCall.retryingInterrupts { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw .system(code: errno, operation: "reading", path: shown) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            // The file grew while being read: still never more than the cap.
            if bytes.count > Playlist.maximumBytes { throw .tooLarge(path: shown, bytes: bytes.count) }
        }
    }

    /// Replaces (or makes) the file at `path` with `bytes` through `AtomicFile`, with mode 0644.
    /// - Throws: `PlaylistError.system`.
    static func replace(_ path: String, with bytes: [UInt8]) throws(PlaylistError) {
        do {
            try AtomicFile.replace(path, with: bytes, mode: .fixed(0o644))
        } catch {
            throw .system(code: error.code, operation: error.operation, path: error.path)
        }
    }
}
