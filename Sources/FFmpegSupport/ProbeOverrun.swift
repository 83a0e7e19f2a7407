/// The limit of a `ProbeBudget` that stopped a probe.
public enum ProbeOverrun: Sendable, Hashable {
    /// The probe took longer than this many seconds.
    case deadline(Double)
    /// The probe read more than this many bytes.
    case bytes(Int64)
    /// The file's tags claimed more than this many entries (TagLib would hold them all).
    case entries(Int)
}
