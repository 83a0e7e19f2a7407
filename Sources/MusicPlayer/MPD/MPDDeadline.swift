import Glibc
import MediaModel

/// A moment on the monotonic clock by which a socket operation must finish (the wall clock may jump; this does
/// not). Any thread.
struct MPDDeadline: Sendable {
    /// Nanoseconds on `CLOCK_MONOTONIC`.
    private let end: UInt64

    /// The moment `seconds` from now (NaN or negative: now; huge: as late as the clock goes).
    init(seconds: Double) {
        let (sum, overflow) = Self.now.addingReportingOverflow(UInt64(clamping: seconds * 1e9, rounding: .up))
        end = overflow ? .max : sum
    }

    /// Whether the moment has come.
    var hasPassed: Bool { Self.now >= end }

    /// What is left, in whole milliseconds rounded up (for `poll`), at least 0.
    var remainingMilliseconds: Int32 {
        let now = Self.now
        guard end > now else { return 0 }
        let milliseconds = (end - now) / 1_000_000 + ((end - now) % 1_000_000 == 0 ? 0 : 1)
        return Int32(clamping: milliseconds)
    }

    private static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
