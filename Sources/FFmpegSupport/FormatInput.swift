import CFFmpeg
import Glibc
import MediaModel

/// Owns one opened `AVFormatContext` (a demuxer over a file or a network stream); closes it in `deinit`. Not
/// thread-safe.
package final class FormatInput {
    package let context: UnsafeMutablePointer<AVFormatContext>
    /// The probe's budget, checked by FFmpeg until `endProbe()` (a file's).
    private let probeGuard: ProbeGuard
    /// What bounds every wait on the network (a stream's).
    package let interrupt: StreamInterrupt?

    /// Opens `path` and reads its header (tags, streams, attached pictures), within `budget` until `endProbe()`.
    ///
    /// Only a regular file is opened (a FIFO or a device would never end). The demuxer the file's extension names
    /// is tried first, which spares probing every format FFmpeg knows (most of the cost of opening a small file); a
    /// file whose extension lies is then probed like any other.
    /// - Throws: `FFmpegError` when the path is not a regular file, FFmpeg cannot open or recognize it, or the
    ///   budget runs out (`isOverBudget`).
    /// `path` is the file's path as raw bytes (names need not be UTF-8); `fileExtension` is its lowercased extension.
    package init(path: [UInt8], fileExtension: String, budget: ProbeBudget = .standard) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        var status = stat()
        guard stat(cPath, &status) == 0 else { throw FFmpegError(code: addmusic_averror(errno), operation: "open") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FFmpegError(notRegularFile: "open") }
        probeGuard = ProbeGuard(budget)
        var code: Int32 = -1
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let isMissingOrRefused = { (code: Int32) in code == addmusic_averror(ENOENT) || code == addmusic_averror(EACCES)
        }
        let guarded = probeGuard
        func open(_ format: UnsafePointer<AVInputFormat>?) -> Int32 {
            // A context of our own, so the budget is in force from the first byte; FFmpeg frees it on failure.
            guard let context = avformat_alloc_context() else { return addmusic_averror(ENOMEM) }
            guarded.attach(to: context)
            // Local files only, and audio demuxers only: a file that probes as a playlist (HLS, concat) would
            // otherwise open the paths or URLs it names — a FIFO, a device, the network.
            context.pointee.protocol_whitelist = av_strdup("file")
            context.pointee.format_whitelist = av_strdup(Self.audioDemuxers)
            opened = context
            return avformat_open_input(&opened, cPath, format, nil)
        }
        if let format = Self.demuxers[fileExtension]?.format {
            code = open(format)
        }
        if code < 0 && !isMissingOrRefused(code) && probeGuard.overrun == nil {
            code = open(nil)
        }
        if let overrun = probeGuard.overrun {
            if code >= 0 { avformat_close_input(&opened) }
            throw overrun
        }
        guard code >= 0, let opened else { throw FFmpegError(code: code, operation: "open") }
        context = opened
        interrupt = nil
    }

    /// Opens the `http`/`https` stream at `url` and reads its header, every wait bounded by `interrupt` (its open
    /// deadline, its stall limit, its owner giving up) and by FFmpeg's own socket timeout of `timeout` seconds.
    ///
    /// Only the web protocols are allowed (a playlist served at the URL cannot reach files or other protocols),
    /// only audio demuxers, and Shoutcast/Icecast titles are asked for (`icy=1`, read with `icyMetadata`). An https
    /// server's certificate must be trusted by the system.
    /// Redirects are followed up to FFmpeg's limit (8); a loop of them fails.
    /// - Throws: `FFmpegError` when the server does not answer in time, refuses, or sends what is not audio.
    package init(url: String, timeout: Double, interrupt: StreamInterrupt) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        probeGuard = ProbeGuard(ProbeBudget(seconds: .infinity, maximumHeaderBytes: .max, maximumPacketBytes: .max))
        self.interrupt = interrupt
        guard let allocated = avformat_alloc_context() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "open")
        }
        interrupt.attach(to: allocated)
        allocated.pointee.protocol_whitelist = av_strdup("http,https,tcp,tls")
        allocated.pointee.format_whitelist = av_strdup(Self.audioDemuxers)
        let microseconds = String(Int64(clamping: max(0.001, timeout) * 1e6))
        var options: OpaquePointer?
        for (key, value) in [
            ("icy", "1"), ("rw_timeout", microseconds), ("timeout", microseconds), ("reconnect", "0"),
            ("user_agent", "AddMusic"),
            // An https server's certificate is checked against the system's trusted authorities (FFmpeg does not by
            // default).
            ("tls_verify", "1"),
        ] {
            av_dict_set(&options, key, value, 0)
        }
        defer { av_dict_free(&options) }
        var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
        // FFmpeg frees the context when the open fails.
        let code = avformat_open_input(&opened, url, nil, &options)
        guard code >= 0, let opened else {
            if interrupt.timedOut {
                throw Self.timeoutError(interrupt, timeout)
            }
            if code == addmusic_averror(EIO) || code == addmusic_averror_eof() {
                // What FFmpeg's HTTP reader says of an answer cut short, one that is not HTTP, a loop of redirects
                // and (over https) a certificate not trusted alike (EIO, or the end of the input).
                let secure = url.lowercased().hasPrefix("https:")
                throw FFmpegError(
                    message: secure
                        ? "the answer is not a stream (cut short, not HTTP, redirected too often, or its certificate "
                            + "not trusted)"
                        : "the answer is not a stream (cut short, not HTTP, or redirected too often)",
                    operation: "open stream")
            }
            throw FFmpegError(code: code, operation: "open stream")
        }
        context = opened
    }

    /// What a stream whose open ran out of time did: never answered, or answered and sent no audio.
    package static func timeoutError(_ interrupt: StreamInterrupt, _ timeout: Double) -> FFmpegError {
        FFmpegError(
            message: interrupt.answered
                ? "the server answered but sent no audio within \(seconds(timeout))"
                : "no answer within \(seconds(timeout))",
            operation: "open stream")
    }

    /// `seconds` as text for a message ("10 s", "0.5 s").
    package static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(clamping: seconds)) s" : "\(seconds) s"
    }

    /// The stream's latest Shoutcast/Icecast metadata block (`StreamTitle='…';`), as FFmpeg's HTTP reader last
    /// received it; nil for a file, or before the server sent any.
    package var icyMetadata: String? {
        guard interrupt != nil, let io = context.pointee.pb else { return nil }
        var value: UnsafeMutablePointer<UInt8>?
        guard
            av_opt_get(UnsafeMutableRawPointer(io), "icy_metadata_packet", addmusic_av_opt_search_children(), &value)
                >= 0, let value
        else { return nil }
        defer { av_free(value) }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// The budget's error when it stopped the probe at some point (what was read may be partial), else nil.
    package var overrun: FFmpegError? { probeGuard.overrun }

    /// Ends the probe: from now on reading is not limited (decoding a song takes as long as the song).
    /// For a stream: the open deadline ends and the stall limit starts.
    package func endProbe() {
        probeGuard.lift()
        interrupt?.opened()
    }

    /// The budget's error when it stopped the probe, else `error`.
    private func budgetOr(_ error: FFmpegError) -> FFmpegError { probeGuard.overrun ?? error }

    /// FFmpeg's demuxers by file extension, looked up once (a lookup walks every demuxer FFmpeg has).
    private static let demuxers: [String: Demuxer] = demuxerNames.compactMapValues { name in
        av_find_input_format(name).map(Demuxer.init)
    }

    /// A demuxer description: an immutable static of FFmpeg's, safe to share between threads.
    private struct Demuxer: @unchecked Sendable {  // points at an immutable static of FFmpeg's
        let format: UnsafePointer<AVInputFormat>
    }

    /// The demuxers a file may be opened with: those of `demuxerNames`, under every name FFmpeg gives them.
    private static let audioDemuxers = (Set(demuxerNames.values).union(["mov", "mpc8", "eac3", "webm"])).sorted()
        .joined(separator: ",")

    /// FFmpeg demuxer names by file extension.
    private static let demuxerNames: [String: String] = [
        "mp3": "mp3", "mp2": "mp3", "flac": "flac", "ogg": "ogg", "oga": "ogg", "opus": "ogg", "spx": "ogg",
        "m4a": "mp4", "m4b": "mp4", "mp4": "mp4", "aac": "aac", "wav": "wav", "wave": "wav", "aif": "aiff",
        "aiff": "aiff", "aifc": "aiff", "wma": "asf", "asf": "asf", "ape": "ape", "wv": "wv", "mpc": "mpc",
        "mka": "matroska", "webm": "matroska", "tta": "tta", "caf": "caf", "ac3": "ac3", "dts": "dts", "amr": "amr",
        "au": "au", "dsf": "dsf", "w64": "w64", "dff": "iff", "tak": "tak", "shn": "shn", "eac3": "eac3",
        "mpga": "mp3", "m4r": "mp4", "mod": "libopenmpt", "s3m": "libopenmpt", "xm": "libopenmpt",
        "it": "libopenmpt", "mptm": "libopenmpt",
    ]

    deinit {
        var pointer: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&pointer)
    }

    /// Reads packets to fill in stream parameters the header lacks (duration, sample rate).
    package func findStreamInfo() throws(FFmpegError) {
        probeGuard.beginPacketStage()
        let code = avformat_find_stream_info(context, nil)
        if code < 0 { throw budgetOr(FFmpegError(code: code, operation: "read stream info")) }
        if let overrun = probeGuard.overrun { throw overrun }
    }

    /// Sample rate and channels read from the stream's own header bytes (FLAC's STREAMINFO, the first MP3 frame)
    /// when the demuxer left them unset; reads one packet for MP3. Nil for other codecs.
    package func headerFormat(of stream: UnsafeMutablePointer<AVStream>) -> (Int, Int)? {
        let parameters = stream.pointee.codecpar.pointee
        switch parameters.codec_id {
        case AV_CODEC_ID_FLAC:
            guard let extradata = parameters.extradata else { return nil }
            return StreamHeaderParser.flacStreamInfo(
                UnsafeBufferPointer(start: extradata, count: Int(parameters.extradata_size))
            )
            .map { ($0.sampleRate, $0.channels) }
        case AV_CODEC_ID_MP3, AV_CODEC_ID_MP2, AV_CODEC_ID_MP1:
            probeGuard.beginPacketStage()
            guard let packet = av_packet_alloc() else { return nil }
            defer { var pointer: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&pointer) }
            for _ in 0..<8 {
                guard av_read_frame(context, packet) >= 0 else { return nil }
                defer { av_packet_unref(packet) }
                if packet.pointee.stream_index == stream.pointee.index, let data = packet.pointee.data {
                    return StreamHeaderParser.mpegAudioHeader(
                        UnsafeBufferPointer(start: data, count: Int(packet.pointee.size))
                    )
                    .map { ($0.sampleRate, $0.channels) }
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Up to `count` bytes from the end of the file, read through the demuxer's own I/O (no second open).
    /// Call it only when done with demuxing: it moves the read position.
    package func tail(count: Int) -> [UInt8]? {
        guard let io = context.pointee.pb else { return nil }
        let size = avio_size(io)
        guard size > 0 else { return nil }
        let start = max(0, size - Int64(count))
        guard avio_seek(io, start, SEEK_SET) >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(size - start))
        var filled = 0
        while filled < buffer.count {
            let read = buffer.withUnsafeMutableBufferPointer {
                avio_read(io, $0.baseAddress! + filled, Int32($0.count - filled))
            }
            if read <= 0 { break }
            filled += Int(read)
        }
        return filled == buffer.count ? buffer : nil
    }

    /// The duration a header claims, in seconds (the container's, else the stream's), unchecked: callers pass it
    /// through `MediaTime.duration` before use. Nil when the header gives none.
    package static func duration(
        context: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>
    ) -> Double? {
        let none = addmusic_av_nopts_value()
        if context.pointee.duration != none, context.pointee.duration > 0 {
            return Double(context.pointee.duration) / Double(AV_TIME_BASE)
        }
        if stream.pointee.duration != none, stream.pointee.duration > 0 {
            return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
        return nil
    }

    /// The streams of the file.
    package var streams: [UnsafeMutablePointer<AVStream>] {
        (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
    }

    /// The first audio stream, if any.
    package var audioStream: UnsafeMutablePointer<AVStream>? {
        streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
    }

    /// The first attached-picture stream (cover art), if any.
    package var pictureStream: UnsafeMutablePointer<AVStream>? {
        let flag = addmusic_av_disposition_attached_pic()
        return streams.first { ($0.pointee.disposition & flag) != 0 && $0.pointee.attached_pic.size > 0 }
    }
}
