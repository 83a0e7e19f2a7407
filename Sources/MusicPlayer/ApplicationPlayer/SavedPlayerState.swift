import Foundation
import MediaModel

/// What the application player keeps on disk so that a restart (or a kill) brings back the queue, the item and
/// the position (B-F3): written atomically (a temporary file renamed over the old one) on every change and every
/// second while playing, so a kill loses at most the last second.
///
/// A file that does not pass `load(from:)`'s checks is never trusted: it is set aside beside the original name
/// (kept for the user, never deleted) and the player starts clean.
public struct SavedPlayerState: Codable, Sendable, Equatable {
    /// The queue as persistent item ids.
    public var itemIDs: [Int64]
    /// The item playing or paused, as an index into `itemIDs`.
    public var index: Int?
    /// Seconds into that item.
    public var time: Double

    /// The most items a saved queue may hold, and the largest file read as one.
    public static let maximumItems = 1_000_000
    static let maximumFileBytes = 64 * 1024 * 1024

    /// A state to save.
    public init(itemIDs: [Int64], index: Int?, time: Double) {
        self.itemIDs = itemIDs
        self.index = index
        self.time = time
    }

    /// `$XDG_STATE_HOME/addmusic/player.json` (`~/.local/state/…` when the variable is unset).
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return base + "/addmusic/player.json"
    }

    /// What reading the saved state found.
    public enum Loaded: Sendable, Equatable {
        /// No saved state (the file is missing).
        case none
        /// A state that passed every check.
        case state(SavedPlayerState)
        /// The file failed a check (`reason`, in English, for the log) and was renamed to `keptAt`; start clean.
        case setAside(keptAt: String, reason: String)

        /// The state, when one passed.
        public var state: SavedPlayerState? {
            if case .state(let state) = self { return state }
            return nil
        }
    }

    /// Reads and checks the state saved at `path`: at most `maximumFileBytes`, valid JSON of this shape, at most
    /// `maximumItems` ids, an index inside the queue, and a time inside `MediaTime`'s range. A file that fails is
    /// renamed to `path.invalid-<seconds since 1970>` (its content kept for the user) and `.setAside` says so.
    /// Runs on the caller's thread (a small local file).
    public static func load(from path: String) -> Loaded {
        // Non-blocking, and only a regular file: a FIFO in its place must not hold the start.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .none : setAside(path, reason: "the file cannot be read")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return setAside(path, reason: "not a regular file")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        let data = (try? handle.read(upToCount: maximumFileBytes + 1)) ?? nil
        close(descriptor)
        guard let data, data.count <= maximumFileBytes else {
            return setAside(path, reason: data == nil ? "the file cannot be read" : "the file is too large")
        }
        let state: SavedPlayerState
        do {
            state = try JSONDecoder().decode(SavedPlayerState.self, from: data)
        } catch {
            return setAside(path, reason: "not a saved player state (\(error))")
        }
        if let problem = state.problem { return setAside(path, reason: problem) }
        return .state(state)
    }

    /// What makes this state impossible, or nil when it is sound.
    var problem: String? {
        if itemIDs.count > Self.maximumItems { return "the queue holds more than \(Self.maximumItems) items" }
        if let index, !itemIDs.indices.contains(index) { return "the item index \(index) is outside the queue" }
        if MediaTime.validPosition(time) == nil { return "the time \(time) is not a position in a song" }
        return nil
    }

    /// Moves the file at `path` to a name of its own beside it, never over another kept file (`link` fails when
    /// the name is taken, and the next number is tried).
    private static func setAside(_ path: String, reason: String) -> Loaded {
        let stamp = path + ".invalid-" + String(Int(clamping: Date().timeIntervalSince1970))
        for attempt in 0..<100 {
            let kept = attempt == 0 ? stamp : stamp + "-" + String(attempt)
            if link(path, kept) == 0 {
                unlink(path)
                return .setAside(keptAt: kept, reason: reason)
            }
            if errno != EEXIST { break }
        }
        // Not even movable (a read-only folder, a FIFO on a file system without links): left in place, not trusted.
        return .setAside(keptAt: path, reason: reason)
    }

    /// Writes the state to `path` through `AtomicFile` (mode 0600: what was listened to is the user's own),
    /// creating its folder. A time outside `MediaTime`'s range is saved as the nearest valid one, so what is written
    /// always loads.
    /// - Throws: `FileSystemError`, or the encoder's error.
    public func save(to path: String) throws {
        var checked = self
        checked.time = MediaTime.position(time)
        let bytes = [UInt8](try JSONEncoder().encode(checked))
        try AtomicFile.replace(path, with: bytes, mode: .fixed(0o600), makingFolder: true)
    }
}
