import CFFmpeg
import FFmpegSupport

/// Owns one output `AVFormatContext` (a muxer writing a file) and the file it opened; closes the file and frees
/// the context in `deinit`, so a failed write leaves no handle behind. Not thread-safe.
final class FormatOutput {
    let context: UnsafeMutablePointer<AVFormatContext>
    private let path: String
    private var openedFile = false

    /// Chooses a muxer for `path` (by `formatName`, or else by the file's extension). Nothing is written yet.
    /// The output is bit-exact: no random stream serials and no library version tags.
    /// - Throws: `FFmpegError` when no muxer fits.
    init(path: String, formatName: String? = nil) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        let code = avformat_alloc_output_context2(&allocated, nil, formatName, path)
        guard code >= 0, let allocated else { throw FFmpegError(code: code, operation: "choose muxer for \(path)") }
        context = allocated
        self.path = path
        context.pointee.flags |= AVFMT_FLAG_BITEXACT
    }

    deinit {
        if openedFile { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// The muxer's short name ("flac", "ogg", "ipod", …).
    var muxerName: String { String(cString: context.pointee.oformat.pointee.name) }

    /// Whether the muxer keeps codec headers in the container, so encoders must be told to leave them out.
    var wantsGlobalHeader: Bool { addmusic_format_wants_global_header(context.pointee.oformat) != 0 }

    /// Adds a stream; the caller fills in its parameters before `writeHeader`.
    /// - Throws: `FFmpegError` when memory runs out.
    func addStream() throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "add stream to \(path)")
        }
        return stream
    }

    /// Adds a stream that carries one PNG picture of `width`×`height`.
    func addPNGStream(width: Int, height: Int, timeBase: AVRational) throws(FFmpegError) -> UnsafeMutablePointer<
        AVStream
    > {
        let stream = try addStream()
        let parameters = stream.pointee.codecpar!
        parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters.pointee.codec_id = AV_CODEC_ID_PNG
        parameters.pointee.width = Int32(width)
        parameters.pointee.height = Int32(height)
        stream.pointee.time_base = timeBase
        return stream
    }

    /// Sets `tags`, in order, on the container (`stream` nil) or on one stream.
    /// - Throws: `FFmpegError` when memory runs out.
    func setTags(_ tags: [(key: String, value: String)], on stream: UnsafeMutablePointer<AVStream>? = nil)
        throws(FFmpegError)
    {
        for tag in tags {
            let code: Int32
            if let stream {
                code = av_dict_set(&stream.pointee.metadata, tag.key, tag.value, 0)
            } else {
                code = av_dict_set(&context.pointee.metadata, tag.key, tag.value, 0)
            }
            if code < 0 { throw FFmpegError(code: code, operation: "set tag \(tag.key)") }
        }
    }

    /// Opens the file (unless the muxer does its own I/O) and writes the container's header.
    /// - Throws: `FFmpegError` when the file cannot be created or the muxer refuses the streams.
    func writeHeader(options: [(key: String, value: String)] = []) throws(FFmpegError) {
        if addmusic_format_needs_file(context.pointee.oformat) != 0 {
            let code = avio_open(&context.pointee.pb, path, addmusic_avio_flag_write())
            if code < 0 { throw FFmpegError(code: code, operation: "create \(path)") }
            openedFile = true
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for option in options { av_dict_set(&dictionary, option.key, option.value, 0) }
        let code = avformat_write_header(context, &dictionary)
        if code < 0 { throw FFmpegError(code: code, operation: "write header of \(path)") }
    }

    /// Hands `packet` to the muxer, which interleaves and writes it and leaves the packet empty.
    /// - Throws: `FFmpegError` when the write fails.
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(FFmpegError) {
        let code = av_interleaved_write_frame(context, packet)
        if code < 0 { throw FFmpegError(code: code, operation: "write \(path)") }
    }

    /// Writes `bytes` as the one packet of a still picture on `stream` (a cover picture, a PNG file).
    /// - Throws: `FFmpegError` when the write fails.
    func writePicture(_ bytes: [UInt8], on stream: UnsafeMutablePointer<AVStream>) throws(FFmpegError) {
        let packet = try MediaPacket(copying: bytes)
        packet.packet.pointee.stream_index = stream.pointee.index
        packet.packet.pointee.flags |= AV_PKT_FLAG_KEY
        packet.packet.pointee.pts = 0
        packet.packet.pointee.dts = 0
        try write(packet.packet)
    }

    /// Flushes what the muxer still holds and writes the trailer (seek tables, sizes).
    /// - Throws: `FFmpegError` when the write fails.
    func writeTrailer() throws(FFmpegError) {
        let code = av_write_trailer(context)
        if code < 0 { throw FFmpegError(code: code, operation: "finish \(path)") }
    }
}
