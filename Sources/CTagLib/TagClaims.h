// Looks at what a file's tag claims before TagLib parses it, and at the raw bytes TagLib could not decode.
#ifndef ADDMUSIC_TAG_CLAIMS_H
#define ADDMUSIC_TAG_CLAIMS_H
#include <string>
#include <utility>
#include <vector>

namespace addmusic {

/// The most entries a tag may claim before TagLib is asked to parse it: TagLib holds each as objects of a few hundred
/// bytes, so a FLAC or Ogg comment block of 800,000 entries would take over half a gigabyte. No real tag comes near.
const unsigned long maximumClaimedEntries = 20000;

/// The most bytes one ID3v2 text frame (T***, TXXX, COMM, USLT, SYLT) may hold for TagLib to read it: TagLib holds
/// text as four bytes a character, in several copies, so 50 MB of lyrics would take half a gigabyte. A file with
/// a larger one is left to FFmpeg, whose dictionary holds it once.
const unsigned long maximumTextFrameBytes = 4 * 1024 * 1024;

/// What the tag at the start of a file claims.
enum class TagClaim { ordinary, tooManyEntries, oversizedText };

/// Whether the Vorbis comment (FLAC, Ogg Vorbis, Opus) or the ID3v2 tag at the start of the open file `descriptor`
/// claims more than `maximumClaimedEntries` entries, or an ID3v2 text frame over `maximumTextFrameBytes`. Reads a
/// few headers with `pread` (an ID3v2 tag over 1 MB is walked frame by frame).
TagClaim claimOf(int descriptor);

/// The text frames of the ID3v2.4 tag at the start of `descriptor` whose encoding is UTF-8 and whose ids are in
/// `ids`: (id, text) with every invalid byte sequence replaced by U+FFFD, one entry per value (values are separated
/// by NUL).
std::vector<std::pair<std::string, std::string>> rawUTF8TextFrames(int descriptor,
                                                                   const std::vector<std::string> &ids);

}  // namespace addmusic
#endif
