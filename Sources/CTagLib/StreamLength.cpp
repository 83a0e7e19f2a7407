#include "StreamLength.h"

#include <unistd.h>

#include <cstring>
#include <ctime>
#include <vector>

namespace addmusic {

double monotonicNow() {
    timespec time{};
    clock_gettime(CLOCK_MONOTONIC, &time);
    return double(time.tv_sec) + double(time.tv_nsec) / 1e9;
}

namespace {

uint32_t little32(const unsigned char *bytes) {
    return uint32_t(bytes[0]) | (uint32_t(bytes[1]) << 8) | (uint32_t(bytes[2]) << 16) | (uint32_t(bytes[3]) << 24);
}

/// A file read forward through a buffer of 64 KB, for walking headers without a system call each.
class Reader {
  public:
    explicit Reader(int descriptor) : descriptor_(descriptor), buffer_(64 * 1024) {}

    /// `count` bytes at `offset` (at most 64 KB), or nullptr past the end.
    const unsigned char *at(int64_t offset, size_t count) {
        if (offset < start_ || offset + int64_t(count) > start_ + int64_t(filled_)) {
            ssize_t got = pread(descriptor_, buffer_.data(), buffer_.size(), offset);
            if (got < 0) got = 0;
            start_ = offset;
            filled_ = size_t(got);
            if (filled_ < count) return nullptr;
        }
        return buffer_.data() + (offset - start_);
    }

  private:
    int descriptor_;
    std::vector<unsigned char> buffer_;
    int64_t start_ = 0;
    size_t filled_ = 0;
};

/// One MPEG audio frame header: its length in bytes, its samples and bit rate; length 0 when not a header.
struct MPEGFrame {
    int length = 0;
    int samples = 0;
    int bitRate = 0;
};

MPEGFrame mpegFrame(const unsigned char *h) {
    MPEGFrame frame;
    if (h[0] != 0xFF || (h[1] & 0xE0) != 0xE0) return frame;
    int version = (h[1] >> 3) & 3;  // 0: 2.5, 2: 2, 3: 1
    int layer = (h[1] >> 1) & 3;    // 1: III, 2: II, 3: I
    int bitIndex = h[2] >> 4, rateIndex = (h[2] >> 2) & 3, padding = (h[2] >> 1) & 1;
    if (version == 1 || layer == 0 || bitIndex == 0 || bitIndex == 15 || rateIndex == 3) return frame;
    static const int rates[3] = {44100, 48000, 32000};
    int sampleRate = rates[rateIndex] >> (version == 3 ? 0 : version == 2 ? 1 : 2);
    static const int bitRates[2][3][15] = {
        {{0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448},
         {0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},
         {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}},
        {{0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},
         {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},
         {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160}}};
    int row = version == 3 ? 0 : 1, column = 3 - layer;
    frame.bitRate = bitRates[row][column][bitIndex] * 1000;
    if (layer == 3) {
        frame.samples = 384;
        frame.length = (12 * frame.bitRate / sampleRate + padding) * 4;
    } else {
        frame.samples = (layer == 1 && version != 3) ? 576 : 1152;
        frame.length = frame.samples / 8 * frame.bitRate / sampleRate + padding;
    }
    return frame;
}

}  // namespace

Counted wavPackSamples(int descriptor, double deadline) {
    Counted counted;
    Reader reader(descriptor);
    int64_t offset = 0;
    for (long blocks = 0; blocks < 10000000; blocks++) {
        const unsigned char *header = reader.at(offset, 32);
        if (!header || memcmp(header, "wvpk", 4) != 0) break;
        uint32_t blockIndex = little32(header + 16), blockSamples = little32(header + 20);
        if (blockSamples > 0 && uint64_t(blockIndex) + blockSamples > counted.samples)
            counted.samples = uint64_t(blockIndex) + blockSamples;
        offset += 8 + int64_t(little32(header + 4));
        if (blocks % 1024 == 1023 && monotonicNow() > deadline) {
            counted.overDeadline = true;
            break;
        }
    }
    return counted;
}

bool mpegBitRateVaries(int descriptor, int64_t offset) {
    Reader reader(descriptor);
    int first = 0;
    for (int frames = 0; frames < 64; frames++) {
        const unsigned char *header = reader.at(offset, 4);
        if (!header) return false;
        MPEGFrame frame = mpegFrame(header);
        if (frame.length <= 0) return false;
        if (frames == 0) first = frame.bitRate;
        if (frame.bitRate != first) return true;
        offset += frame.length;
    }
    return false;
}

Counted mpegSamples(int descriptor, int64_t offset, double deadline) {
    Counted counted;
    Reader reader(descriptor);
    for (long frames = 0; frames < 100000000; frames++) {
        const unsigned char *header = reader.at(offset, 4);
        if (!header) break;
        MPEGFrame frame = mpegFrame(header);
        if (frame.length <= 0) break;
        counted.samples += uint64_t(frame.samples);
        offset += frame.length;
        if (frames % 4096 == 4095 && monotonicNow() > deadline) {
            counted.overDeadline = true;
            break;
        }
    }
    return counted;
}

}  // namespace addmusic
