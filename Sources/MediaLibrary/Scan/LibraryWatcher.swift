import Foundation
import MediaModel

// Threads: owns one thread ("addmusic.library.watch") that reads inotify events and, after a quiet moment, calls its
// handler there. The handler must not block for long; `MusicLibrary.startWatching` rescans in it.
#if canImport(Glibc)
    import Glibc
#endif

/// Watches every folder under the music roots with inotify and reports changes as one coalesced event (B-C1).
///
/// Folders created later are watched as they appear. Bursts (a copy of a whole album) become one event: the handler
/// runs once the folders have been quiet for `quietPeriod`, or at the latest `maximumDelay` after the first change.
public final class LibraryWatcher: @unchecked Sendable {  // `folders` on the watch thread after init; `stopped` locked
    private let descriptor: Int32
    private let roots: [LibraryPath]
    private let handler: @Sendable () -> Void
    private let stopped = Locked(false)
    private var folders: [Int32: LibraryPath] = [:]
    private let done = DispatchSemaphore(value: 0)
    /// How long the folders must be quiet before the handler runs.
    public let quietPeriod: Double
    /// The longest the handler waits after the first change of a burst.
    public let maximumDelay: Double

    private static let mask: UInt32 = UInt32(
        IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF
    )

    /// Starts watching `roots`; `handler` runs on the watcher's thread after each burst of changes.
    /// - Throws: `SystemCallError` when inotify is not available.
    public init(
        roots: [LibraryPath], quietPeriod: Double = 0.3, maximumDelay: Double = 2,
        handler: @escaping @Sendable () -> Void
    ) throws {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw SystemCallError(code: errno) }
        self.descriptor = descriptor
        self.roots = roots
        self.handler = handler
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
        for directory in DirectoryWalk(roots: roots).directories { addWatch(directory) }
        let thread = Thread { [self] in run() }
        thread.name = "addmusic.library.watch"
        thread.start()
    }

    deinit { close(descriptor) }

    /// Stops watching and waits for the watcher's thread to end. Call it before dropping the watcher.
    public func stop() {
        let first = stopped.withLock { value -> Bool in
            defer { value = true }
            return !value
        }
        if first { done.wait() }
    }

    private func addWatch(_ directory: LibraryPath) {
        let watch = directory.withCString { inotify_add_watch(descriptor, $0, Self.mask) }
        if watch >= 0 { folders[watch] = directory }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var firstChange: Date?
        var lastChange = Date()
        while !stopped.withLock({ $0 }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 && handle(buffer, count: count) {
                    lastChange = Date()
                    if firstChange == nil { firstChange = lastChange }
                }
            }
            if let first = firstChange,
                Date().timeIntervalSince(lastChange) >= quietPeriod || Date().timeIntervalSince(first) >= maximumDelay
            {
                firstChange = nil
                handler()
            }
        }
        done.signal()
    }

    /// Reads a batch of events; returns whether any of them is a change worth reporting.
    private func handle(_ buffer: [UInt8], count: Int) -> Bool {
        var changed = false
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + Int(event.len))].prefix {
                $0 != 0
            }
            offset += headerSize + Int(event.len)
            if event.mask & UInt32(IN_IGNORED) != 0 {
                folders.removeValue(forKey: event.wd)
                continue
            }
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changed = true
                continue
            }
            guard let folder = folders[event.wd] else { continue }
            if nameBytes.first == UInt8(ascii: ".") { continue }
            changed = true
            if event.mask & UInt32(IN_ISDIR) != 0 && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                for directory in DirectoryWalk(roots: [folder.appending(Array(nameBytes))]).directories {
                    addWatch(directory)
                }
            }
        }
        return changed
    }
}

extension MusicLibrary {
    /// Watches `roots` and rescans them after each burst of changes; `onChange` then runs on `queue` with the
    /// scan's summary, when the index changed. Keep the returned watcher, and `stop()` it when done.
    /// - Throws: `SystemCallError` when inotify is not available.
    public func startWatching(
        roots: [LibraryPath], queue: DispatchQueue = .main, onChange: @escaping @Sendable (ScanSummary) -> Void
    ) throws -> LibraryWatcher {
        try LibraryWatcher(roots: roots) { [self] in
            guard let summary = try? scan(roots: roots), summary.changedIndex else { return }
            queue.async { onChange(summary) }
        }
    }
}
