/// How far a running scan is; delivered on the scanning thread.
public struct ScanProgress: Sendable {
    /// Audio files handled so far (read, or found unchanged).
    public var done: Int
    /// Audio files found under the roots.
    public var total: Int
    /// Seconds since the scan started.
    public var elapsed: Double

    /// Files per second so far.
    public var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Estimated seconds left, once there is a rate to go by.
    public var remaining: Double? {
        guard done > 0, rate > 0 else { return nil }
        return Double(total - done) / rate
    }
}
