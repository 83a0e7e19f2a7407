import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The index's one writer, across processes: an advisory lock (`flock`) on the file `<database>.lock` beside it,
/// held from the start of a scan to its end.
///
/// The kernel releases it when its holder closes the file or dies, so a scan killed at any moment never leaves it
/// behind. `flock` locks belong to an open file and each holder opens the file itself, so two holders in one process
/// exclude each other just as two processes do. Taken on the caller's thread, which waiting blocks: never take it on
/// the main thread of a window. Released in `deinit`.
final class LibraryWriteLock {
    /// The lock file.
    let path: String
    private let descriptor: Int32

    /// Takes the lock of the index at `databasePath`; when another holder has it, waits (after running `notice`
    /// once) or throws, as `ifBusy` says.
    /// - Throws: `ScanAlreadyRunning` when busy and told not to wait; `SystemCallError` when the lock file cannot be
    ///   opened or locked.
    init(databasePath: String, ifBusy: BusyPolicy) throws {
        let path = databasePath + ".lock"
        // A lock file that is there but may not be written still locks: `flock` needs only an open file.
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        do {
            if try !Self.lock(descriptor, wait: false) {
                switch ifBusy {
                case .fail: throw ScanAlreadyRunning(databasePath: databasePath)
                case .wait(let notice):
                    notice?()
                    _ = try Self.lock(descriptor, wait: true)
                }
            }
        } catch {
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    /// Closing the lock file releases the lock.
    deinit { close(descriptor) }

    /// Locks `descriptor` exclusively: true when locked, false when another holder has it and `wait` is false.
    private static func lock(_ descriptor: Int32, wait: Bool) throws -> Bool {
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK: return false
            case let code: throw SystemCallError(code: code)
            }
        }
        return true
    }
}
