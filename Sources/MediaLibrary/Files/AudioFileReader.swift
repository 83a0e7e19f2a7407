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
    ///   (TagLib's overrun too). Call it through a `ProbeRunner` (the overload above) unless the caller may wait.
    /// Reads `path`: the tags through TagLib, which knows every tag format, and through FFmpeg's metadata for the
    /// files TagLib does not open; the stream properties through TagLib, else FFmpeg. `tailBytes` of its end are kept
    /// in `AudioFileInfo.tail` (for the song's content key) when FFmpeg read the file.
    static func read(_ path: LibraryPath, fileSize: Int64, tailBytes: Int = 0) throws(FFmpegError) -> AudioFileInfo {
        let tagLib: TagLibFile?
        do {
            tagLib = try TagLibFile(path, budget: .standard, maximumPictureBytes: maximumPictureBytes)
        } catch {
            if case .overrun(let overrun) = error.kind { throw FFmpegError(overrun: overrun) }
            tagLib = nil
        }
        var info = AudioFileInfo()
        if let tagLib, readProperties(of: tagLib, into: &info) {
            readTags(tagLib.values, into: &info)
            readPicture(of: tagLib, into: &info)
            return info
        }
        let input = try FormatInput(path: path.bytes, fileExtension: path.pathExtension)
        let audio = try audioStream(of: input)
        let context = input.context
        let tagLibCodec = tagLib?.codec ?? ""
        info.codec = tagLibCodec.isEmpty ? String(cString: avcodec_get_name(audio.parameters.codec_id)) : tagLibCodec
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
        if let tagLib {
            readTags(tagLib.values, into: &info)
            readPicture(of: tagLib, into: &info)
        } else {
            readTags(
                TagDictionary.values(container: context.pointee.metadata, stream: audio.stream.pointee.metadata),
                into: &info)
            readPicture(of: input, into: &info)
        }
        info.tail = input.tail(count: tailBytes)
        // Tags cut short by the budget are not taken as the file's tags.
        if let overrun = input.overrun { throw overrun }
        return info
    }

    /// Copies TagLib's audio properties into `info` when they are whole (a codec, a sample rate, channels and a
    /// length); false when FFmpeg must read them.
    private static func readProperties(of file: TagLibFile, into info: inout AudioFileInfo) -> Bool {
        let audio = file.audio
        guard audio.sample_rate > 0, audio.channels > 0, audio.length_ms > 0, !file.codec.isEmpty,
            let duration = MediaTime.duration(Double(audio.length_ms) / 1000)
        else {
            return false
        }
        info.codec = file.codec
        info.sampleRate = Int(audio.sample_rate)
        info.channels = Int(audio.channels)
        info.duration = duration
        info.bitRate = Int(audio.bitrate) * 1000
        return true
    }

    /// Copies TagLib's picture into `info`, or only its size when it exceeds `maximumPictureBytes`.
    private static func readPicture(of file: TagLibFile, into info: inout AudioFileInfo) {
        info.oversizedPictureBytes = file.oversizedPictureBytes
        guard let picture = file.picture else { return }
        let codecID = Thumbnailer.codecID(sniffing: picture.bytes) ?? AV_CODEC_ID_NONE
        info.picture = EmbeddedPicture(data: picture.bytes, codecID: codecID.rawValue)
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

    /// Copies the song's tags (titles, numbers, ReplayGain) from `tags` into `info`; the texts are cut to their
    /// bounds.
    private static func readTags(_ tags: TagValues, into info: inout AudioFileInfo) {
        info.title = tags["TITLE"]
        info.setList(tags.all("ARTIST"), at: \.artists, joined: \.artist)
        info.album = tags["ALBUM"]
        info.setList(tags.all("ALBUMARTIST", "ALBUM ARTIST"), at: \.albumArtists, joined: \.albumArtist)
        info.setList(tags.all("GENRE"), at: \.genres, joined: \.genre)
        info.originalYear = tags["ORIGINALDATE", "ORIGINALYEAR"].flatMap(year)
        info.year = tags["DATE", "YEAR"].flatMap(year) ?? info.originalYear
        info.trackNumber = tags["TRACKNUMBER"].flatMap(leadingNumber)
        info.discNumber = tags["DISCNUMBER"].flatMap(leadingNumber)
        info.replayGain = replayGain(tags)
        readMoreTags(tags, into: &info)
        info.limitText()
    }

    /// Copies the composer, compilation flag, sort names, lyrics, BPM, comment, MusicBrainz ids and rating from
    /// `tags` into `info`. FFmpeg writes the ID3 frames it has no name for as TXXX frames described by the frame's
    /// id ("TCMP", "TSO2", "TSOC", "USLT"): files it tagged are read as meant.
    private static func readMoreTags(_ tags: TagValues, into info: inout AudioFileInfo) {
        info.setList(tags.all("COMPOSER"), at: \.composers, joined: \.composer)
        info.isCompilation = tags["COMPILATION", "TCMP"].map(isSet) ?? false
        info.sortNames = SortNames(
            title: tags["TITLESORT"], artist: tags["ARTISTSORT"], album: tags["ALBUMSORT"],
            albumArtist: tags["ALBUMARTISTSORT", "TSO2"], composer: tags["COMPOSERSORT", "TSOC"])
        info.lyrics = tags.first(prefixed: "LYRICS") ?? tags["UNSYNCEDLYRICS", "UNSYNCED LYRICS", "USLT"]
        info.cueSheet = tags["CUESHEET"]
        info.beatsPerMinute = tags["BPM"].flatMap(beatsPerMinute)
        info.comment = tags.first(prefixed: "COMMENT") ?? tags["DESCRIPTION"]
        info.musicBrainzIDs = MusicBrainzIDs(
            track: tags["MUSICBRAINZ_TRACKID"].map(firstOfList),
            album: tags["MUSICBRAINZ_ALBUMID"].map(firstOfList),
            artist: tags["MUSICBRAINZ_ARTISTID"].map(firstOfList))
        info.rating =
            tags["FMPS_RATING"].flatMap(RatingTag.stars(fraction:))
            ?? tags["POPM"].flatMap { UInt8($0) }.flatMap(RatingTag.stars(popularimeter:))
            ?? tags["WM/SHAREDUSERRATING"].flatMap(RatingTag.stars(windowsMedia:))
            ?? tags["RATING"].flatMap(RatingTag.stars(rating:))
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
        return TagValues.trimmed(String(first)) ?? text
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

    /// Reads only the embedded picture of `path` (for the full-size artwork on demand): TagLib's, else FFmpeg's.
    static func readPicture(_ path: LibraryPath) throws(FFmpegError) -> EmbeddedPicture? {
        if let file = try? TagLibFile(path, budget: .playback, maximumPictureBytes: maximumPictureBytes) {
            var info = AudioFileInfo()
            readPicture(of: file, into: &info)
            if let picture = info.picture { return picture }
        }
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

    /// The year of a date as taggers write it: its first run of four digits or more, taken as its first four
    /// ("2004-05-01", "Oct 3, 1995", "20040501"); nil when there is none.
    static func year(_ text: String) -> Int? {
        var run = 0
        var value = 0
        for byte in text.utf8 {
            if (48...57).contains(byte) {
                if run < 4 { value = value * 10 + Int(byte - 48) }
                run += 1
            } else {
                if run >= 4 { return value }
                run = 0
                value = 0
            }
        }
        return run >= 4 ? value : nil
    }

    /// The first run of digits in `text` ("3/12" → 3, "2004-05-01" → 2004).
    static func leadingNumber(_ text: String) -> Int? {
        let digits = text.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : Int(digits.prefix(9))
    }

    private static func replayGain(_ tags: TagValues) -> ReplayGain {
        var gain = ReplayGain()
        gain.trackGain = tags["REPLAYGAIN_TRACK_GAIN"].flatMap(decibels)
        gain.trackPeak = tags["REPLAYGAIN_TRACK_PEAK"].flatMap(decibels)
        gain.albumGain = tags["REPLAYGAIN_ALBUM_GAIN"].flatMap(decibels)
        gain.albumPeak = tags["REPLAYGAIN_ALBUM_PEAK"].flatMap(decibels)
        // Opus stores R128 gains as Q7.8 integers relative to -23 LUFS; ReplayGain's reference is 5 dB louder.
        if gain.trackGain == nil, let r128 = tags["R128_TRACK_GAIN"].flatMap({ Int($0) }) {
            gain.trackGain = Double(r128) / 256 + 5
        }
        if gain.albumGain == nil, let r128 = tags["R128_ALBUM_GAIN"].flatMap({ Int($0) }) {
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
