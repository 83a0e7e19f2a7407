import MediaModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists folders through the C library, keeping names as raw bytes (names need not be UTF-8).
enum DirectoryReader {
    /// What a folder entry is, after following symbolic links.
    enum Kind {
        case directory(device: UInt64, inode: UInt64)
        case file(size: Int64, mtime: Int64)
        case brokenSymlink
        case symlinkLoop
        case permissionDenied
        case other
    }

    /// One folder entry.
    struct Entry {
        var name: [UInt8]
        var kind: Kind
        var isSymlink: Bool
    }

    /// The entries of `directory`, hidden ones (leading dot) left out.
    /// With `statFiles` false, regular files are reported with size and mtime 0 (no `stat` call).
    /// Returns the `errno` when the folder cannot be listed.
    static func entries(of directory: LibraryPath, statFiles: Bool) -> Result<[Entry], SystemCallError> {
        var entries: [Entry] = []
        let failure = forEachEntry(of: directory, statFiles: statFiles) { entry in
            entries.append(entry)
            return true
        }
        if let failure { return .failure(failure) }
        return .success(entries)
    }

    /// Hands `body` the entries of `directory` one at a time as they are read (hidden ones left out, files as in
    /// `entries`), holding none of them, until `body` answers false. Returns the `errno` when the folder cannot be
    /// listed.
    @discardableResult
    static func forEachEntry(
        of directory: LibraryPath, statFiles: Bool, _ body: (Entry) -> Bool
    ) -> SystemCallError? {
        guard let stream = directory.withCString({ opendir($0) }) else {
            return SystemCallError(code: errno)
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name.first == UInt8(ascii: ".") { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_REG) && !statFiles {
                guard body(Entry(name: name, kind: .file(size: 0, mtime: 0), isSymlink: false)) else { return nil }
                continue
            }
            if type == UInt8(DT_DIR) || type == UInt8(DT_REG) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                let isSymlink =
                    type == UInt8(DT_LNK) || (type == UInt8(DT_UNKNOWN) && isLink(directory.appending(name)))
                // Relative to the open folder: spares the kernel a walk of the whole path for each entry.
                let kind = (name + [0]).withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { kindAt(folder: dirfd(stream), name: $0.baseAddress!) }
                }
                guard body(Entry(name: name, kind: kind, isSymlink: isSymlink)) else { return nil }
            }
        }
        return nil
    }

    /// What `path` is, following symbolic links.
    static func kind(of path: LibraryPath) -> Kind {
        path.withCString { kindAt(folder: AT_FDCWD, name: $0) }
    }

    /// What `name` (relative to the open folder `folder`, or absolute) is, following symbolic links.
    private static func kindAt(folder: Int32, name: UnsafePointer<CChar>) -> Kind {
        var info = stat()
        let code = fstatat(folder, name, &info, 0)
        if code != 0 {
            switch errno {
            case ENOENT, ENOTDIR: return .brokenSymlink
            case ELOOP: return .symlinkLoop
            case EACCES, EPERM: return .permissionDenied
            default: return .other
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        case S_IFREG:
            return .file(
                size: Int64(info.st_size),
                mtime: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        default: return .other
        }
    }

    private static func isLink(_ path: LibraryPath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Up to `count` bytes from the end of the file at `path` (for the content key of a song).
    static func tail(of path: LibraryPath, count: Int) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end > 0 else { return [] }
        let start = max(0, end - off_t(count))
        var buffer = [UInt8](repeating: 0, count: Int(end - start))
        var filled = 0
        while filled < buffer.count {
            let read = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, $0.count - filled, start + off_t(filled))
            }
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { break }
            filled += read
        }
        return Array(buffer.prefix(filled))
    }

    /// The whole file at `path`, or nil when it cannot be read or is larger than `limit` bytes.
    static func contents(of path: LibraryPath, limit: Int) -> [UInt8]? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < buffer.count {
            let read = buffer.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if read < 0 && errno == EINTR { continue }
            if read <= 0 { break }
            filled += read
        }
        return Array(buffer.prefix(filled))
    }
}
