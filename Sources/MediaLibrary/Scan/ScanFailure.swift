/// The scan could not finish walking the folders; what was written so far is kept.
public struct ScanFailure: Error, Sendable, CustomStringConvertible {
    /// Why.
    public let message: String
    public var description: String { message }
}
