/// Another scan of the index — in this process or another — is writing it, and this one was told not to wait
/// (`BusyPolicy.fail`).
public struct ScanAlreadyRunning: Error, Sendable, CustomStringConvertible {
    /// The index's database file.
    public let databasePath: String

    public var description: String { "another scan is writing the library index \(databasePath)" }
}
