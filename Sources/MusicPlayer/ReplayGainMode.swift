import Foundation
import MediaModel

/// How ReplayGain tags set each song's level: off, by the track's gain, or by the album's (the track's where the
/// album has none), with a preamp and clipping prevention from the peak tags. A song without ReplayGain tags is
/// levelled the same way by the loudness the analysis measured (B-P10), once it has; else it plays as it is.
public struct ReplayGainMode: Sendable, Equatable {
    /// Which gain tag is used.
    public enum Source: String, Sendable, CaseIterable {
        case off
        case track
        case album
    }

    /// Which gain tag is used.
    public var source: Source
    /// Added to every tagged gain, in dB (−15 to +15).
    public var preamp: Double

    /// ReplayGain off.
    public static let off = ReplayGainMode(source: .off)

    /// `source` with `preamp` dB (clamped to −15…+15).
    public init(source: Source, preamp: Double = 0) {
        self.source = source
        self.preamp = min(15, max(-15, preamp.isFinite ? preamp : 0))
    }

    /// The factor `item`'s samples are multiplied by: by its ReplayGain tags when it has a gain tag, else by its
    /// measured loudness (`Loudness.replayGain`: the gain to −18 LUFS, the true peak), else 1.
    public func scale(for item: MediaItem) -> Double {
        let tags = item.replayGain
        if tags.trackGain != nil || tags.albumGain != nil { return scale(for: tags) }
        return scale(for: item.loudness?.replayGain ?? ReplayGain())
    }

    /// The factor a song's samples are multiplied by: 10^((gain + preamp) / 20), lowered so that its peak stays
    /// at or below full scale; 1 when off or untagged.
    public func scale(for tags: ReplayGain) -> Double {
        let chosen: (gain: Double?, peak: Double?)
        switch source {
        case .off: return 1
        case .track: chosen = (tags.trackGain, tags.trackPeak)
        case .album:
            chosen = tags.albumGain != nil ? (tags.albumGain, tags.albumPeak) : (tags.trackGain, tags.trackPeak)
        }
        guard let gain = chosen.gain, gain.isFinite else { return 1 }
        var scale = pow(10, (gain + preamp) / 20)
        if let peak = chosen.peak, peak.isFinite, peak > 0 { scale = min(scale, 1 / peak) }
        return scale
    }
}
