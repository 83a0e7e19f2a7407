import Foundation

/// What the application player keeps on disk so that a restart (or a kill) brings back the queue, the item and
/// the position (B-F3): written atomically (a temporary file renamed over the old one) on every change and every
/// second while playing, so a kill loses at most the last second.
public struct SavedPlayerState: Codable, Sendable, Equatable {
    /// The queue as persistent item ids.
    public var itemIDs: [Int64]
    /// The item playing or paused, as an index into `itemIDs`.
    public var index: Int?
    /// Seconds into that item.
    public var time: Double

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

    /// Reads the state saved at `path`; nil when there is none or it cannot be read.
    public static func load(from path: String) -> SavedPlayerState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(SavedPlayerState.self, from: data)
    }

    /// Writes the state to `path` atomically, creating its folder.
    /// - Throws: the file system's error.
    public func save(to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
