// The C interface of addmusic_taglib.h over TagLib 1.13. Every TagLib object lives inside one call; what a read
// returns is copied into plain strings and bytes owned by `addmusic_tags`.
#include "addmusic_taglib.h"
#include "StreamLength.h"
#include "TagClaims.h"

#include <taglib/aifffile.h>
#include <taglib/apefile.h>
#include <taglib/apeitem.h>
#include <taglib/apetag.h>
#include <taglib/asffile.h>
#include <taglib/asfpicture.h>
#include <taglib/asftag.h>
#include <taglib/attachedpictureframe.h>
#include <taglib/fileref.h>
#include <taglib/flacfile.h>
#include <taglib/flacpicture.h>
#include <taglib/id3v1tag.h>
#include <taglib/id3v2header.h>
#include <taglib/id3v2tag.h>
#include <taglib/infotag.h>
#include <taglib/mp4file.h>
#include <taglib/mp4tag.h>
#include <taglib/mpcfile.h>
#include <taglib/mpegfile.h>
#include <taglib/oggflacfile.h>
#include <taglib/opusfile.h>
#include <taglib/popularimeterframe.h>
#include <taglib/speexfile.h>
#include <taglib/tdebuglistener.h>
#include <taglib/tfilestream.h>
#include <taglib/tpropertymap.h>
#include <taglib/textidentificationframe.h>
#include <taglib/trueaudiofile.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/wavpackfile.h>
#include <taglib/xiphcomment.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <vector>

using namespace TagLib;

struct addmusic_tags {
    std::vector<std::pair<std::string, std::string>> entries;
    std::string codec;
    std::string format;
    addmusic_tags_properties audio{};
    std::string picture;
    std::string picture_mime;
    size_t oversized_picture = 0;
    size_t maximum_value_bytes = 0;
};

namespace {

/// TagLib writes its warnings to standard error; a file's faults are ours to report, not TagLib's to print.
class SilentListener : public DebugListener {
  public:
    void printMessage(const String &) override {}
};

void silenceTagLib() {
    static SilentListener listener;
    static std::once_flag once;
    std::call_once(once, [] { setDebugListener(&listener); });
}

/// A file stream whose reads count against a deadline and a byte budget: past either, every read returns nothing,
/// which TagLib takes as the end of the file, so a tag claiming gigabytes or a loop that reads is cut short.
class BudgetStream : public FileStream {
  public:
    /// Over `descriptor` (taken: closed with the stream), named `path` (TagLib tells formats by the extension).
    BudgetStream(int descriptor, const char *path, double seconds, int64_t maxBytes)
        : FileStream(descriptor, true), path_(path), deadline_(addmusic::monotonicNow() + seconds), remaining_(maxBytes) {}

    FileName name() const override { return path_.c_str(); }

    ByteVector readBlock(unsigned long length) override {
        if (status_ != ADDMUSIC_TAGS_OK) return ByteVector();
        if (addmusic::monotonicNow() > deadline_) {
            status_ = ADDMUSIC_TAGS_DEADLINE;
            return ByteVector();
        }
        if (int64_t(length) > remaining_) {
            // A read of what is left of the file is no overrun, however much it asked for.
            long left = this->length() - tell();
            if (left < 0 || int64_t(left) > remaining_) {
                status_ = ADDMUSIC_TAGS_TOO_MANY_BYTES;
                return ByteVector();
            }
            length = (unsigned long)left;
        }
        ByteVector block = FileStream::readBlock(length);
        remaining_ -= int64_t(block.size());
        return block;
    }

    addmusic_tags_status status() const { return status_; }
    double deadline() const { return deadline_; }

  private:
    std::string path_;
    double deadline_;
    int64_t remaining_;
    addmusic_tags_status status_ = ADDMUSIC_TAGS_OK;
};

std::string utf8(const String &text) { return text.to8Bit(true); }

/// The most entries a read keeps, and the most values of one key: a tag of 800,000 comments gives a few thousand
/// entries, not a copy of itself (texts are bounded by the caller's `max_value_bytes` as they are copied).
const size_t maximumEntries = 4096;
const size_t maximumValuesPerKey = 256;

/// Adds the entries of `map` whose keys `tags` does not hold yet (the format's main tag comes first).
void merge(addmusic_tags *tags, const PropertyMap &map) {
    std::set<std::string> known;
    for (auto &entry : tags->entries) known.insert(entry.first);
    for (auto it = map.begin(); it != map.end(); ++it) {
        std::string key = utf8(it->first);
        if (known.count(key) != 0) continue;
        size_t taken = 0;
        for (auto value = it->second.begin(); value != it->second.end(); ++value) {
            if (tags->entries.size() >= maximumEntries || taken++ >= maximumValuesPerKey) break;
            std::string text = utf8(*value);
            if (text.size() > tags->maximum_value_bytes) text.resize(tags->maximum_value_bytes);
            tags->entries.emplace_back(key, std::move(text));
        }
    }
}

bool hasKey(const addmusic_tags *tags, const char *key) {
    for (auto &entry : tags->entries)
        if (entry.first == key) return true;
    return false;
}

/// Keeps `data` as the picture when none is kept yet or it is the front cover and the kept one is not.
struct PictureChoice {
    addmusic_tags *tags;
    size_t limit;
    bool haveFront = false;
    bool havePicture = false;

    void offer(const ByteVector &data, const String &mime, bool front) {
        if (data.isEmpty() || haveFront || (havePicture && !front)) return;
        havePicture = true;
        haveFront = front;
        if (data.size() > limit) {
            tags->picture.clear();
            tags->oversized_picture = data.size();
            return;
        }
        tags->oversized_picture = 0;
        tags->picture.assign(data.data(), data.size());
        tags->picture_mime = utf8(mime);
    }
};

/// Text frames TagLib decoded to nothing because their UTF-8 is invalid, read again from the file's bytes (through
/// `descriptor`, with `pread`) with the invalid sequences replaced: a title with one bad byte keeps the rest of it.
void repairUTF8(ID3v2::Tag *tag, addmusic_tags *tags, int descriptor) {
    if (descriptor < 0 || tag->header()->majorVersion() != 4) return;
    std::vector<std::string> ids;
    std::vector<std::string> keys;
    const ID3v2::FrameList &frames = tag->frameList();
    for (auto it = frames.begin(); it != frames.end(); ++it) {
        auto *text = dynamic_cast<ID3v2::TextIdentificationFrame *>(*it);
        if (!text || dynamic_cast<ID3v2::UserTextIdentificationFrame *>(*it) || text->textEncoding() != String::UTF8)
            continue;
        bool empty = true;
        StringList values = text->fieldList();
        for (auto value = values.begin(); value != values.end(); ++value) empty = empty && value->isEmpty();
        PropertyMap asProperties = text->asProperties();
        if (empty && !asProperties.isEmpty()) {
            ids.emplace_back(text->frameID().data(), text->frameID().size());
            keys.push_back(utf8(asProperties.begin()->first));
        }
    }
    if (ids.empty()) return;
    auto repaired = addmusic::rawUTF8TextFrames(descriptor, ids);
    for (auto &frame : repaired) {
        std::string key;
        for (size_t i = 0; i < ids.size(); i++)
            if (ids[i] == frame.first) key = keys[i];
        if (key.empty()) continue;
        std::vector<std::pair<std::string, std::string>> kept;
        for (auto &entry : tags->entries)
            if (entry.first != key || !entry.second.empty()) kept.push_back(entry);
        tags->entries.swap(kept);
        if (frame.second.size() > tags->maximum_value_bytes) frame.second.resize(tags->maximum_value_bytes);
        tags->entries.emplace_back(key, frame.second);
    }
}

/// `descriptor`: the file's, where the tag is at its start (an MP3's), for `repairUTF8`; else -1.
void readID3v2(ID3v2::Tag *tag, addmusic_tags *tags, PictureChoice *pictures, int descriptor = -1) {
    if (!tag) return;
    merge(tags, tag->properties());
    repairUTF8(tag, tags, descriptor);
    const ID3v2::FrameListMap &frames = tag->frameListMap();
    auto popm = frames.find("POPM");
    if (popm != frames.end() && !hasKey(tags, "POPM")) {
        for (auto frame = popm->second.begin(); frame != popm->second.end(); ++frame) {
            auto *rating = dynamic_cast<ID3v2::PopularimeterFrame *>(*frame);
            if (rating && rating->rating() > 0) {
                tags->entries.emplace_back("POPM", std::to_string(rating->rating()));
                break;
            }
        }
    }
    auto apic = frames.find("APIC");
    if (pictures && apic != frames.end()) {
        for (auto frame = apic->second.begin(); frame != apic->second.end(); ++frame) {
            auto *picture = dynamic_cast<ID3v2::AttachedPictureFrame *>(*frame);
            if (picture)
                pictures->offer(picture->picture(), picture->mimeType(),
                                picture->type() == ID3v2::AttachedPictureFrame::FrontCover);
        }
    }
}

void readAPE(APE::Tag *tag, addmusic_tags *tags, PictureChoice *pictures) {
    if (!tag) return;
    merge(tags, tag->properties());
    if (!pictures) return;
    const APE::ItemListMap &items = tag->itemListMap();
    for (auto it = items.begin(); it != items.end(); ++it) {
        if (!it->first.upper().startsWith("COVER ART") || it->second.type() != APE::Item::Binary) continue;
        // "file name\0bytes": the description need not have an extension.
        ByteVector value = it->second.binaryData();
        int zero = value.find('\0');
        if (zero < 0) continue;
        pictures->offer(value.mid(zero + 1), String(), it->first.upper() == "COVER ART (FRONT)");
    }
}

void readXiph(Ogg::XiphComment *comment, addmusic_tags *tags, PictureChoice *pictures) {
    if (!comment) return;
    merge(tags, comment->properties());
    if (!pictures) return;
    List<FLAC::Picture *> list = comment->pictureList();
    for (auto it = list.begin(); it != list.end(); ++it)
        pictures->offer((*it)->data(), (*it)->mimeType(), (*it)->type() == FLAC::Picture::FrontCover);
    // The legacy field: base64 of the bytes, the type in COVERARTMIME.
    const Ogg::FieldListMap &fields = comment->fieldListMap();
    auto legacy = fields.find("COVERART");
    if (legacy != fields.end()) {
        String mime;
        auto mimes = fields.find("COVERARTMIME");
        if (mimes != fields.end() && !mimes->second.isEmpty()) mime = mimes->second.front();
        for (auto it = legacy->second.begin(); it != legacy->second.end(); ++it)
            pictures->offer(ByteVector::fromBase64(it->data(String::Latin1)), mime, false);
    }
}

/// Ogg Vorbis, Opus, Speex and FLAC: a Vorbis comment.
template <typename OggFile>
void readOggFamily(OggFile *file, const char *format, addmusic_tags *tags, PictureChoice *pictures) {
    tags->format = format;
    readXiph(file->tag(), tags, pictures);
}

/// Monkey's Audio, WavPack and Musepack: an APE tag, then ID3v1 for what it lacks.
template <typename APEFile>
void readAPEFamily(APEFile *file, const char *format, addmusic_tags *tags, PictureChoice *pictures) {
    tags->format = format;
    readAPE(file->hasAPETag() ? file->APETag() : nullptr, tags, pictures);
    if (file->hasID3v1Tag()) merge(tags, file->ID3v1Tag()->properties());
}

/// ASF keeps a field's first value in the content description (the artist) or the extended content description,
/// and the others in the metadata library, which TagLib reads first: the values are put back in the order they were
/// written, and the other artists (the "Author" attributes TagLib leaves out) joined to the first.
void orderASFValues(ASF::Tag *tag, addmusic_tags *tags) {
    std::vector<std::pair<std::string, std::string>> ordered;
    std::set<std::string> done;
    for (auto &entry : tags->entries) {
        if (done.count(entry.first)) continue;
        done.insert(entry.first);
        std::vector<std::string> values;
        for (auto &other : tags->entries)
            if (other.first == entry.first) values.push_back(other.second);
        if (values.size() > 1) values.insert(values.begin(), values.back()), values.pop_back();
        if (entry.first == "ARTIST") {
            ASF::AttributeList authors = tag->attribute("Author");
            for (auto it = authors.begin(); it != authors.end(); ++it) {
                std::string author = utf8(it->toString());
                bool known = false;
                for (auto &value : values) known = known || value == author;
                if (!known && !author.empty()) values.push_back(author);
            }
        }
        for (auto &value : values) ordered.emplace_back(entry.first, value);
    }
    tags->entries.swap(ordered);
}

/// `descriptor`: the file's, for reading bytes again (`pread`) where TagLib's parse lost them.
void readFile(File *file, addmusic_tags *tags, PictureChoice *pictures, int descriptor) {
    if (auto *mpeg = dynamic_cast<MPEG::File *>(file)) {
        tags->format = "MPEG";
        readID3v2(mpeg->hasID3v2Tag() ? mpeg->ID3v2Tag() : nullptr, tags, pictures, descriptor);
        readAPE(mpeg->hasAPETag() ? mpeg->APETag() : nullptr, tags, pictures);
        if (mpeg->hasID3v1Tag()) merge(tags, mpeg->ID3v1Tag()->properties());
    } else if (auto *flac = dynamic_cast<FLAC::File *>(file)) {
        tags->format = "FLAC";
        readXiph(flac->hasXiphComment() ? flac->xiphComment() : nullptr, tags, pictures);
        List<FLAC::Picture *> list = flac->pictureList();
        for (auto it = list.begin(); pictures && it != list.end(); ++it)
            pictures->offer((*it)->data(), (*it)->mimeType(), (*it)->type() == FLAC::Picture::FrontCover);
        readID3v2(flac->hasID3v2Tag() ? flac->ID3v2Tag() : nullptr, tags, pictures);
        if (flac->hasID3v1Tag()) merge(tags, flac->ID3v1Tag()->properties());
    } else if (auto *vorbis = dynamic_cast<Ogg::Vorbis::File *>(file)) {
        readOggFamily(vorbis, "OGG", tags, pictures);
    } else if (auto *opus = dynamic_cast<Ogg::Opus::File *>(file)) {
        readOggFamily(opus, "OPUS", tags, pictures);
    } else if (auto *speex = dynamic_cast<Ogg::Speex::File *>(file)) {
        readOggFamily(speex, "SPEEX", tags, pictures);
    } else if (auto *oggFlac = dynamic_cast<Ogg::FLAC::File *>(file)) {
        readOggFamily(oggFlac, "OGGFLAC", tags, pictures);
    } else if (auto *ape = dynamic_cast<APE::File *>(file)) {
        readAPEFamily(ape, "APE", tags, pictures);
    } else if (auto *wavpack = dynamic_cast<WavPack::File *>(file)) {
        readAPEFamily(wavpack, "WAVPACK", tags, pictures);
    } else if (auto *mpc = dynamic_cast<MPC::File *>(file)) {
        readAPEFamily(mpc, "MPC", tags, pictures);
    } else if (auto *tta = dynamic_cast<TrueAudio::File *>(file)) {
        tags->format = "TTA";
        readID3v2(tta->hasID3v2Tag() ? tta->ID3v2Tag() : nullptr, tags, pictures);
        if (tta->hasID3v1Tag()) merge(tags, tta->ID3v1Tag()->properties());
    } else if (auto *wav = dynamic_cast<RIFF::WAV::File *>(file)) {
        tags->format = "WAV";
        readID3v2(wav->hasID3v2Tag() ? wav->ID3v2Tag() : nullptr, tags, pictures);
        if (wav->hasInfoTag()) merge(tags, wav->InfoTag()->properties());
    } else if (auto *aiff = dynamic_cast<RIFF::AIFF::File *>(file)) {
        tags->format = "AIFF";
        readID3v2(aiff->hasID3v2Tag() ? aiff->tag() : nullptr, tags, pictures);
    } else if (auto *mp4 = dynamic_cast<MP4::File *>(file)) {
        tags->format = "MP4";
        MP4::Tag *tag = mp4->tag();
        if (tag) {
            merge(tags, tag->properties());
            // Freeform atoms TagLib's map leaves out ("----:com.apple.iTunes:FMPS_Rating"), under their names.
            PropertyMap freeform;
            const MP4::ItemMap &items = tag->itemMap();
            for (auto it = items.begin(); it != items.end(); ++it) {
                if (!it->first.startsWith("----:com.apple.iTunes:")) continue;
                StringList values = it->second.toStringList();
                if (!values.isEmpty()) freeform.insert(it->first.substr(22).upper(), values);
            }
            merge(tags, freeform);
            if (pictures && tag->contains("covr")) {
                MP4::CoverArtList covers = tag->item("covr").toCoverArtList();
                for (auto it = covers.begin(); it != covers.end(); ++it) {
                    const char *mime = it->format() == MP4::CoverArt::PNG    ? "image/png"
                                       : it->format() == MP4::CoverArt::JPEG ? "image/jpeg"
                                       : it->format() == MP4::CoverArt::GIF  ? "image/gif"
                                       : it->format() == MP4::CoverArt::BMP  ? "image/bmp"
                                                                              : "";
                    pictures->offer(it->data(), mime, true);
                }
            }
        }
    } else if (auto *asf = dynamic_cast<ASF::File *>(file)) {
        tags->format = "ASF";
        ASF::Tag *tag = asf->tag();
        if (tag) {
            merge(tags, tag->properties());
            orderASFValues(tag, tags);
            ASF::AttributeList rating = tag->attribute("WM/SharedUserRating");
            if (!rating.isEmpty())
                tags->entries.emplace_back("WM/SHAREDUSERRATING", std::to_string(rating.front().toUInt()));
            ASF::AttributeList list = tag->attribute("WM/Picture");
            for (auto it = list.begin(); pictures && it != list.end(); ++it) {
                ASF::Picture picture = it->toPicture();
                if (picture.isValid())
                    pictures->offer(picture.picture(), picture.mimeType(),
                                    picture.type() == ASF::Picture::FrontCover);
            }
        }
    } else {
        tags->format = "OTHER";
        merge(tags, file->properties());
    }
}

/// Counts the length where the header does not give it exactly: a WavPack file without its sample count, an MPEG
/// stream without a Xing or VBRI header whose bit rate varies (TagLib estimates from the first frame's rate). Reads
/// through `descriptor` (`pread`); `size` is the file's.
void countLength(File *file, AudioProperties *audio, addmusic_tags *tags, int descriptor, int64_t size,
                 double deadline) {
    auto *mpeg = dynamic_cast<MPEG::File *>(file);
    auto *mpegProperties = dynamic_cast<MPEG::Properties *>(audio);
    bool wavPack = dynamic_cast<WavPack::File *>(file) && audio->lengthInMilliseconds() <= 0;
    bool vbr = mpeg && mpegProperties && !mpegProperties->xingHeader() && mpeg->firstFrameOffset() >= 0;
    if ((!wavPack && !vbr) || audio->sampleRate() <= 0 || descriptor < 0) return;
    addmusic::Counted counted;
    if (wavPack) {
        counted = addmusic::wavPackSamples(descriptor, deadline);
    } else if (addmusic::mpegBitRateVaries(descriptor, mpeg->firstFrameOffset())) {
        counted = addmusic::mpegSamples(descriptor, mpeg->firstFrameOffset(), deadline);
    }
    if (counted.samples > 0 && !counted.overDeadline) {
        tags->audio.length_ms = int64_t(counted.samples * 1000 / uint64_t(audio->sampleRate()));
        // The average over the whole file, where TagLib gave the first frame's.
        if (tags->audio.length_ms > 0) tags->audio.bitrate = int32_t(size * 8 / tags->audio.length_ms);
    }
}

std::string codecName(File *file, AudioProperties *audio) {
    if (auto *mpeg = dynamic_cast<MPEG::Properties *>(audio)) {
        switch (mpeg->layer()) {
        case 1: return "mp1";
        case 2: return "mp2";
        case 3: return "mp3";
        default: return "";
        }
    }
    if (dynamic_cast<FLAC::File *>(file) || dynamic_cast<Ogg::FLAC::File *>(file)) return "flac";
    if (dynamic_cast<Ogg::Vorbis::File *>(file)) return "vorbis";
    if (dynamic_cast<Ogg::Opus::File *>(file)) return "opus";
    if (dynamic_cast<Ogg::Speex::File *>(file)) return "speex";
    if (dynamic_cast<APE::File *>(file)) return "ape";
    if (dynamic_cast<WavPack::File *>(file)) return "wavpack";
    if (dynamic_cast<TrueAudio::File *>(file)) return "tta";
    if (auto *mpc = dynamic_cast<MPC::Properties *>(audio)) return mpc->mpcVersion() >= 8 ? "musepack8" : "musepack7";
    if (auto *mp4 = dynamic_cast<MP4::Properties *>(audio)) {
        return mp4->codec() == MP4::Properties::ALAC ? "alac" : mp4->codec() == MP4::Properties::AAC ? "aac" : "";
    }
    if (auto *asf = dynamic_cast<ASF::Properties *>(audio)) {
        switch (asf->codec()) {
        case ASF::Properties::WMA1: return "wmav1";
        case ASF::Properties::WMA2: return "wmav2";
        case ASF::Properties::WMA9Pro: return "wmapro";
        case ASF::Properties::WMA9Lossless: return "wmalossless";
        default: return "";
        }
    }
    if (auto *wav = dynamic_cast<RIFF::WAV::Properties *>(audio)) {
        int bits = wav->bitsPerSample();
        if (wav->format() == 1) return bits == 8 ? "pcm_u8" : "pcm_s" + std::to_string(bits) + "le";
        if (wav->format() == 3) return "pcm_f" + std::to_string(bits) + "le";
        return "";
    }
    if (auto *aiff = dynamic_cast<RIFF::AIFF::Properties *>(audio)) {
        if (aiff->isAiffC()) return "";
        int bits = aiff->bitsPerSample();
        return bits == 8 ? "pcm_s8" : "pcm_s" + std::to_string(bits) + "be";
    }
    return "";
}

int bitsPerSample(AudioProperties *audio) {
    if (auto *p = dynamic_cast<FLAC::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<RIFF::WAV::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<RIFF::AIFF::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<APE::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<WavPack::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<TrueAudio::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<MP4::Properties *>(audio)) return p->bitsPerSample();
    if (auto *p = dynamic_cast<ASF::Properties *>(audio)) return p->bitsPerSample();
    return 0;
}

void copyMessage(char *message, size_t size, const std::string &text) {
    if (!message || size == 0) return;
    size_t count = text.size() < size - 1 ? text.size() : size - 1;
    memcpy(message, text.data(), count);
    message[count] = 0;
}

}  // namespace

extern "C" addmusic_tags *addmusic_tags_read(const char *path, double seconds, int64_t max_bytes,
                                             size_t max_picture_bytes, size_t max_value_bytes,
                                             addmusic_tags_status *status, int *error_number) {
    silenceTagLib();
    *status = ADDMUSIC_TAGS_OK;
    *error_number = 0;
    errno = 0;
    // Only a regular file: opening a FIFO or a device for reading could wait forever or never end.
    int descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat status_of_file {};
    if (descriptor < 0 || fstat(descriptor, &status_of_file) != 0 || !S_ISREG(status_of_file.st_mode)) {
        *status = ADDMUSIC_TAGS_OPEN_FAILED;
        *error_number = descriptor < 0 ? errno : EINVAL;
        if (descriptor >= 0) close(descriptor);
        return nullptr;
    }
    addmusic::TagClaim claim = addmusic::claimOf(descriptor);
    if (claim != addmusic::TagClaim::ordinary) {
        // Too many entries: given up. A huge text frame: left to FFmpeg, which holds it once.
        *status = claim == addmusic::TagClaim::tooManyEntries ? ADDMUSIC_TAGS_TOO_MANY_ENTRIES
                                                              : ADDMUSIC_TAGS_UNSUPPORTED;
        close(descriptor);
        return nullptr;
    }
    // A second descriptor of the same file, for the bytes read again after TagLib (`pread` leaves the stream's
    // position alone); closed on every way out.
    struct Probe {
        int descriptor;
        ~Probe() {
            if (descriptor >= 0) close(descriptor);
        }
    } probe{fcntl(descriptor, F_DUPFD_CLOEXEC, 0)};
    BudgetStream stream(descriptor, path, seconds, max_bytes);
    if (!stream.isOpen()) {
        *status = ADDMUSIC_TAGS_OPEN_FAILED;
        *error_number = EIO;
        return nullptr;
    }
    try {
        FileRef ref(&stream, true, AudioProperties::Average);
        if (stream.status() != ADDMUSIC_TAGS_OK) {
            *status = stream.status();
            return nullptr;
        }
        if (ref.isNull() || !ref.file()->isValid()) {
            *status = ADDMUSIC_TAGS_UNSUPPORTED;
            return nullptr;
        }
        auto *tags = new addmusic_tags();
        tags->maximum_value_bytes = max_value_bytes;
        PictureChoice pictures{tags, max_picture_bytes};
        readFile(ref.file(), tags, max_picture_bytes > 0 ? &pictures : nullptr, probe.descriptor);
        if (stream.status() != ADDMUSIC_TAGS_OK) {
            *status = stream.status();
            delete tags;
            return nullptr;
        }
        if (AudioProperties *audio = ref.audioProperties()) {
            tags->audio.length_ms = audio->lengthInMilliseconds();
            tags->audio.sample_rate = audio->sampleRate();
            tags->audio.channels = audio->channels();
            tags->audio.bitrate = audio->bitrate();
            tags->audio.bits_per_sample = bitsPerSample(audio);
            tags->codec = codecName(ref.file(), audio);
            countLength(ref.file(), audio, tags, probe.descriptor, int64_t(status_of_file.st_size),
                        stream.deadline());
        }
        return tags;
    } catch (...) {
        *status = ADDMUSIC_TAGS_UNSUPPORTED;
        return nullptr;
    }
}

extern "C" void addmusic_tags_free(addmusic_tags *tags) { delete tags; }

extern "C" unsigned long addmusic_tags_maximum_entries(void) { return addmusic::maximumClaimedEntries; }

extern "C" size_t addmusic_tags_count(const addmusic_tags *tags) { return tags->entries.size(); }

extern "C" const char *addmusic_tags_key(const addmusic_tags *tags, size_t index) {
    return tags->entries[index].first.c_str();
}

extern "C" const char *addmusic_tags_value(const addmusic_tags *tags, size_t index, size_t *length) {
    *length = tags->entries[index].second.size();
    return tags->entries[index].second.data();
}

extern "C" addmusic_tags_properties addmusic_tags_audio(const addmusic_tags *tags) {
    addmusic_tags_properties audio = tags->audio;
    audio.codec = tags->codec.c_str();
    audio.format = tags->format.c_str();
    return audio;
}

extern "C" const unsigned char *addmusic_tags_picture(const addmusic_tags *tags, size_t *size, const char **mime) {
    *size = tags->picture.size();
    *mime = tags->picture_mime.c_str();
    return tags->picture.empty() ? nullptr : reinterpret_cast<const unsigned char *>(tags->picture.data());
}

extern "C" size_t addmusic_tags_oversized_picture(const addmusic_tags *tags) { return tags->oversized_picture; }

namespace {

ByteVector bytes(const unsigned char *data, size_t size) {
    return ByteVector(reinterpret_cast<const char *>(data), (unsigned int)size);
}

void writeID3v2Extras(ID3v2::Tag *tag, const addmusic_tags_changes *changes) {
    if (changes->cover_action != ADDMUSIC_COVER_KEEP) tag->removeFrames("APIC");
    if (changes->cover_action == ADDMUSIC_COVER_SET) {
        auto *frame = new ID3v2::AttachedPictureFrame();
        frame->setType(ID3v2::AttachedPictureFrame::FrontCover);
        frame->setMimeType(String(changes->cover_mime, String::UTF8));
        frame->setPicture(bytes(changes->cover, changes->cover_size));
        tag->addFrame(frame);
    }
    if (changes->rating >= 0) {
        tag->removeFrames("POPM");
        if (changes->rating > 0) {
            // Windows Media Player's values, which foobar2000, MusicBee, Strawberry and Quod Libet read as stars.
            static const int byStars[] = {0, 1, 64, 128, 196, 255};
            auto *frame = new ID3v2::PopularimeterFrame();
            frame->setEmail("Windows Media Player 9 Series");
            frame->setRating(byStars[changes->rating > 5 ? 5 : changes->rating]);
            tag->addFrame(frame);
        }
    }
}

void writeXiphExtras(Ogg::XiphComment *comment, const addmusic_tags_changes *changes) {
    if (changes->cover_action != ADDMUSIC_COVER_KEEP) {
        comment->removeAllPictures();
        comment->removeFields("COVERART");
        comment->removeFields("COVERARTMIME");
    }
    if (changes->cover_action == ADDMUSIC_COVER_SET) {
        auto *picture = new FLAC::Picture();
        picture->setType(FLAC::Picture::FrontCover);
        picture->setMimeType(String(changes->cover_mime, String::UTF8));
        picture->setData(bytes(changes->cover, changes->cover_size));
        comment->addPicture(picture);
    }
}

void writeAPEExtras(APE::Tag *tag, const addmusic_tags_changes *changes) {
    if (changes->cover_action != ADDMUSIC_COVER_KEEP) {
        StringList covers;
        const APE::ItemListMap &items = tag->itemListMap();
        for (auto it = items.begin(); it != items.end(); ++it)
            if (it->first.upper().startsWith("COVER ART")) covers.append(it->first);
        for (auto it = covers.begin(); it != covers.end(); ++it) tag->removeItem(*it);
    }
    if (changes->cover_action == ADDMUSIC_COVER_SET) {
        std::string mime = changes->cover_mime ? changes->cover_mime : "";
        std::string name = mime == "image/png" ? "cover.png" : "cover.jpg";
        ByteVector value(name.c_str(), (unsigned int)name.size() + 1);
        value.append(bytes(changes->cover, changes->cover_size));
        tag->setData("COVER ART (FRONT)", value);
    }
}

std::string fraction(int stars) {
    static const char *values[] = {"0", "0.2", "0.4", "0.6", "0.8", "1"};
    return values[stars > 5 ? 5 : stars];
}

}  // namespace

extern "C" addmusic_tags_status addmusic_tags_write(const char *path, const addmusic_tags_changes *changes,
                                                    char *message, size_t message_size) {
    silenceTagLib();
    try {
        FileRef ref(path, true, AudioProperties::Average);
        if (ref.isNull() || !ref.file()->isValid()) {
            copyMessage(message, message_size, "TagLib cannot open this file as audio");
            return ADDMUSIC_TAGS_UNSUPPORTED;
        }
        if (ref.file()->readOnly()) {
            copyMessage(message, message_size, "the file cannot be opened for writing");
            return ADDMUSIC_TAGS_OPEN_FAILED;
        }
        File *file = ref.file();
        PropertyMap properties = file->properties();
        size_t next = 0;
        for (size_t i = 0; i < changes->key_count; i++) {
            String key(changes->keys[i], String::UTF8);
            StringList values;
            for (size_t v = 0; v < changes->value_counts[i]; v++)
                values.append(String(changes->values[next++], String::UTF8));
            if (values.isEmpty())
                properties.erase(key);
            else
                properties.replace(key, values);
        }
        bool ratingAsFraction = changes->rating >= 0 && !dynamic_cast<MPEG::File *>(file) &&
                                !dynamic_cast<ASF::File *>(file) && !dynamic_cast<MP4::File *>(file) &&
                                !dynamic_cast<RIFF::WAV::File *>(file) && !dynamic_cast<RIFF::AIFF::File *>(file) &&
                                !dynamic_cast<TrueAudio::File *>(file);
        if (ratingAsFraction) {
            if (changes->rating == 0)
                properties.erase("FMPS_RATING");
            else
                properties.replace("FMPS_RATING", StringList(String(fraction(changes->rating), String::UTF8)));
        }
        PropertyMap refused = file->setProperties(properties);
        for (size_t i = 0; i < changes->key_count; i++) {
            String key(changes->keys[i], String::UTF8);
            if (refused.contains(key)) {
                copyMessage(message, message_size, "this format cannot hold the tag " + utf8(key));
                return ADDMUSIC_TAGS_SAVE_FAILED;
            }
        }
        bool saved = false;
        if (auto *mpeg = dynamic_cast<MPEG::File *>(file)) {
            bool wasV3 = mpeg->hasID3v2Tag() && mpeg->ID3v2Tag()->header()->majorVersion() == 3;
            writeID3v2Extras(mpeg->ID3v2Tag(true), changes);
            int kinds = MPEG::File::ID3v2 | (mpeg->hasAPETag() ? MPEG::File::APE : 0) |
                        (mpeg->hasID3v1Tag() ? MPEG::File::ID3v1 : 0);
            saved = mpeg->save(kinds, File::StripNone, wasV3 ? ID3v2::v3 : ID3v2::v4, File::DoNotDuplicate);
        } else if (auto *flac = dynamic_cast<FLAC::File *>(file)) {
            // FLAC keeps its pictures in blocks of their own; pictures in the comment go too.
            if (changes->cover_action != ADDMUSIC_COVER_KEEP) {
                flac->removePictures();
                if (flac->hasXiphComment()) flac->xiphComment()->removeAllPictures();
            }
            if (changes->cover_action == ADDMUSIC_COVER_SET) {
                auto *picture = new FLAC::Picture();
                picture->setType(FLAC::Picture::FrontCover);
                picture->setMimeType(String(changes->cover_mime, String::UTF8));
                picture->setData(bytes(changes->cover, changes->cover_size));
                flac->addPicture(picture);
            }
            saved = flac->save();
        } else if (auto *wav = dynamic_cast<RIFF::WAV::File *>(file)) {
            bool wasV3 = wav->hasID3v2Tag() && wav->ID3v2Tag()->header()->majorVersion() == 3;
            writeID3v2Extras(wav->ID3v2Tag(), changes);
            saved = wav->save(RIFF::WAV::File::AllTags, File::StripNone, wasV3 ? ID3v2::v3 : ID3v2::v4);
        } else if (auto *aiff = dynamic_cast<RIFF::AIFF::File *>(file)) {
            bool wasV3 = aiff->hasID3v2Tag() && aiff->tag()->header()->majorVersion() == 3;
            writeID3v2Extras(aiff->tag(), changes);
            saved = aiff->save(wasV3 ? ID3v2::v3 : ID3v2::v4);
        } else if (auto *tta = dynamic_cast<TrueAudio::File *>(file)) {
            writeID3v2Extras(tta->ID3v2Tag(true), changes);
            saved = tta->save();
        } else if (auto *mp4 = dynamic_cast<MP4::File *>(file)) {
            MP4::Tag *tag = mp4->tag();
            if (changes->cover_action == ADDMUSIC_COVER_REMOVE) tag->removeItem("covr");
            if (changes->cover_action == ADDMUSIC_COVER_SET) {
                std::string mime = changes->cover_mime ? changes->cover_mime : "";
                MP4::CoverArt::Format format = mime == "image/png"   ? MP4::CoverArt::PNG
                                               : mime == "image/gif" ? MP4::CoverArt::GIF
                                               : mime == "image/bmp" ? MP4::CoverArt::BMP
                                                                     : MP4::CoverArt::JPEG;
                MP4::CoverArtList covers;
                covers.append(MP4::CoverArt(format, bytes(changes->cover, changes->cover_size)));
                tag->setItem("covr", MP4::Item(covers));
            }
            if (changes->rating >= 0) {
                const char *key = "----:com.apple.iTunes:FMPS_Rating";
                if (changes->rating == 0)
                    tag->removeItem(key);
                else
                    tag->setItem(key, MP4::Item(StringList(String(fraction(changes->rating), String::UTF8))));
            }
            saved = mp4->save();
        } else if (auto *asf = dynamic_cast<ASF::File *>(file)) {
            ASF::Tag *tag = asf->tag();
            // TagLib joins several artists into the one author; the others go where taggers put them.
            if (properties.contains("ARTIST") && properties["ARTIST"].size() > 1) {
                StringList artists = properties["ARTIST"];
                tag->setArtist(artists.front());
                tag->removeItem("Author");
                for (auto it = ++artists.begin(); it != artists.end(); ++it)
                    tag->addAttribute("Author", ASF::Attribute(*it));
            } else if (properties.contains("ARTIST")) {
                tag->removeItem("Author");
            }
            if (changes->cover_action != ADDMUSIC_COVER_KEEP) tag->removeItem("WM/Picture");
            if (changes->cover_action == ADDMUSIC_COVER_SET) {
                ASF::Picture picture;
                picture.setType(ASF::Picture::FrontCover);
                picture.setMimeType(String(changes->cover_mime, String::UTF8));
                picture.setPicture(bytes(changes->cover, changes->cover_size));
                tag->setAttribute("WM/Picture", ASF::Attribute(picture));
            }
            if (changes->rating >= 0) {
                static const unsigned int byStars[] = {0, 1, 25, 50, 75, 99};
                if (changes->rating == 0)
                    tag->removeItem("WM/SharedUserRating");
                else
                    tag->setAttribute("WM/SharedUserRating",
                                      ASF::Attribute(byStars[changes->rating > 5 ? 5 : changes->rating]));
            }
            saved = asf->save();
        } else {
            Ogg::XiphComment *comment = nullptr;
            APE::Tag *ape = nullptr;
            if (auto *f = dynamic_cast<Ogg::Vorbis::File *>(file)) comment = f->tag();
            if (auto *f = dynamic_cast<Ogg::Opus::File *>(file)) comment = f->tag();
            if (auto *f = dynamic_cast<Ogg::Speex::File *>(file)) comment = f->tag();
            if (auto *f = dynamic_cast<Ogg::FLAC::File *>(file)) comment = f->tag();
            if (auto *f = dynamic_cast<APE::File *>(file)) ape = f->APETag(true);
            if (auto *f = dynamic_cast<WavPack::File *>(file)) ape = f->APETag(true);
            if (auto *f = dynamic_cast<MPC::File *>(file)) ape = f->APETag(true);
            if (comment) writeXiphExtras(comment, changes);
            if (ape) writeAPEExtras(ape, changes);
            if (!comment && !ape && changes->cover_action != ADDMUSIC_COVER_KEEP) {
                copyMessage(message, message_size, "this format cannot hold a cover");
                return ADDMUSIC_TAGS_SAVE_FAILED;
            }
            saved = file->save();
        }
        if (!saved) {
            copyMessage(message, message_size, "TagLib could not save the file");
            return ADDMUSIC_TAGS_SAVE_FAILED;
        }
        return ADDMUSIC_TAGS_OK;
    } catch (...) {
        copyMessage(message, message_size, "TagLib failed while writing");
        return ADDMUSIC_TAGS_SAVE_FAILED;
    }
}
