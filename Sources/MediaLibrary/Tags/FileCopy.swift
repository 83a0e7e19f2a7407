import Glibc
import MediaModel

/// The two steps of a safe write around the edit: a copy of the file with its permissions and owner, and the copy
/// put in the file's place, flushed to disk.
enum FileCopy {
    /// Copies `file` (whose `stat` is `status`) to the new file `copy`, giving it the file's permission bits and
    /// owner (flushed to disk later, with TagLib's edit, by `replace`).
    /// - Throws: `TagWriteError` (`diskFull`, `cannotKeepOwner`, `system`); `copy` may then exist, for the caller to
    ///   remove.
    static func copy(_ file: LibraryPath, to copy: LibraryPath, status: stat) throws(TagWriteError) {
        let source = file.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard source >= 0 else { throw .unreadable(errno) }
        defer { close(source) }
        let destination = copy.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard destination >= 0 else { throw failure(errno, "making the copy") }
        var closed = false
        defer { if !closed { close(destination) } }
        if status.st_uid != geteuid() || status.st_gid != getegid() {
            guard fchown(destination, status.st_uid, status.st_gid) == 0 else { throw .cannotKeepOwner }
        }
        guard fchmod(destination, status.st_mode & 0o7777) == 0 else { throw failure(errno, "setting permissions") }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(errno) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let done = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + written, count - written) }
                if done < 0 && errno == EINTR { continue }
                guard done > 0 else { throw failure(errno, "copying") }
                written += done
            }
        }
        guard close(destination) == 0 || errno == EINTR else { throw failure(errno, "writing the copy") }
        closed = true
    }

    /// Puts `copy` in the place of `file` (one `rename`), after flushing what TagLib wrote into it, then flushes
    /// `folder` so the rename survives a power cut.
    static func replace(_ file: LibraryPath, with copy: LibraryPath, folder: LibraryPath) throws(TagWriteError) {
        let edited = copy.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard edited >= 0 else { throw failure(errno, "opening the edited copy") }
        let flushed = fsync(edited) == 0 ? 0 : errno
        close(edited)
        guard flushed == 0 else { throw failure(flushed, "flushing the edited copy") }
        guard copy.withCString({ from in file.withCString { rename(from, $0) } }) == 0 else {
            throw failure(errno, "replacing the file")
        }
        let directory = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    private static func failure(_ code: Int32, _ step: String) -> TagWriteError {
        code == ENOSPC || code == EDQUOT ? .diskFull : .system(code, step)
    }
}
