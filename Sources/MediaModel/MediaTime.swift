/// The valid range of the times and durations AddMusic accepts from outside (a file's header, a saved state, a
/// daemon's reply, a D-Bus call), in seconds.
///
/// A header can claim any length (an RF64 WAV of 4 KB may declare 2^62 samples); a saved state or a client can send
/// any time. Each such number is checked once, where it enters, with these functions; past them, code may multiply a
/// time by a sample rate or by 10^6 without overflowing.
public enum MediaTime {
    /// The longest duration taken as real: 1,000 days. Longer claims read as "unknown".
    public static let maximumSeconds: Double = 1_000 * 24 * 3600

    /// `seconds` when it is a real duration (finite, positive, at most `maximumSeconds`); nil otherwise.
    @inlinable
    public static func duration(_ seconds: Double) -> Double? {
        seconds.isFinite && seconds > 0 && seconds <= maximumSeconds ? seconds : nil
    }

    /// `seconds` as a position: NaN is 0, the rest clamped into 0 … `maximumSeconds`.
    @inlinable
    public static func position(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, 0), maximumSeconds)
    }

    /// `seconds` as a position when it is finite and inside 0 … `maximumSeconds`; nil otherwise.
    @inlinable
    public static func validPosition(_ seconds: Double) -> Double? {
        seconds.isFinite && seconds >= 0 && seconds <= maximumSeconds ? seconds : nil
    }
}
