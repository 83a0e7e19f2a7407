import CFFmpeg

/// Owns one opened `AVFormatContext` (a demuxer over a file); closes it in `deinit`. Not thread-safe.
final class FormatInput {
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Opens `path` and reads its header (tags, streams, attached pictures).
    /// - Throws: `FFmpegError` when FFmpeg cannot open or recognize the file.
    init(path: LibraryPath) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let code = path.withCString { avformat_open_input(&opened, $0, nil, nil) }
        guard code >= 0, let opened else { throw FFmpegError(code: code, operation: "open") }
        context = opened
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&pointer)
    }

    /// Reads packets to fill in stream parameters the header lacks (duration, sample rate).
    func findStreamInfo() throws(FFmpegError) {
        let code = avformat_find_stream_info(context, nil)
        if code < 0 { throw FFmpegError(code: code, operation: "read stream info") }
    }

    /// The streams of the file.
    var streams: [UnsafeMutablePointer<AVStream>] {
        (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
    }

    /// The first audio stream, if any.
    var audioStream: UnsafeMutablePointer<AVStream>? {
        streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
    }

    /// The first attached-picture stream (cover art), if any.
    var pictureStream: UnsafeMutablePointer<AVStream>? {
        let flag = addmusic_av_disposition_attached_pic()
        return streams.first { ($0.pointee.disposition & flag) != 0 && $0.pointee.attached_pic.size > 0 }
    }
}
