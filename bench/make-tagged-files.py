#!/usr/bin/python3
"""Write many small tagged audio files quickly, by byte manipulation.

Given a few untagged base files (short FLAC, MP3 and WAV tones), this writes
COUNT files laid out as

    OUT/Artist NNN/Album MMM/NN Title.ext

with title, artist, album, album artist, genre, date, track and disc tags
(and composer, and on one album in 20 the compilation flag; WAV files have
no composer):

    FLAC  the VORBIS_COMMENT block is replaced (STREAMINFO and other blocks
          are kept, PADDING is dropped, the last-block flag is fixed up)
    MP3   an ID3v2.4 tag is prepended (UTF-8 text frames, synchsafe sizes)
    WAV   a LIST/INFO chunk is inserted before the data chunk and the RIFF
          size is fixed up

It also writes a list of search queries (one per line): single words, word
prefixes and adjacent word pairs taken from the generated titles and artist
names, so every query has at least one hit.

Python 3 standard library only.  The output is deterministic for a given
seed and count.
"""

import argparse
import os
import random
import struct
import sys

WORDS = """
amber anchor angel apple april arrow autumn avenue badge ballad bamboo banner
barrel beacon bellow berry bitter blossom border bottle breeze bridge bright
broken bronze candle canyon carbon castle cedar chain chapel charcoal cherry
circle cinder citrus clover cobalt comet copper coral cotton crimson crystal
dancer dawn delta desert diamond distant dream drift echo ember emerald empire
falcon feather fever field fire flame flicker forest fountain frozen garden
ghost giant ginger glacier glass golden granite gravity harbor harvest hazel
heart hollow honey horizon island ivory jasmine jungle kettle kingdom lantern
laser lemon light lily lunar magnet maple marble meadow mercury midnight
mirror monsoon morning mountain nectar needle neon night north ocean olive
orbit orchid paper pepper phantom pilot planet polar prism pulse quartz quiet
rabbit radio rain raven ribbon river rocket rose ruby rust saddle saffron
satellite scarlet shadow shore silent silver sky slate snow solar spark spiral
static steel stone storm summer sun thunder tiger timber velvet violet voyage
wander whisper willow winter wire wolf yellow zephyr
""".split()

# --international adds these words (letters with no ASCII decomposition, CJK runs), each with what a person
# types to find it: its ASCII spelling, or one character from inside the run.
INTERNATIONAL = {
    "øresund": "oresund", "straße": "strasse", "ægir": "aegir", "łódź": "lodz",
    "đurđevdan": "durdevdan", "þingvellir": "thingvellir", "ışık": "isik",
    "œuvre": "oeuvre", "smørrebrød": "smorrebrod", "fußball": "fussball",
    "雪の街": "街", "夜の海": "海", "東京タワー": "タワー", "桜の花びら": "花",
    "青い空": "空", "서울의밤": "울", "月光": "光", "北海道": "海道",
}

GENRES = ["Rock", "Pop", "Jazz", "Electronic", "Classical", "Folk", "Hip-Hop",
          "Blues", "Metal", "Ambient", "Soul", "Country", "Reggae", "Punk"]

TRACKS_PER_ALBUM = 10


# ---------------------------------------------------------------- FLAC

def flac_template(data):
    """Return (prefix_blocks, audio) where prefix_blocks holds the metadata
    blocks to keep (last-block flags cleared) and audio is the frame data."""
    if data[:4] != b"fLaC":
        raise ValueError("not a FLAC file")
    pos = 4
    kept = []
    while True:
        header = data[pos]
        last = header & 0x80
        btype = header & 0x7F
        length = int.from_bytes(data[pos + 1:pos + 4], "big")
        body = data[pos + 4:pos + 4 + length]
        pos += 4 + length
        if btype not in (1, 4):  # drop PADDING and VORBIS_COMMENT
            kept.append(bytes([btype]) + length.to_bytes(3, "big") + body)
        if last:
            break
    if not kept or kept[0][0] != 0:
        raise ValueError("FLAC file does not start with STREAMINFO")
    return b"fLaC" + b"".join(kept), data[pos:]


def flac_file(template, tags):
    prefix, audio = template
    vendor = b"bench"
    parts = [struct.pack("<I", len(vendor)), vendor, struct.pack("<I", len(tags))]
    for key, value in tags:
        entry = key.encode("ascii") + b"=" + value.encode("utf-8")
        parts.append(struct.pack("<I", len(entry)))
        parts.append(entry)
    body = b"".join(parts)
    header = bytes([0x80 | 4]) + len(body).to_bytes(3, "big")
    return b"".join((prefix, header, body, audio))


# ---------------------------------------------------------------- MP3

def synchsafe(n):
    if n >= 1 << 28:
        raise ValueError("ID3 size too large")
    return bytes(((n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F))


def unsynchsafe(b):
    return (b[0] << 21) | (b[1] << 14) | (b[2] << 7) | b[3]


def mp3_template(data):
    """Strip any leading ID3v2 tag and trailing ID3v1 tag."""
    while data[:3] == b"ID3":
        size = unsynchsafe(data[6:10]) + 10
        if data[5] & 0x10:  # footer present
            size += 10
        data = data[size:]
    if len(data) >= 128 and data[-128:-125] == b"TAG":
        data = data[:-128]
    return data


ID3_FRAMES = {
    "TITLE": "TIT2", "ARTIST": "TPE1", "ALBUM": "TALB", "ALBUMARTIST": "TPE2",
    "GENRE": "TCON", "DATE": "TDRC", "TRACKNUMBER": "TRCK", "DISCNUMBER": "TPOS",
    "COMPOSER": "TCOM", "COMPILATION": "TCMP",
}


def mp3_file(audio, tags):
    frames = []
    for key, value in tags:
        body = b"\x03" + value.encode("utf-8")  # encoding 3 = UTF-8
        frames.append(ID3_FRAMES[key].encode("ascii") + synchsafe(len(body))
                      + b"\x00\x00" + body)
    payload = b"".join(frames)
    header = b"ID3\x04\x00\x00" + synchsafe(len(payload))
    return b"".join((header, payload, audio))


# ---------------------------------------------------------------- WAV

def wav_template(data):
    """Return (chunks_before_data, data_chunk_and_rest) without LIST chunks."""
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError("not a WAV file")
    pos = 12
    before = []
    while pos + 8 <= len(data):
        cid = data[pos:pos + 4]
        size = struct.unpack("<I", data[pos + 4:pos + 8])[0]
        end = pos + 8 + size + (size & 1)
        if cid == b"data":
            rest = data[pos:pos + 8 + size + (size & 1)]
            return b"".join(before), rest
        if cid != b"LIST":
            before.append(data[pos:end])
        pos = end
    raise ValueError("WAV file has no data chunk")


RIFF_INFO = {
    "TITLE": b"INAM", "ARTIST": b"IART", "ALBUM": b"IPRD", "GENRE": b"IGNR",
    "DATE": b"ICRD", "TRACKNUMBER": b"ITRK",
}


def wav_file(template, tags):
    before, rest = template
    subs = [b"INFO"]
    for key, value in tags:
        cid = RIFF_INFO.get(key)
        if cid is None:
            continue
        text = value.encode("utf-8") + b"\x00"
        subs.append(cid + struct.pack("<I", len(text)) + text)
        if len(text) & 1:
            subs.append(b"\x00")
    info = b"".join(subs)
    chunk = b"LIST" + struct.pack("<I", len(info)) + info
    riff_size = 4 + len(before) + len(chunk) + len(rest)
    return b"".join((b"RIFF", struct.pack("<I", riff_size), b"WAVE",
                     before, chunk, rest))


# ---------------------------------------------------------------- names

def title_case(words):
    return " ".join(w.capitalize() for w in words)


def distinct_phrases(rng, count, lo, hi, taken=None, vocabulary=None):
    """count distinct phrases of lo..hi words (as word lists)."""
    seen = set() if taken is None else taken
    out = []
    while len(out) < count:
        words = rng.sample(vocabulary or WORDS, rng.randint(lo, hi))
        key = " ".join(words)
        if key in seen:
            continue
        seen.add(key)
        out.append(words)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, required=True, help="number of files")
    ap.add_argument("--out", required=True, help="output music directory")
    ap.add_argument("--flac", action="append", default=[], help="base FLAC file")
    ap.add_argument("--mp3", action="append", default=[], help="base MP3 file")
    ap.add_argument("--wav", action="append", default=[], help="base WAV file")
    ap.add_argument("--queries", help="write search queries here")
    ap.add_argument("--query-count", type=int, default=1000)
    ap.add_argument("--artists", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--international", action="store_true",
                    help="titles also use non-ASCII and CJK words; a fifth "
                    "of the queries are how a person types them")
    args = ap.parse_args()

    if not (args.flac and args.mp3 and args.wav):
        ap.error("need at least one base file of each format")

    def read(path):
        with open(path, "rb") as f:
            return f.read()

    flacs = [flac_template(read(p)) for p in args.flac]
    mp3s = [mp3_template(read(p)) for p in args.mp3]
    wavs = [wav_template(read(p)) for p in args.wav]

    rng = random.Random(args.seed)
    n = args.count
    albums = (n + TRACKS_PER_ALBUM - 1) // TRACKS_PER_ALBUM
    n_artists = max(1, min(args.artists, albums))

    artist_names = distinct_phrases(rng, n_artists, 1, 2)
    artist_names = [["the"] + w if len(w) == 1 else w for w in artist_names]
    album_names = distinct_phrases(rng, albums, 1, 3)
    vocabulary = WORDS + list(INTERNATIONAL) if args.international else None
    titles = distinct_phrases(rng, n, 2, 4, vocabulary=vocabulary)

    os.makedirs(args.out, exist_ok=True)
    counts = {"flac": 0, "mp3": 0, "wav": 0}
    made_dirs = set()
    index = 0
    for album in range(albums):
        artist = album % n_artists
        # Mixed formats, one format per album: 5/10 FLAC, 4/10 MP3, 1/10 WAV.
        kind = ("flac", "mp3", "flac", "mp3", "flac",
                "mp3", "flac", "wav", "flac", "mp3")[album % 10]
        tracks = min(TRACKS_PER_ALBUM, n - index)
        adir = os.path.join(args.out, "Artist %03d" % (artist + 1),
                            "Album %04d" % (album + 1))
        if adir not in made_dirs:
            os.makedirs(adir, exist_ok=True)
            made_dirs.add(adir)
        artist_name = title_case(artist_names[artist])
        album_name = title_case(album_names[album])
        genre = GENRES[(artist * 7 + album) % len(GENRES)]
        year = str(1960 + (album * 37 + artist) % 64)
        disc = "1/1"
        for t in range(tracks):
            title = title_case(titles[index])
            tags = [
                ("TITLE", title), ("ARTIST", artist_name), ("ALBUM", album_name),
                ("ALBUMARTIST", artist_name), ("GENRE", genre), ("DATE", year),
                ("TRACKNUMBER", "%d/%d" % (t + 1, tracks)), ("DISCNUMBER", disc),
                ("COMPOSER", title_case(artist_names[(album * 13 + t) % n_artists])),
            ]
            if album % 20 == 3:
                tags.append(("COMPILATION", "1"))
            if kind == "flac":
                blob = flac_file(flacs[index % len(flacs)], tags)
            elif kind == "mp3":
                blob = mp3_file(mp3s[index % len(mp3s)], tags)
            else:
                blob = wav_file(wavs[index % len(wavs)], tags)
            path = os.path.join(adir, "%02d %s.%s" % (t + 1, title, kind))
            with open(path, "wb") as f:
                f.write(blob)
            counts[kind] += 1
            index += 1

    if args.queries:
        queries = []
        for _ in range(args.query_count):
            r = rng.random()
            if args.international and rng.random() < 0.2:
                q = INTERNATIONAL[rng.choice(list(INTERNATIONAL))]
            elif r < 0.35:      # one whole word from a title
                q = rng.choice(rng.choice(titles))
            elif r < 0.60:    # a prefix of a title word
                w = rng.choice(rng.choice(titles))
                q = w[:rng.randint(3, max(3, min(5, len(w))))]
            elif r < 0.80:    # two adjacent words from a title
                words = rng.choice(titles)
                i = rng.randrange(len(words) - 1)
                q = " ".join(words[i:i + 2])
            else:             # a word from an artist name
                q = rng.choice([w for w in rng.choice(artist_names) if w != "the"])
            queries.append(q)
        with open(args.queries, "w", encoding="utf-8") as f:
            f.write("\n".join(queries) + "\n")

    print("files=%d flac=%d mp3=%d wav=%d artists=%d albums=%d" % (
        index, counts["flac"], counts["mp3"], counts["wav"], n_artists, albums))
    return 0


if __name__ == "__main__":
    sys.exit(main())
