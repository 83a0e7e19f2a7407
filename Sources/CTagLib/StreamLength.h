// Lengths a file's header does not give, counted from its frames or blocks.
#ifndef ADDMUSIC_STREAM_LENGTH_H
#define ADDMUSIC_STREAM_LENGTH_H
#include <cstdint>

namespace addmusic {

/// How a count ended.
struct Counted {
    /// Samples per channel, 0 when none were found.
    uint64_t samples = 0;
    /// Whether the count stopped at the deadline (`samples` is then partial).
    bool overDeadline = false;
};

/// The samples of the WavPack file open as `descriptor`: the end of its last block (index plus samples), its blocks
/// walked one header at a time.
Counted wavPackSamples(int descriptor, double deadline);

/// Whether the MPEG audio frames from `offset` change their bit rate within the first 64 (a VBR stream).
bool mpegBitRateVaries(int descriptor, int64_t offset);

/// The samples of the MPEG audio frames from `offset` on, each frame's header read to find the next; the count ends
/// at the first place that is not a frame (a trailing tag, the end).
Counted mpegSamples(int descriptor, int64_t offset, double deadline);

/// Seconds on the monotonic clock.
double monotonicNow();

}  // namespace addmusic
#endif
