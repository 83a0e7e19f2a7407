import CFFmpeg
import FFmpegSupport
import Foundation
import MediaModel

/// Reads tags, stream properties and the embedded picture of an audio file through FFmpeg.
///
/// Stateless; safe to call from several threads at once (each call opens its own demuxer).
enum AudioFileReader {
    /// Pictures larger than this are not decoded: the song is indexed without that artwork and the scan warns.
    static let maximumPictureBytes = 24 * 1024 * 1024

    /// Reads `path` through `runner` within `ProbeBudget.standard`: the budget's error (`overrun`) when it runs
    /// out, even where FFmpeg checks no deadline (the watchdog abandons the probe).
    static func read(_ path: LibraryPath, fileSize: Int64, tailBytes: Int = 0, runner: ProbeRunner) -> Result<
        AudioFileInfo, FFmpegError
    > {
        let budget = ProbeBudget.standard
        let outcome = runner.run(timeout: budget.seconds + ProbeRunner.grace) {
            Result { () throws(FFmpegError) in try read(path, fileSize: fileSize, tailBytes: tailBytes) }
        }
        return outcome ?? .failure(FFmpegError(overrun: .deadline(budget.seconds)))
    }

    /// - Throws: `FFmpegError` when the file does not open, has no audio stream, or overruns `ProbeBudget.standard`
    ///   where FFmpeg checks it. Call it through a `ProbeRunner` (the overload above) unless the caller may wait.
    /// Reads `path`; `tailBytes` of its end are kept in `AudioFileInfo.tail` (for the song's content key).
    static func read(_ path: LibraryPath, fileSize: Int64, tailBytes: Int = 0) throws(FFmpegError) -> AudioFileInfo {
        let input = try FormatInput(path: path.bytes, fileExtension: path.pathExtension)
        let audio = try audioStream(of: input)
        let context = input.context

        var info = AudioFileInfo()
        info.codec = String(cString: avcodec_get_name(audio.parameters.codec_id))
        info.sampleRate = audio.sampleRate
        info.channels = audio.channels
        info.duration = duration(context: context, stream: audio.stream)
        if audio.parameters.bit_rate > 0 {
            info.bitRate = Int(audio.parameters.bit_rate)
        } else if context.pointee.bit_rate > 0 {
            info.bitRate = Int(context.pointee.bit_rate)
        } else if info.duration > 0 {
            info.bitRate = Int(clamping: Double(fileSize) * 8 / info.duration)
        }
        readTags(TagDictionary(container: context.pointee.metadata, stream: audio.stream.pointee.metadata), into: &info)
        if info.rating == nil || info.musicBrainzIDs.track == nil,
            ID3v2Frames.fileExtensions.contains(path.pathExtension),
            let frames = ID3v2Frames(path)
        {
            // FFmpeg leaves out ID3's POPM and UFID frames: the rating and the MusicBrainz recording id.
            info.rating = info.rating ?? frames.popularimeter.flatMap(RatingTag.stars(popularimeter:))
            info.musicBrainzIDs.track = info.musicBrainzIDs.track ?? frames.musicBrainzTrackID
        }
        info.limitText()
        readPicture(of: input, into: &info)
        info.tail = input.tail(count: tailBytes)
        // Tags cut short by the budget are not taken as the file's tags.
        if let overrun = input.overrun { throw overrun }
        return info
    }

    /// An audio stream with the parameters read from it.
    private struct AudioStream {
        var stream: UnsafeMutablePointer<AVStream>
        var parameters: AVCodecParameters
        var sampleRate: Int
        var channels: Int
    }

    /// The audio stream of `input` with a known sample rate and channel count, from the stream's parameters, the
    /// container's header, or (when those or the duration are missing) FFmpeg's stream probing.
    /// - Throws: `FFmpegError` when there is no audio stream or its sample rate or channels stay unknown.
    private static func audioStream(of input: FormatInput) throws(FFmpegError) -> AudioStream {
        guard var stream = input.audioStream else {
            throw FFmpegError(message: "no audio stream", operation: "open")
        }
        var parameters = stream.pointee.codecpar.pointee
        var sampleRate = Int(parameters.sample_rate), channels = Int(parameters.ch_layout.nb_channels)
        if sampleRate <= 0 || channels <= 0, let header = input.headerFormat(of: stream) {
            (sampleRate, channels) = header
        }
        if sampleRate <= 0 || channels <= 0 || duration(context: input.context, stream: stream) <= 0 {
            try input.findStreamInfo()
            guard let refreshed = input.audioStream else {
                throw FFmpegError(message: "no audio stream", operation: "open")
            }
            stream = refreshed
            parameters = stream.pointee.codecpar.pointee
            sampleRate = Int(parameters.sample_rate)
            channels = Int(parameters.ch_layout.nb_channels)
        }
        guard sampleRate > 0, channels > 0 else {
            throw FFmpegError(
                message: "no decodable audio (unknown sample rate or channels)", operation: "read stream info")
        }
        return AudioStream(stream: stream, parameters: parameters, sampleRate: sampleRate, channels: channels)
    }

    /// Copies the song's tags (titles, numbers, ReplayGain) from `tags` into `info`.
    private static func readTags(_ tags: TagDictionary, into info: inout AudioFileInfo) {
        info.title = tags["title"]
        info.artist = tags["artist"]
        info.album = tags["album"]
        info.albumArtist = tags["album_artist", "albumartist", "album artist", "tpe2"]
        info.genre = tags["genre"]
        info.year = tags["date", "year", "originaldate", "tdrc", "tyer"].flatMap(leadingNumber)
        info.trackNumber = tags["track", "tracknumber", "trck"].flatMap(leadingNumber)
        info.discNumber = tags["disc", "discnumber", "tpos"].flatMap(leadingNumber)
        info.replayGain = replayGain(tags)
        readMoreTags(tags, into: &info)
    }

    /// Copies the composer, compilation flag, sort names, lyrics, BPM, comment, MusicBrainz ids and rating from
    /// `tags` into `info`, under the names FFmpeg's demuxers give them (ID3 frames FFmpeg does not name keep their
    /// frame id; MP4's are FFmpeg's names for the atoms; Vorbis comments keep their own names).
    private static func readMoreTags(_ tags: TagDictionary, into info: inout AudioFileInfo) {
        info.composer = tags["composer", "tcom"]
        info.isCompilation = tags["compilation", "tcmp", "itunescompilation"].map(isSet) ?? false
        info.sortNames = SortNames(
            title: tags["titlesort", "title-sort", "sort_name", "tsot"],
            artist: tags["artistsort", "artist-sort", "sort_artist", "tsop"],
            album: tags["albumsort", "album-sort", "sort_album", "tsoa"],
            albumArtist: tags["albumartistsort", "album_artist-sort", "sort_album_artist", "tso2"],
            composer: tags["composersort", "composer-sort", "sort_composer", "tsoc"])
        // ID3's USLT comes as "lyrics-LANG" (or "lyrics-DESCRIPTION-LANG").
        info.lyrics = tags.first(prefixed: "lyrics") ?? tags["unsyncedlyrics", "unsynced lyrics"]
        info.beatsPerMinute = tags["bpm", "tbpm", "tmpo"].flatMap(beatsPerMinute)
        info.comment = tags["comment", "description"]
        info.musicBrainzIDs = MusicBrainzIDs(
            track: tags["musicbrainz_trackid", "musicbrainz track id"].map(firstOfList),
            album: tags["musicbrainz_albumid", "musicbrainz album id"].map(firstOfList),
            artist: tags["musicbrainz_artistid", "musicbrainz artist id"].map(firstOfList))
        info.rating =
            tags["fmps_rating"].flatMap(RatingTag.stars(fraction:)) ?? tags["rating"].flatMap(RatingTag.stars(rating:))
    }

    /// Whether a flag tag is set: "1" (also "yes", "true"), as taggers write the compilation flag.
    private static func isSet(_ text: String) -> Bool {
        ["1", "yes", "true"].contains(text.lowercased()) || (leadingNumber(text) ?? 0) > 0
    }

    /// "120", "128.5" → a whole number of beats per minute between 1 and 999; nil otherwise.
    private static func beatsPerMinute(_ text: String) -> Int? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0.5,
            value < 999.5
        else {
            return nil
        }
        return Int(checked: value, rounding: .toNearestOrAwayFromZero)
    }

    /// The first of several values a tag joins ("id1;id2", "id1/id2"), trimmed.
    private static func firstOfList(_ text: String) -> String {
        let first = text.prefix { $0 != ";" && $0 != "/" && $0 != "\0" }
        return TagDictionary.trimmed(String(first)) ?? text
    }

    /// Copies the embedded picture of `input` into `info`, or only its size when it exceeds `maximumPictureBytes`.
    private static func readPicture(of input: FormatInput, into info: inout AudioFileInfo) {
        guard let picture = input.pictureStream else { return }
        let packet = picture.pointee.attached_pic
        let size = Int(packet.size)
        if size > maximumPictureBytes {
            info.oversizedPictureBytes = size
        } else if let data = packet.data {
            info.picture = EmbeddedPicture(
                data: Array(UnsafeBufferPointer(start: data, count: size)),
                codecID: picture.pointee.codecpar.pointee.codec_id.rawValue)
        }
    }

    /// Reads only the embedded picture of `path` (for the full-size artwork on demand).
    static func readPicture(_ path: LibraryPath) throws(FFmpegError) -> EmbeddedPicture? {
        let input = try FormatInput(path: path.bytes, fileExtension: path.pathExtension)
        guard let picture = input.pictureStream, let data = picture.pointee.attached_pic.data else { return nil }
        return EmbeddedPicture(
            data: Array(UnsafeBufferPointer(start: data, count: Int(picture.pointee.attached_pic.size))),
            codecID: picture.pointee.codecpar.pointee.codec_id.rawValue)
    }

    /// The file's duration in seconds, checked here where it enters: a header may claim anything (an RF64 WAV of
    /// 4 KB can declare 2^62 samples), and a claim outside `MediaTime`'s range reads as unknown (0).
    private static func duration(context: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>)
        -> Double
    {
        FormatInput.duration(context: context, stream: stream).flatMap(MediaTime.duration) ?? 0
    }

    /// The first run of digits in `text` ("3/12" → 3, "2004-05-01" → 2004).
    static func leadingNumber(_ text: String) -> Int? {
        let digits = text.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits.prefix(9))
    }

    private static func replayGain(_ tags: TagDictionary) -> ReplayGain {
        var gain = ReplayGain()
        gain.trackGain = tags["replaygain_track_gain"].flatMap(decibels)
        gain.trackPeak = tags["replaygain_track_peak"].flatMap(decibels)
        gain.albumGain = tags["replaygain_album_gain"].flatMap(decibels)
        gain.albumPeak = tags["replaygain_album_peak"].flatMap(decibels)
        // Opus stores R128 gains as Q7.8 integers relative to -23 LUFS; ReplayGain's reference is 5 dB louder.
        if gain.trackGain == nil, let r128 = tags["r128_track_gain"].flatMap({ Int($0) }) {
            gain.trackGain = Double(r128) / 256 + 5
        }
        if gain.albumGain == nil, let r128 = tags["r128_album_gain"].flatMap({ Int($0) }) {
            gain.albumGain = Double(r128) / 256 + 5
        }
        return gain
    }

    /// "-6.50 dB" → -6.5.
    private static func decibels(_ text: String) -> Double? {
        let number = text.trimmingCharacters(in: .whitespaces).prefix { "+-.0123456789eE".contains($0) }
        guard let value = Double(number), value.isFinite else { return nil }
        return value
    }
}
