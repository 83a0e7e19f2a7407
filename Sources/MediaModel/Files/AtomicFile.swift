import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way AddMusic replaces a file of its own (the config file, a playlist, the saved player state, a cover
/// for the desktop): the bytes go to a temporary file beside it, are flushed to disk and given their permissions,
/// the temporary file is renamed over the old one, and the folder is flushed. A reader, a kill or a full disk at
/// any moment leaves the old file or the new one, never a part; on failure the temporary file is removed. Blocking
/// file system work, on any thread.
public enum AtomicFile {
    /// The permission bits a replaced file gets.
    public enum Mode: Sendable {
        /// Always these bits.
        case fixed(mode_t)
        /// The old file's bits (and, for a privileged writer, its owner); these bits for a new file.
        case keepingOld(orNew: mode_t)
    }

    /// How many bytes longer than its file's name the temporary file's name is: a `.` before, `.XXXXXX` after.
    public static let temporaryNameExtraBytes = 8

    /// Replaces (or makes) the file at `path` with `bytes`, making its folder first when `makingFolder`.
    /// - Throws: `FileSystemError` naming the file replaced (or its folder, when no file could be made in it); the
    ///   old file is then untouched.
    public static func replace(
        _ path: String, with bytes: [UInt8], mode: Mode, makingFolder: Bool = false
    ) throws(FileSystemError) {
        let folder = folder(of: path)
        if makingFolder {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileSystemError(code: EACCES, operation: "making the folder", path: folder)
            }
        }
        var old = stat()
        let existing = stat(path, &old) == 0 ? old : nil
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw FileSystemError(code: errno, operation: "creating a file in", path: folder) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        try writeAll(bytes, to: descriptor, naming: path)
        let bits: mode_t
        switch mode {
        case .fixed(let fixed): bits = fixed
        case .keepingOld(let new): bits = existing.map { $0.st_mode & 0o7777 } ?? new
        }
        guard fchmod(descriptor, bits) == 0 else {
            throw FileSystemError(code: errno, operation: "setting the permissions of", path: path)
        }
        if case .keepingOld = mode, let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            // Only possible for a privileged writer; anyone else keeps the file as their own.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        }
        guard SystemCall.retryingInterrupts({ fsync(descriptor) }) == 0 else {
            throw FileSystemError(code: errno, operation: "flushing", path: path)
        }
        closed = true
        guard close(descriptor) == 0 else { throw FileSystemError(code: errno, operation: "closing", path: path) }
        guard rename(temporary, path) == 0 else {
            throw FileSystemError(code: errno, operation: "replacing", path: path)
        }
        renamed = true
        syncFolder(folder)
    }

    /// Flushes a folder's entries (a rename or unlink in it then survives a crash); a folder that refuses is no
    /// error.
    public static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    /// The folder holding `path` ("." for a bare name, "/" for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, naming path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                SystemCall.retryingInterrupts { write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            guard written > 0 else { throw FileSystemError(code: errno, operation: "writing", path: path) }
            offset += written
        }
    }
}
