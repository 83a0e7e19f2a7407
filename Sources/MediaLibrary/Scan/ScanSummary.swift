/// What a scan did, for the closing summary.
public struct ScanSummary: Sendable {
    /// Songs new to the index.
    public var added = 0
    /// Songs whose file changed (or whose cover file changed) and were read again.
    public var updated = 0
    /// Songs found at a new path with the same content; they kept their ids.
    public var moved = 0
    /// Songs whose file is gone.
    public var removed = 0
    /// Songs whose size and modification time had not changed, so they were not reopened.
    public var unchanged = 0
    /// Files that are not used: read failures now, and earlier ones whose file has not changed.
    public var unreadable: [ScanProblem] = []
    /// Songs indexed with a problem in part (their artwork).
    public var warnings: [ScanProblem] = []
    /// Files skipped because their names do not say audio (images, text, …).
    public var ignored = 0
    /// Wall-clock seconds the scan took.
    public var seconds = 0.0

    /// Whether the index changed.
    public var changedIndex: Bool { added + updated + moved + removed > 0 }

    /// Creates an empty summary.
    public init() {}
}
