import CFFmpeg
import CTagLib
import FFmpegSupport
import Glibc
import MediaModel
import Synchronization

/// Writes tags into a user's music file without ever touching its audio.
///
/// Every write edits a copy beside the file (a hidden `.addmusic-tag.PID.NAME`, given the file's permissions and
/// owner), reads the copy back, and replaces the file with it by one `rename` only when the copy holds the tags asked
/// and the very audio packets of the file (`AudioDigest`). A kill or a full disk at any moment leaves the old file
/// or the new one; a copy left by a killed writer is removed by the next write in that folder. Blocking file work,
/// on the caller's thread (never the main thread of a window): a write reads the whole file three times.
public enum TagWriter {
    /// How the copies' names start (hidden: no scan indexes them).
    static let copyPrefix = ".addmusic-tag."

    /// What a write did.
    public struct Outcome: Sendable, Equatable {
        /// The file written: the path given, or where its symbolic link led.
        public var path: LibraryPath
        /// Whether the path given was a symbolic link.
        public var followedLink: Bool

        public init(path: LibraryPath, followedLink: Bool) {
            self.path = path
            self.followedLink = followedLink
        }
    }

    /// Writes `changes` into the file at `path` (a link is followed, and said in the outcome).
    /// - Throws: `TagWriteError` saying why nothing changed.
    @discardableResult
    public static func write(_ changes: TagChanges, to path: LibraryPath) throws(TagWriteError) -> Outcome {
        let target = try resolved(path)
        let folder = target.parent
        removeAbandonedCopies(in: folder)
        var status = stat()
        guard target.withCString({ stat($0, &status) }) == 0 else { throw .unreadable(errno) }
        try checkWritable(target, status: status, folder: folder)
        let original: TagLibFile
        do {
            original = try TagLibFile(target, budget: .playback, maximumPictureBytes: 0)
        } catch {
            if case .openFailed(let code) = error.kind { throw .unreadable(code) }
            throw .unsupported(error.description)
        }
        let request = try TagWriteRequest(changes, format: original.format)
        let audio: String
        do {
            audio = try AudioDigest.of(path: target.bytes, fileExtension: target.pathExtension)
        } catch {
            throw .unsupported(error.message)
        }
        let copy = folder.appending(copyName(for: target))
        do {
            try FileCopy.copy(target, to: copy, status: status)
            try request.apply(to: copy)
            try verify(copy, holds: request, audio: audio, extension: target.pathExtension)
            try FileCopy.replace(target, with: copy, folder: folder)
        } catch {
            _ = copy.withCString { unlink($0) }
            throw error
        }
        return Outcome(path: target, followedLink: target != path)
    }

    /// The regular file at `path`, through its symbolic links.
    private static func resolved(_ path: LibraryPath) throws(TagWriteError) -> LibraryPath {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { throw .unreadable(errno) }
        var target = path
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let real = path.withCString({ realpath($0, nil) }) else { throw .unreadable(errno) }
            defer { free(real) }
            target = LibraryPath(bytes: Array(UnsafeBufferPointer(start: real, count: strlen(real))).map(UInt8.init))
            guard target.withCString({ stat($0, &status) }) == 0 else { throw .unreadable(errno) }
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
        return target
    }

    /// Refuses a file or folder that may not be written, before anything is copied. Permission bits count even for
    /// root: a file the user made read-only is not written.
    private static func checkWritable(_ file: LibraryPath, status: stat, folder: LibraryPath) throws(TagWriteError) {
        var system = statvfs()
        if folder.withCString({ statvfs($0, &system) }) == 0, system.f_flag & UInt(ST_RDONLY) != 0 {
            throw .readOnlyFile
        }
        guard status.st_mode & 0o222 != 0, file.withCString({ access($0, W_OK) }) == 0 else { throw .readOnlyFile }
        var folderStatus = stat()
        guard folder.withCString({ stat($0, &folderStatus) }) == 0, folderStatus.st_mode & 0o222 != 0,
            folder.withCString({ access($0, W_OK | X_OK) }) == 0
        else {
            throw .readOnlyFolder
        }
    }

    /// The copy's name: hidden, this process's id (so an abandoned one is known), and the file's name cut to fit.
    private static func copyName(for file: LibraryPath) -> [UInt8] {
        Array("\(copyPrefix)\(getpid()).".utf8) + file.lastComponent.bytes.prefix(200)
    }

    /// The folders this process has cleaned of abandoned copies (one listing each, however many files it writes).
    private static let cleanedFolders = Mutex<Set<LibraryPath>>([])

    /// Removes the copies in `folder` that writers killed before they finished left behind (their process is gone).
    /// Done once per folder in a process.
    static func removeAbandonedCopies(in folder: LibraryPath) {
        guard cleanedFolders.withLock({ $0.insert(folder).inserted }) else { return }
        guard let directory = folder.withCString({ opendir($0) }) else { return }
        defer { closedir(directory) }
        let prefix = Array(copyPrefix.utf8)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard name.starts(with: prefix) else { continue }
            let digits = name.dropFirst(prefix.count).prefix { (48...57).contains($0) }
            guard let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else {
                continue
            }
            _ = folder.appending(name).withCString { unlink($0) }
        }
    }

    /// Reads `copy` back: every field asked holds what was asked, the cover is the one asked (or none), and the
    /// audio packets are the original's.
    private static func verify(_ copy: LibraryPath, holds request: TagWriteRequest, audio: String, extension: String)
        throws(TagWriteError)
    {
        let written: TagLibFile
        do {
            // The picture is read only when the write changed it.
            let pictureBytes = request.changes.cover == .keep ? 0 : Int.max
            written = try TagLibFile(copy, budget: .playback, maximumPictureBytes: pictureBytes)
        } catch {
            throw .verificationFailed("the edited copy does not read back: \(error.description)")
        }
        let values = written.values
        for (key, asked) in request.properties where values.all(key) != asked.compactMap(TagValues.trimmed) {
            throw .verificationFailed("\(key) reads back as \(values.all(key)), not \(asked)")
        }
        switch request.changes.cover {
        case .keep: break
        case .set(let bytes) where written.picture?.bytes != bytes:
            throw .verificationFailed("the cover does not read back")
        case .remove where written.picture != nil:
            throw .verificationFailed("a picture is still there")
        default: break
        }
        let after: String
        do {
            after = try AudioDigest.of(path: copy.bytes, fileExtension: `extension`)
        } catch {
            throw .verificationFailed("the edited copy's audio does not read: \(error.message)")
        }
        guard after == audio else { throw .verificationFailed("the edited copy's audio differs from the file's") }
    }
}
