import CFFmpeg
import FFmpegSupport

/// Encodes stereo float samples into one tagged audio file, optionally with an embedded cover picture, through
/// FFmpeg's encoders and muxers.
///
/// Stateless; each call owns its own FFmpeg handles, so calls may run on several threads at once.
enum AudioFileEncoder {
    /// How a file is encoded: the FFmpeg encoder, the sample rate it should run at and its bit rate.
    struct Settings: Sendable {
        /// The FFmpeg encoder's name ("flac", "libmp3lame", "libvorbis", "libopus", "aac", "pcm_s16le").
        var encoder: String
        /// The preferred sample rate; the encoder's first supported rate is used when it does not take this one.
        var sampleRate: Int
        /// The target bit rate in bits per second, or 0 for the encoder's default (lossless encoders).
        var bitRate: Int = 0
        /// Encoder-specific options, by FFmpeg's option name.
        var options: [String: String] = [:]
    }

    /// Encodes `samples` (interleaved stereo at `inputRate`) into `path`; the muxer follows the extension.
    /// `tags` go on the container, and also on the audio stream for Ogg, whose comments live there.
    /// - Throws: `FFmpegError` when the encoder is missing or refuses the settings, or the file cannot be written.
    static func write(
        _ samples: [Float], inputRate: Int, to path: String, settings: Settings,
        tags: [(key: String, value: String)], picture: CoverPainter.Picture? = nil
    ) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        guard let encoder = avcodec_find_encoder_by_name(settings.encoder) else {
            throw FFmpegError(message: "no \(settings.encoder) encoder in this FFmpeg", operation: "encode \(path)")
        }
        let output = try FormatOutput(path: path)
        let codec = try openEncoder(encoder, settings: settings, globalHeader: output.wantsGlobalHeader, path: path)
        let stream = try output.addStream()
        let code = avcodec_parameters_from_context(stream.pointee.codecpar, codec.context)
        if code < 0 { throw FFmpegError(code: code, operation: "set up stream of \(path)") }
        stream.pointee.time_base = codec.context.pointee.time_base
        try output.setTags(tags)
        if ["ogg", "opus", "oga"].contains(output.muxerName) { try output.setTags(tags, on: stream) }
        let pictureStream = try picture.map { picture throws(FFmpegError) in try addPicture(picture, to: output) }

        try output.writeHeader()
        if let picture, let pictureStream { try output.writePicture(picture.png, on: pictureStream) }
        let converted = try convert(samples, inputRate: inputRate, for: codec)
        try encode(
            converted, with: codec, variableFrameSize: addmusic_codec_has_variable_frame_size(encoder) != 0,
            into: output, stream: stream)
        try output.writeTrailer()
    }

    /// Opens `encoder` for stereo at its first supported sample format and the settings' rate (or its first rate).
    private static func openEncoder(
        _ encoder: UnsafePointer<AVCodec>, settings: Settings, globalHeader: Bool, path: String
    ) throws(FFmpegError) -> CodecContext {
        guard let format = encoder.pointee.sample_fmts?.pointee else {
            throw FFmpegError(message: "encoder lists no sample format", operation: "open encoder for \(path)")
        }
        let codec = try CodecContext(codec: encoder)
        let context = codec.context
        let rate = sampleRate(of: encoder, preferring: Int32(settings.sampleRate))
        context.pointee.sample_fmt = format
        context.pointee.sample_rate = rate
        context.pointee.time_base = AVRational(num: 1, den: rate)
        if settings.bitRate > 0 { context.pointee.bit_rate = Int64(settings.bitRate) }
        var stereo = addmusic_channel_layout_stereo()
        var code = av_channel_layout_copy(&context.pointee.ch_layout, &stereo)
        if globalHeader { addmusic_codec_set_global_header(context) }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        for (key, value) in settings.options where code >= 0 { code = av_dict_set(&options, key, value, 0) }
        if code >= 0 { code = avcodec_open2(context, encoder, &options) }
        if code < 0 { throw FFmpegError(code: code, operation: "open \(settings.encoder) encoder for \(path)") }
        if let unknown = av_dict_get(options, "", nil, addmusic_av_dict_ignore_suffix()) {
            let name = String(cString: unknown.pointee.key)
            throw FFmpegError(
                message: "unknown option \(name)", operation: "open \(settings.encoder) encoder for \(path)")
        }
        return codec
    }

    /// Converts all of `samples` (interleaved stereo float at `inputRate`) to the encoder's sample format and rate,
    /// with the resampler's tail flushed, into one frame whose `nb_samples` is the samples per channel produced.
    private static func convert(
        _ samples: [Float], inputRate: Int, for codec: CodecContext
    ) throws(FFmpegError) -> MediaFrame {
        let context = codec.context
        let stereo = addmusic_channel_layout_stereo()
        let resampler = try AudioResampler(
            from: stereo, AV_SAMPLE_FMT_FLT, Int32(inputRate),
            to: stereo, context.pointee.sample_fmt, context.pointee.sample_rate)
        let inputCount = samples.count / 2
        let capacity = resampler.outputCapacity(forInput: inputCount) + 4096
        let output = try MediaFrame()
        try output.allocateAudio(
            sampleCount: capacity, format: context.pointee.sample_fmt, sampleRate: context.pointee.sample_rate,
            layout: stereo)
        let converted = try samples.withUnsafeBufferPointer { buffer throws(FFmpegError) in
            var input = UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: UInt8.self)
            return try resampler.convert(
                &input, count: inputCount, into: output.frame.pointee.extended_data, capacity: capacity)
        }
        let rest = output.audioPlanes(sampleOffset: converted)
        let flushed = try resampler.convert(nil, count: 0, into: rest, capacity: capacity - converted)
        output.frame.pointee.nb_samples = Int32(converted + flushed)
        return output
    }

    /// `preferred` when the encoder takes it (or takes any rate), else the first rate it lists.
    private static func sampleRate(of encoder: UnsafePointer<AVCodec>, preferring preferred: Int32) -> Int32 {
        guard let rates = encoder.pointee.supported_samplerates, rates.pointee != 0 else { return preferred }
        var index = 0
        while rates[index] != 0 {
            if rates[index] == preferred { return preferred }
            index += 1
        }
        return rates.pointee
    }

    /// Adds a PNG cover as an attached-picture stream (the "front cover" of FLAC and ID3 pictures).
    private static func addPicture(
        _ picture: CoverPainter.Picture, to output: FormatOutput
    ) throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
        let stream = try output.addPNGStream(
            width: picture.width, height: picture.height, timeBase: AVRational(num: 1, den: 90_000))
        stream.pointee.disposition = addmusic_av_disposition_attached_pic()
        try output.setTags([(key: "comment", value: "Cover (front)")], on: stream)
        return stream
    }

    /// Cuts `converted` into the encoder's frames (1024 samples when it takes any size; the last frame padded
    /// with silence when it does not), encodes them, drains the encoder and hands every packet to the muxer.
    private static func encode(
        _ converted: MediaFrame, with codec: CodecContext, variableFrameSize: Bool, into output: FormatOutput,
        stream: UnsafeMutablePointer<AVStream>
    ) throws(FFmpegError) {
        let context = codec.context
        let frameSize = variableFrameSize || context.pointee.frame_size <= 0 ? 1024 : Int(context.pointee.frame_size)
        let total = Int(converted.frame.pointee.nb_samples)
        let channels = context.pointee.ch_layout.nb_channels
        let frame = try MediaFrame()
        let packet = try MediaPacket()
        var offset = 0
        while offset < total {
            let count = min(frameSize, total - offset)
            try frame.allocateAudio(
                sampleCount: variableFrameSize ? count : frameSize, format: context.pointee.sample_fmt,
                sampleRate: context.pointee.sample_rate, layout: context.pointee.ch_layout)
            var code = av_samples_copy(
                frame.frame.pointee.extended_data, converted.frame.pointee.extended_data, 0, Int32(offset),
                Int32(count), channels, context.pointee.sample_fmt)
            if code >= 0, Int(frame.frame.pointee.nb_samples) > count {
                code = av_samples_set_silence(
                    frame.frame.pointee.extended_data, Int32(count), frame.frame.pointee.nb_samples - Int32(count),
                    channels, context.pointee.sample_fmt)
            }
            if code < 0 { throw FFmpegError(code: code, operation: "fill audio frame") }
            frame.frame.pointee.pts = Int64(offset)
            try send(frame.frame, to: codec, packet: packet, output: output, stream: stream)
            offset += count
        }
        try send(nil, to: codec, packet: packet, output: output, stream: stream)
    }

    /// Sends one frame (nil: end of stream) and writes every packet the encoder has ready.
    private static func send(
        _ frame: UnsafeMutablePointer<AVFrame>?, to codec: CodecContext, packet: MediaPacket, output: FormatOutput,
        stream: UnsafeMutablePointer<AVStream>
    ) throws(FFmpegError) {
        var code = avcodec_send_frame(codec.context, frame)
        if code < 0 { throw FFmpegError(code: code, operation: "encode audio") }
        while true {
            code = avcodec_receive_packet(codec.context, packet.packet)
            if code == addmusic_averror(EAGAIN) || code == addmusic_averror_eof() { return }
            if code < 0 { throw FFmpegError(code: code, operation: "encode audio") }
            packet.packet.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet.packet, codec.context.pointee.time_base, stream.pointee.time_base)
            try output.write(packet.packet)
        }
    }
}
