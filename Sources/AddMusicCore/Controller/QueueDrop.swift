/// Where a song dragged in the queue view lands (B-A7): dropped on the upper half of a row it goes before that row,
/// on the lower half after it. The answer is the index it has once moved (the `to` of `moveInQueue(from:to:)`), or
/// nil when the drop leaves it where it is.
public enum QueueDrop {
    /// The index the song at `from` moves to when dropped on row `row` (its lower half when `lowerHalf`) of a queue
    /// of `count` songs; a row past the end puts it last, one before the start first. Nil for no move.
    public static func destination(from: Int, onto row: Int, lowerHalf: Bool, count: Int) -> Int? {
        guard count > 0, (0..<count).contains(from) else { return nil }
        // The gap between rows the song goes into, counted in the queue before it is taken out.
        let gap = min(max(lowerHalf ? row + 1 : row, 0), count)
        // Taken out from above the gap, it lands one place higher.
        let target = gap > from ? gap - 1 : gap
        return target == from ? nil : target
    }
}
