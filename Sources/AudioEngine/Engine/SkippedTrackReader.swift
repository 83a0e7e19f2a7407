/// The track a skip left, decoded on from the frame the output left it at only as fast as the fade into the new
/// track needs it, with the gain and the equalizer it played with. Reading it all before the fade began would leave
/// the output, which holds a tenth of a second after a skip, without samples on a busy machine: a gap at the skip.
/// Not thread-safe: the decoder thread owns it, through `CrossfadeTail`.
final class SkippedTrackReader {
    private let decoder: AudioDecoder
    private let gain: Float
    private let filter: EqualizerFilter?
    private let channels: Int
    /// Frames still to decode and drop before the first one the fade uses (the decoder's and the equalizer's state
    /// is then as it was when the output took them).
    private var preroll: Int
    private let decoded = PendingSamples(capacity: 16_384)
    private var ended = false

    /// Reads on from where `decoder` was sought to, dropping `preroll` frames first.
    init(_ decoder: AudioDecoder, gain: Float, filter: EqualizerFilter?, preroll: Int) {
        self.decoder = decoder
        self.gain = gain
        self.filter = filter
        self.preroll = preroll
        channels = decoder.format.channels
    }

    /// Appends up to `frames` frames of the track to `destination`; returns how many, fewer only once the track
    /// has ended or no longer decodes (a damaged file ends the fade as its end would).
    func read(_ frames: Int, into destination: PendingSamples) -> Int {
        var moved = 0
        while moved < frames {
            if decoded.count == 0 {
                guard !ended, decodeBlock() else { break }
                continue
            }
            let count = min(decoded.count / channels, frames - moved) * channels
            decoded.take(count, into: destination.reserve(count))
            destination.didAppend(count)
            moved += count / channels
        }
        return moved
    }

    /// Decodes the next block into `decoded` (which is empty), as the track played, less what the preroll drops;
    /// false at the end.
    private func decodeBlock() -> Bool {
        do {
            guard try decoder.decode(into: decoded) else {
                ended = true
                return false
            }
        } catch {
            ended = true
            return false
        }
        let block = decoded.mutableSamples
        if gain != 1 { PlaybackEngine.scale(block, by: gain) }
        filter?.process(block)
        let drop = min(preroll, block.count / channels)
        decoded.remove(from: 0, count: drop * channels)
        preroll -= drop
        return true
    }
}
