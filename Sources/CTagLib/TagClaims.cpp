#include "TagClaims.h"

#include <unistd.h>

#include <cstdint>
#include <cstring>

namespace addmusic {
namespace {

bool readAt(int descriptor, uint64_t offset, unsigned char *buffer, size_t count) {
    size_t done = 0;
    while (done < count) {
        ssize_t got = pread(descriptor, buffer + done, count - done, off_t(offset + done));
        if (got <= 0) return false;
        done += size_t(got);
    }
    return true;
}

uint32_t syncsafe(const unsigned char *bytes) {
    return (uint32_t(bytes[0] & 0x7F) << 21) | (uint32_t(bytes[1] & 0x7F) << 14) | (uint32_t(bytes[2] & 0x7F) << 7) |
           uint32_t(bytes[3] & 0x7F);
}

uint32_t bigEndian(const unsigned char *bytes, int count) {
    uint32_t value = 0;
    for (int i = 0; i < count; i++) value = (value << 8) | bytes[i];
    return value;
}

uint32_t littleEndian32(const unsigned char *bytes) {
    return uint32_t(bytes[0]) | (uint32_t(bytes[1]) << 8) | (uint32_t(bytes[2]) << 16) | (uint32_t(bytes[3]) << 24);
}

/// The comment count of a Vorbis comment starting at `offset` (vendor length, vendor, count), or 0.
uint32_t commentCount(int descriptor, uint64_t offset) {
    unsigned char length[4];
    if (!readAt(descriptor, offset, length, 4)) return 0;
    unsigned char count[4];
    if (!readAt(descriptor, offset + 4 + littleEndian32(length), count, 4)) return 0;
    return littleEndian32(count);
}

bool isTextFrame(const unsigned char *id, int idLength) {
    if (id[0] == 'T') return true;
    static const char *others[] = {"COMM", "USLT", "SYLT", "COM", "ULT", "SLT"};
    for (auto other : others)
        if (int(strlen(other)) == idLength && memcmp(id, other, idLength) == 0) return true;
    return false;
}

/// The ID3v2 tag's frames counted and measured, stopping at the first that is too much.
TagClaim id3v2Claim(int descriptor, const unsigned char *header) {
    uint32_t size = syncsafe(header + 6);
    // Under a megabyte: at most about 100,000 of the smallest frames, and no text frame too large.
    if (size < 1024 * 1024) return TagClaim::ordinary;
    int version = header[3];
    size_t frameHeader = version == 2 ? 6 : 10;
    uint64_t offset = 10, end = 10 + uint64_t(size);
    unsigned long frames = 0;
    unsigned char bytes[10];
    while (offset + frameHeader <= end && readAt(descriptor, offset, bytes, frameHeader) && bytes[0] != 0) {
        uint32_t frameSize = version == 2 ? bigEndian(bytes + 3, 3) : version == 4 ? syncsafe(bytes + 4)
                                                                                    : bigEndian(bytes + 4, 4);
        if (frameSize > maximumTextFrameBytes && isTextFrame(bytes, version == 2 ? 3 : 4)) return TagClaim::oversizedText;
        offset += frameHeader + frameSize;
        if (++frames > maximumClaimedEntries) return TagClaim::tooManyEntries;
    }
    return TagClaim::ordinary;
}

bool flacClaimsTooMany(int descriptor) {
    uint64_t offset = 4;
    unsigned char block[4];
    for (int blocks = 0; blocks < 1024 && readAt(descriptor, offset, block, 4); blocks++) {
        uint32_t length = bigEndian(block + 1, 3);
        if ((block[0] & 0x7F) == 4) return commentCount(descriptor, offset + 4) > maximumClaimedEntries;
        if (block[0] & 0x80) return false;
        offset += 4 + length;
    }
    return false;
}

/// The second Ogg page's body starts with the comment packet: "\x03vorbis" or "OpusTags", then the comment.
bool oggClaimsTooMany(int descriptor) {
    uint64_t offset = 0;
    for (int page = 0; page < 2; page++) {
        unsigned char header[27];
        if (!readAt(descriptor, offset, header, 27) || memcmp(header, "OggS", 4) != 0) return false;
        unsigned char segments[255];
        if (!readAt(descriptor, offset + 27, segments, header[26])) return false;
        uint64_t body = 0;
        for (int i = 0; i < header[26]; i++) body += segments[i];
        uint64_t start = offset + 27 + header[26];
        if (page == 1) {
            unsigned char magic[8];
            if (!readAt(descriptor, start, magic, 8)) return false;
            if (memcmp(magic, "\x03vorbis", 7) == 0) return commentCount(descriptor, start + 7) > maximumClaimedEntries;
            if (memcmp(magic, "OpusTags", 8) == 0) return commentCount(descriptor, start + 8) > maximumClaimedEntries;
            return false;
        }
        offset = start + body;
    }
    return false;
}

/// `bytes` as UTF-8 with every invalid sequence replaced by U+FFFD.
std::string repairedUTF8(const unsigned char *bytes, size_t count) {
    std::string text;
    size_t i = 0;
    while (i < count) {
        unsigned char lead = bytes[i];
        size_t length = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 0;
        bool valid = length > 0 && i + length <= count && !(lead == 0xC0 || lead == 0xC1 || lead > 0xF4);
        for (size_t k = 1; valid && k < length; k++) valid = (bytes[i + k] & 0xC0) == 0x80;
        if (valid) {
            text.append(reinterpret_cast<const char *>(bytes + i), length);
            i += length;
        } else {
            text.append("\xEF\xBF\xBD");
            i += 1;
        }
    }
    return text;
}

}  // namespace

TagClaim claimOf(int descriptor) {
    unsigned char header[10];
    if (!readAt(descriptor, 0, header, 10)) return TagClaim::ordinary;
    if (memcmp(header, "ID3", 3) == 0) return id3v2Claim(descriptor, header);
    bool tooMany = memcmp(header, "fLaC", 4) == 0   ? flacClaimsTooMany(descriptor)
                   : memcmp(header, "OggS", 4) == 0 ? oggClaimsTooMany(descriptor)
                                                    : false;
    return tooMany ? TagClaim::tooManyEntries : TagClaim::ordinary;
}

std::vector<std::pair<std::string, std::string>> rawUTF8TextFrames(int descriptor,
                                                                   const std::vector<std::string> &ids) {
    std::vector<std::pair<std::string, std::string>> found;
    unsigned char header[10];
    if (!readAt(descriptor, 0, header, 10) || memcmp(header, "ID3", 3) != 0 || header[3] != 4) return found;
    // A tag unsynchronised as a whole, or with an extended header, is left to TagLib.
    if (header[5] & 0xC0) return found;
    uint64_t offset = 10, end = 10 + uint64_t(syncsafe(header + 6));
    unsigned char frame[10];
    for (int frames = 0; frames < 4096 && offset + 10 <= end && readAt(descriptor, offset, frame, 10); frames++) {
        if (frame[0] == 0) break;
        uint32_t size = syncsafe(frame + 4);
        std::string id(reinterpret_cast<const char *>(frame), 4);
        bool wanted = false;
        for (auto &candidate : ids) wanted = wanted || candidate == id;
        // Frames compressed, encrypted, unsynchronised or with a length indicator are not raw text.
        if (wanted && (frame[9] & 0x0F) == 0 && size > 1 && size <= 64 * 1024) {
            std::vector<unsigned char> body(size);
            if (readAt(descriptor, offset + 10, body.data(), size) && body[0] == 3) {
                size_t start = 1;
                for (size_t i = 1; i <= size; i++) {
                    if (i == size || body[i] == 0) {
                        if (i > start) found.emplace_back(id, repairedUTF8(body.data() + start, i - start));
                        start = i + 1;
                    }
                }
            }
        }
        offset += 10 + uint64_t(size);
    }
    return found;
}

}  // namespace addmusic
