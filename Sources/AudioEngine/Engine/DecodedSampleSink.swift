/// Where `AudioDecoder` puts the samples it converts: room reserved, written in place by the resampler, then counted.
/// One decoder thread owns a sink.
protocol DecodedSampleSink: AnyObject {
    /// Samples held, not yet handed on.
    var count: Int { get }
    /// Room for `count` more samples after those held, to be written and then counted with `didAppend`.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Float>
    /// Counts `count` samples written where `reserve` said.
    func didAppend(_ count: Int)
    /// Drops `count` samples from `offset` (counted from the first held), keeping the rest in order. Only samples
    /// appended by the last `didAppend` are ever dropped.
    func remove(from offset: Int, count: Int)
}

extension PendingSamples: DecodedSampleSink {}
