/// A failure of libebur128, the loudness meter.
public struct EBUR128Error: Error, Sendable, CustomStringConvertible {
    /// libebur128's error code (`EBUR128_ERROR_*`; 0 when it gave none, as a failed `ebur128_init`).
    public let code: Int32
    /// What was being done ("start", "measure", …).
    public let operation: String

    public var description: String {
        let reason =
            switch code {
            case 1: "out of memory"
            case 2: "a measurement the meter was not set up for"
            case 3: "a channel it does not know"
            default: "code \(code)"
            }
        return "loudness meter: \(operation): \(reason)"
    }
}
