/// The limit of a `ProbeBudget` that stopped a probe.
public enum ProbeOverrun: Sendable, Hashable {
    /// The probe took longer than this many seconds.
    case deadline(Double)
    /// The probe read more than this many bytes.
    case bytes(Int64)
}
