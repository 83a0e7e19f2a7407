import Foundation

/// The gating blocks of a song (400 ms, every 100 ms, as EBU R128 and ITU-R BS.1770 define them), counted by their
/// loudness in steps of 0.1 LU from −70 LUFS (the absolute gate; blocks below it are not counted) to +10 LUFS.
///
/// It is what an album's integrated loudness needs of each song, so the album can be measured from its songs'
/// histograms after each song was measured on its own, whenever that was: the index keeps one per song (`bytes`).
/// A block's energy is taken at its step's middle, within 0.05 LU of its own.
public struct LoudnessHistogram: Hashable, Sendable {
    /// The loudness of the first step's lower edge, in LUFS.
    static let floor = -70.0
    /// Steps per LU.
    static let stepsPerLU = 10.0
    /// How many steps.
    static let steps = 800

    /// Blocks per step, by step.
    public private(set) var counts: [Int: Int] = [:]

    public init() {}

    /// Counts a block of `loudness` LUFS (one below the absolute gate, or not finite, is left out).
    public mutating func add(blockLoudness loudness: Double) {
        guard loudness.isFinite, loudness >= Self.floor else { return }
        let step = min(Self.steps - 1, Int(((loudness - Self.floor) * Self.stepsPerLU).rounded(.down)))
        counts[step, default: 0] += 1
    }

    /// Whether no block was counted.
    public var isEmpty: Bool { counts.isEmpty }

    /// The integrated loudness of `histograms` together, in LUFS (BS.1770-4: the mean energy of the blocks above the
    /// absolute gate, then of those no more than 10 LU below that mean); nil when no block passes the gate.
    public static func integrated(_ histograms: [LoudnessHistogram]) -> Double? {
        var total: [Int: Int] = [:]
        for histogram in histograms {
            for (step, count) in histogram.counts { total[step, default: 0] += count }
        }
        guard let ungated = meanLoudness(total, from: 0) else { return nil }
        let threshold = ungated - 10
        let first = Int(((threshold - floor) * stepsPerLU).rounded(.up))
        return meanLoudness(total, from: max(0, first))
    }

    /// The loudness of the mean energy of the blocks at step `first` and above; nil when there are none.
    private static func meanLoudness(_ counts: [Int: Int], from first: Int) -> Double? {
        var energy = 0.0
        var blocks = 0
        for (step, count) in counts where step >= first {
            energy += Double(count) * pow(10, (middle(of: step) + 0.691) / 10)
            blocks += count
        }
        guard blocks > 0 else { return nil }
        return -0.691 + 10 * log10(energy / Double(blocks))
    }

    /// The loudness at the middle of `step`.
    private static func middle(of step: Int) -> Double { floor + (Double(step) + 0.5) / stepsPerLU }

    /// The histogram as the index keeps it: for each step with blocks, its number (2 bytes) and its count (4 bytes),
    /// little-endian, in step order.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(counts.count * 6)
        for (step, count) in counts.sorted(by: { $0.key < $1.key }) {
            let count = UInt32(clamping: count)
            bytes += [UInt8(step & 0xFF), UInt8(step >> 8)]
            bytes += (0..<4).map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }
        }
        return bytes
    }

    /// Reads what `bytes` wrote; nil when they are not such a histogram.
    public init?(bytes: [UInt8]) {
        guard bytes.count % 6 == 0 else { return nil }
        for offset in stride(from: 0, to: bytes.count, by: 6) {
            let step = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
            let count = (0..<4).reduce(0) { $0 | Int(bytes[offset + 2 + $1]) << (8 * $1) }
            guard step < Self.steps else { return nil }
            counts[step, default: 0] += count
        }
    }
}
