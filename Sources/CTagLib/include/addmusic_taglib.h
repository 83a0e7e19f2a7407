#ifndef ADDMUSIC_TAGLIB_H
#define ADDMUSIC_TAGLIB_H
// A C interface of our own over TagLib (C++): read a file's tags as one property map whatever its format, its
// audio properties and its cover; write a property map, a cover and a rating back. Every call is on the caller's
// thread and blocking; a handle is used by one thread at a time.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How a read or a write ended.
typedef enum {
    ADDMUSIC_TAGS_OK = 0,
    /// TagLib does not know the format, or the file is not valid in it.
    ADDMUSIC_TAGS_UNSUPPORTED = 1,
    /// The file could not be opened (see `error_number`).
    ADDMUSIC_TAGS_OPEN_FAILED = 2,
    /// The read went past its deadline.
    ADDMUSIC_TAGS_DEADLINE = 3,
    /// The read asked for more bytes than its budget.
    ADDMUSIC_TAGS_TOO_MANY_BYTES = 4,
    /// TagLib could not save the file.
    ADDMUSIC_TAGS_SAVE_FAILED = 5,
    /// The tag claims more entries than any real tag holds (see `addmusic_tags_maximum_entries`).
    ADDMUSIC_TAGS_TOO_MANY_ENTRIES = 6,
} addmusic_tags_status;

/// What one read found; owned by the caller, freed with `addmusic_tags_free`.
typedef struct addmusic_tags addmusic_tags;

/// The audio properties TagLib read (0 where unknown).
typedef struct {
    int64_t length_ms;
    int32_t sample_rate;
    int32_t channels;
    /// Kilobits per second.
    int32_t bitrate;
    int32_t bits_per_sample;
    /// FFmpeg's name of the codec ("mp3", "flac", "aac", …), or "" when TagLib does not say.
    const char *codec;
    /// TagLib's name of the file type ("MPEG", "FLAC", "MP4", …).
    const char *format;
} addmusic_tags_properties;

/// Reads `path`: tags of every kind the format holds, merged (the format's main tag first, then the others for the
/// keys it lacks), its audio properties, and its front cover (else its first picture) when `max_picture_bytes` > 0.
/// Every read of the file counts against `seconds` and `max_bytes`; past either the read stops (`status` says which).
/// Each value is cut to `max_value_bytes` (possibly inside a UTF-8 sequence: the caller cuts again at a scalar), and
/// at most 4,096 entries are kept, 256 of one key.
/// Returns NULL with `status` (and `error_number` for an open that failed) when nothing was read.
addmusic_tags *addmusic_tags_read(const char *path, double seconds, int64_t max_bytes, size_t max_picture_bytes,
                                  size_t max_value_bytes, addmusic_tags_status *status, int *error_number);
void addmusic_tags_free(addmusic_tags *tags);

/// The most entries a tag may claim before TagLib is asked to parse it.
unsigned long addmusic_tags_maximum_entries(void);

/// The number of entries: one per value (a key with two values gives two entries, in order).
size_t addmusic_tags_count(const addmusic_tags *tags);
/// The key of entry `index` in TagLib's property names ("TITLE", "ARTIST", "MUSICBRAINZ_TRACKID", …), UTF-8, and
/// for what the property map lacks our own: "POPM" (the rating byte, as a number), "WM/SHAREDUSERRATING".
const char *addmusic_tags_key(const addmusic_tags *tags, size_t index);
/// The value of entry `index`, UTF-8 (may hold NULs; `length` is its byte count).
const char *addmusic_tags_value(const addmusic_tags *tags, size_t index, size_t *length);
addmusic_tags_properties addmusic_tags_audio(const addmusic_tags *tags);
/// The picture's bytes (NULL when there is none or it was over the limit) and its MIME type as the tag says it.
const unsigned char *addmusic_tags_picture(const addmusic_tags *tags, size_t *size, const char **mime);
/// The size of a picture left out for being over `max_picture_bytes`, else 0.
size_t addmusic_tags_oversized_picture(const addmusic_tags *tags);

/// What to do with the cover in a write.
typedef enum {
    ADDMUSIC_COVER_KEEP = 0,
    ADDMUSIC_COVER_SET = 1,
    ADDMUSIC_COVER_REMOVE = 2,
} addmusic_cover_action;

/// A write: for each of `keys` (property names, upper case), its values replace the file's (no values: the key is
/// removed); other keys are kept. `rating` is -1 to keep the file's rating, 0 to remove it, 1–5 for stars, written
/// as POPM in ID3v2, WM/SharedUserRating in ASF and FMPS_RATING elsewhere.
typedef struct {
    const char *const *keys;
    /// `value_counts[i]` values for `keys[i]`, taken in order from `values`.
    const size_t *value_counts;
    size_t key_count;
    const char *const *values;
    addmusic_cover_action cover_action;
    const unsigned char *cover;
    size_t cover_size;
    const char *cover_mime;
    int rating;
} addmusic_tags_changes;

/// Writes `changes` into the file at `path` in place (the caller edits a copy). ID3v2 keeps its version (2.3 stays
/// 2.3; 2.2 and new tags become 2.4). On failure `message` holds a reason in English (for a log).
addmusic_tags_status addmusic_tags_write(const char *path, const addmusic_tags_changes *changes, char *message,
                                         size_t message_size);

#ifdef __cplusplus
}
#endif
#endif
