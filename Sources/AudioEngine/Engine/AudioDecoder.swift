import CFFmpeg
import FFmpegSupport
import MediaModel

/// Decodes one audio file through FFmpeg into interleaved 32-bit float samples of a `PCMFormat`: the file's own
/// (its rate, channels and layout, and the sample format its decoder gives), or another one the caller picks from it
/// (the fixed format, or what the output takes), converted once by one resampler.
///
/// A file whose format changes part-way (chained Ogg, some AAC and MP3 streams) is converted to the format it began
/// with, so one song is one stream format.
///
/// FFmpeg trims the encoder delay and padding it knows of (the LAME/Xing header of MP3, the priming of AAC, Opus's
/// pre-skip), so consecutive files decoded one after another join without inserted or lost samples.
/// Not thread-safe: one decoder thread owns it.
final class AudioDecoder {
    private let input: FormatInput
    private let codec: CodecContext
    private let streamIndex: Int32
    private let timeBase: AVRational
    /// What the samples are decoded into.
    let format: PCMFormat
    /// The file's own format, as its decoder opened.
    let nativeFormat: PCMFormat
    /// The bits of resolution the decoded samples carry: the file's (16 for a 16-bit FLAC, 24 for a 24-bit one,
    /// 32 for a float codec), or 32 when they are resampled or remixed.
    let precision: Int
    private var resampler: AudioResampler?
    private var resamplerShape: FrameShape?
    private let packet: MediaPacket
    private let frame: MediaFrame
    private var draining = false
    private var finished = false
    /// Output frames still to drop after a seek, to land on the exact time asked for.
    private var seekTarget: Double?

    /// The file's duration in seconds (0 when unknown, as for a live stream); a window's length once `window` set
    /// one.
    private(set) var duration: Double
    /// Where the window `window` set starts and ends in the file, in seconds (no window: 0 and nil).
    private var windowStart = 0.0
    private var windowEnd: Double?
    /// Output frames left before the window's end; nil without an end.
    private var framesLeft: Int?
    /// For a stream: the seconds without a byte after which a read gives up (the message says so).
    private var stallSeconds = 0.0

    /// A stream's latest Shoutcast/Icecast metadata block, if it sent one; nil for a file.
    var icyMetadata: String? { input.icyMetadata }

    /// The most channels a song keeps; one with more is mixed down to stereo.
    static let maxChannels = 8

    /// Opens `path` for decoding into the format `target` picks given the file's own.
    /// - Throws: `FFmpegError` when the file does not open, has no audio, or its codec has no decoder.
    convenience init(path: [UInt8], fileExtension: String, target: (_ native: PCMFormat) -> PCMFormat)
        throws(FFmpegError)
    {
        try self.init(
            input: try FormatInput(path: path, fileExtension: fileExtension, budget: .playback), target: target)
    }

    /// Opens the `http`/`https` stream at `url` for decoding into the format `target` picks given the stream's own;
    /// every wait on the network is bounded by `interrupt` and by FFmpeg's socket timeout of `timeout` seconds.
    /// - Throws: `FFmpegError` when the stream does not answer in time, is not audio, or its codec has no decoder.
    convenience init(
        streamURL url: String, timeout: Double, interrupt: StreamInterrupt, target: (_ native: PCMFormat) -> PCMFormat
    ) throws(FFmpegError) {
        try self.init(
            input: try FormatInput(url: url, timeout: timeout, interrupt: interrupt), timeout: timeout, target: target)
        stallSeconds = timeout
    }

    /// Decodes what `input` opened; `timeout` is a stream's bound on each wait, for its messages.
    private init(input: FormatInput, timeout: Double = 0, target: (_ native: PCMFormat) -> PCMFormat)
        throws(FFmpegError)
    {
        self.input = input
        do {
            try input.findStreamInfo()
        } catch {
            if let interrupt = input.interrupt, interrupt.timedOut {
                throw FormatInput.timeoutError(interrupt, timeout)
            }
            throw error
        }
        guard let stream = input.audioStream else { throw FFmpegError(message: "no audio stream", operation: "open") }
        guard let decoder = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id) else {
            throw FFmpegError(message: "no decoder for this audio format", operation: "open decoder")
        }
        codec = try CodecContext(codec: decoder)
        var code = avcodec_parameters_to_context(codec.context, stream.pointee.codecpar)
        if code < 0 { throw FFmpegError(code: code, operation: "open decoder") }
        codec.context.pointee.pkt_timebase = stream.pointee.time_base
        code = avcodec_open2(codec.context, decoder, nil)
        if code < 0 { throw FFmpegError(code: code, operation: "open decoder") }
        streamIndex = stream.pointee.index
        timeBase = stream.pointee.time_base
        let (native, bits) = Self.nativeFormat(of: codec.context)
        nativeFormat = native
        var wanted = native
        if wanted.channels > Self.maxChannels { wanted = PCMFormat(sampleRate: native.sampleRate, channels: 2) }
        let format = target(wanted)
        self.format = format
        precision =
            format.sampleRate == native.sampleRate && format.channels == native.channels
                && format.channelMask == native.channelMask ? bits : 32
        packet = try MediaPacket()
        frame = try MediaFrame()
        input.endProbe()
        duration = FormatInput.duration(context: input.context, stream: stream).flatMap(MediaTime.duration) ?? 0
    }

    /// Opens `path` for decoding into `format` (the fixed format: the app sound).
    convenience init(path: [UInt8], fileExtension: String, format: PCMFormat) throws(FFmpegError) {
        try self.init(path: path, fileExtension: fileExtension, target: { _ in format })
    }

    /// The format a decoder opened gives (its rate, channels and layout; s16, s24 or s32 for integer samples, float
    /// for the rest) and the bits its samples carry. A decoder that does not say falls back on the fixed format.
    private static func nativeFormat(of context: UnsafeMutablePointer<AVCodecContext>) -> (PCMFormat, Int) {
        let rate = Int(context.pointee.sample_rate)
        let layout = context.pointee.ch_layout
        let channels = Int(layout.nb_channels)
        guard rate > 0, channels > 0 else { return (.fixed, 32) }
        var mask = PCMFormat.defaultMask(channels: channels)
        if layout.order == AV_CHANNEL_ORDER_NATIVE, layout.u.mask.nonzeroBitCount == channels { mask = layout.u.mask }
        let rawBits = Int(context.pointee.bits_per_raw_sample)
        let sampleFormat: PCMSampleFormat
        let bits: Int
        switch context.pointee.sample_fmt {
        case AV_SAMPLE_FMT_U8, AV_SAMPLE_FMT_U8P:
            (sampleFormat, bits) = (.s16, 8)
        case AV_SAMPLE_FMT_S16, AV_SAMPLE_FMT_S16P:
            (sampleFormat, bits) = (.s16, 16)
        case AV_SAMPLE_FMT_S32, AV_SAMPLE_FMT_S32P, AV_SAMPLE_FMT_S64, AV_SAMPLE_FMT_S64P:
            // 24-bit FLAC and WAV decode into 32-bit samples and say how many bits are real.
            (sampleFormat, bits) = rawBits > 0 && rawBits <= 24 ? (.s24, rawBits) : (.s32, 32)
        default:
            (sampleFormat, bits) = (.float32, 32)
        }
        return (PCMFormat(sampleRate: rate, channels: channels, channelMask: mask, sampleFormat: sampleFormat), bits)
    }

    /// Makes the part of the file from `start` to `end` seconds (nil: its end) all there is to decode, as for a track
    /// of a cue sheet: decoding starts at `start`, `seek` counts from it, and the last samples are those before `end`.
    /// Borders are counted in samples from the start of the file, so two windows that share a border join without a
    /// sample lost or repeated.
    /// - Throws: `FFmpegError` when the file cannot seek to `start`.
    func window(start: Double, end: Double?) throws(FFmpegError) {
        let fileDuration = duration
        windowStart = max(0, start)
        windowEnd = end
        duration = max(0, (end ?? fileDuration) - windowStart)
        if windowStart > 0 {
            try seek(to: 0)
        } else if let end {
            framesLeft = frameIndex(end)
        }
    }

    /// The sample of the file `seconds` from its start falls on, at the output's rate.
    private func frameIndex(_ seconds: Double) -> Int {
        Int(clamping: seconds * Double(format.sampleRate), rounding: .toNearestOrAwayFromZero)
    }

    /// Decodes until at least one block of converted samples is ready and appends it to `samples`.
    /// Returns false at the end of the file or of its window (after the decoder's and resampler's last samples).
    /// - Throws: `FFmpegError` when the file is damaged beyond what the decoder skips.
    func decode(into samples: some DecodedSampleSink) throws(FFmpegError) -> Bool {
        guard var left = framesLeft else { return try decodeFile(into: samples) }
        let start = samples.count
        if left <= 0 { return false }
        guard try decodeFile(into: samples) else { return false }
        let added = (samples.count - start) / format.channels
        if added >= left {
            samples.remove(from: start + left * format.channels, count: samples.count - start - left * format.channels)
            finished = true
        }
        left -= added
        framesLeft = left
        return samples.count > start
    }

    /// `decode` over the whole file.
    private func decodeFile(into samples: some DecodedSampleSink) throws(FFmpegError) -> Bool {
        let start = samples.count
        while samples.count == start {
            if finished { return false }
            let code = avcodec_receive_frame(codec.context, frame.frame)
            if code >= 0 {
                try convert(frame.frame, into: samples)
                av_frame_unref(frame.frame)
                continue
            }
            if code == addmusic_averror_eof() {
                try flushResampler(into: samples)
                finished = true
                return samples.count > start
            }
            guard code == addmusic_averror(EAGAIN) else { throw FFmpegError(code: code, operation: "decode") }
            try feedDecoder()
        }
        return true
    }

    /// Moves to `seconds` from the start (of the window, when one is set); the next samples decoded begin there
    /// (within one sample).
    /// - Throws: `FFmpegError` when the file cannot seek.
    func seek(to offset: Double) throws(FFmpegError) {
        let seconds = windowStart + max(0, offset)
        if let windowEnd { framesLeft = frameIndex(windowEnd) - frameIndex(seconds) }
        let target = Int64(clamping: MediaTime.position(seconds) * Double(AV_TIME_BASE))
        let code = avformat_seek_file(input.context, -1, Int64.min, target, target, 0)
        if code < 0 { throw FFmpegError(code: code, operation: "seek") }
        avcodec_flush_buffers(codec.context)
        resampler = nil
        draining = false
        finished = false
        seekTarget = max(0, seconds)
    }

    private func feedDecoder() throws(FFmpegError) {
        if draining {
            // The decoder has had its flush packet; it is only waiting to say so.
            let code = avcodec_send_packet(codec.context, nil)
            if code < 0 && code != addmusic_averror_eof() { throw FFmpegError(code: code, operation: "decode") }
            return
        }
        while true {
            input.interrupt?.willRead()
            let code = av_read_frame(input.context, packet.packet)
            if code < 0, input.interrupt != nil { try streamEnded(code) }
            if code == addmusic_averror_eof() || (code < 0 && input.context.pointee.pb?.pointee.eof_reached != 0) {
                draining = true
                _ = avcodec_send_packet(codec.context, nil)
                return
            }
            if code < 0 { throw FFmpegError(code: code, operation: "read") }
            defer { av_packet_unref(packet.packet) }
            guard packet.packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec.context, packet.packet)
            // A damaged packet is skipped, as players do; the decoder resynchronizes on the next one.
            if sent < 0 && sent != addmusic_averror_invaliddata() && sent != addmusic_averror(EAGAIN) {
                throw FFmpegError(code: sent, operation: "decode")
            }
            return
        }
    }

    /// A stream's read failed or met its end: fine when all of a known length was read (a file served over HTTP);
    /// otherwise the stream dropped or stalled.
    /// - Throws: `FFmpegError` (operation "stream dropped") saying which.
    private func streamEnded(_ code: Int32) throws(FFmpegError) {
        var cutShort: (read: Int64, size: Int64)?
        if let io = input.context.pointee.pb {
            let size = avio_size(io)
            let read = avio_tell(io)
            if size > 0, read >= size { return }
            if size > 0 { cutShort = (read, size) }
        }
        if input.interrupt?.timedOut == true {
            throw FFmpegError(
                message: "nothing received for \(FormatInput.seconds(stallSeconds))", operation: "stream dropped")
        }
        if let cutShort {
            throw FFmpegError(
                message: "the server closed the stream after \(cutShort.read) of \(cutShort.size) bytes",
                operation: "stream dropped")
        }
        if code == addmusic_averror_eof() {
            throw FFmpegError(message: "the server closed the stream", operation: "stream dropped")
        }
        throw FFmpegError(code: code, operation: "stream dropped")
    }

    private func makeResampler(for frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> AudioResampler {
        var output = AVChannelLayout()
        if format.channelMask == 0 || av_channel_layout_from_mask(&output, format.channelMask) < 0 {
            av_channel_layout_default(&output, Int32(format.channels))
        }
        defer { av_channel_layout_uninit(&output) }
        return try AudioResampler(
            from: frame.pointee.ch_layout, AVSampleFormat(rawValue: frame.pointee.format), frame.pointee.sample_rate,
            to: output, AV_SAMPLE_FMT_FLT, Int32(format.sampleRate))
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, into samples: some DecodedSampleSink)
        throws(FFmpegError)
    {
        // Built for the first frame's rate, layout and sample format; built again when a stream changes them
        // mid-way (chained Ogg, some AAC and MP3 streams).
        let shape = FrameShape(frame)
        if resampler == nil || shape != resamplerShape {
            resampler = nil
            resampler = try makeResampler(for: frame)
            resamplerShape = shape
        }
        let start = samples.count
        let planes = UnsafeRawPointer(frame.pointee.extended_data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        try resample(planes, count: Int(frame.pointee.nb_samples), into: samples)
        dropBeforeSeekTarget(frame, addedFrom: start, samples: samples)
    }

    /// After a seek the demuxer lands on a packet at or before the target: drop what precedes it.
    private func dropBeforeSeekTarget(
        _ frame: UnsafeMutablePointer<AVFrame>, addedFrom start: Int, samples: some DecodedSampleSink
    ) {
        guard let target = seekTarget else { return }
        let timestamp = frame.pointee.best_effort_timestamp
        guard timestamp != addmusic_av_nopts_value() else {
            seekTarget = nil
            return
        }
        let frameStart = Double(timestamp) * av_q2d(timeBase)
        let added = (samples.count - start) / format.channels
        let drop = min(
            added,
            max(0, Int(clamping: (target - frameStart) * Double(format.sampleRate), rounding: .toNearestOrAwayFromZero))
        )
        samples.remove(from: start, count: drop * format.channels)
        if drop < added { seekTarget = nil }
    }

    private func flushResampler(into samples: some DecodedSampleSink) throws(FFmpegError) {
        try resample(nil, count: 0, into: samples)
    }

    /// Converts `count` input samples from `planes` (none: what the resampler still holds) and appends them.
    private func resample(
        _ planes: UnsafePointer<UnsafePointer<UInt8>?>?, count: Int, into samples: some DecodedSampleSink
    ) throws(FFmpegError) {
        guard let resampler else { return }
        let capacity = resampler.outputCapacity(forInput: count)
        guard capacity > 0 else { return }
        var output: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(
            samples.reserve(capacity * format.channels)
        ).assumingMemoryBound(to: UInt8.self)
        let converted = try resampler.convert(planes, count: count, into: &output, capacity: capacity)
        samples.didAppend(converted * format.channels)
    }
}

/// What a resampler is built for: a frame's sample rate, sample format and channel layout.
private struct FrameShape: Equatable {
    var sampleRate: Int32
    var format: Int32
    var channels: Int32
    var layoutMask: UInt64

    init(_ frame: UnsafeMutablePointer<AVFrame>) {
        sampleRate = frame.pointee.sample_rate
        format = frame.pointee.format
        channels = frame.pointee.ch_layout.nb_channels
        layoutMask = frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_NATIVE ? frame.pointee.ch_layout.u.mask : 0
    }
}
