import CFFmpeg

/// Owns one `AVFrame` (decoded or to-be-encoded samples or pixels); frees it in `deinit`. Not thread-safe.
package final class MediaFrame {
    package let frame: UnsafeMutablePointer<AVFrame>

    /// Allocates an empty frame.
    /// - Throws: `FFmpegError` when memory runs out.
    package init() throws(FFmpegError) {
        guard let frame = av_frame_alloc() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "allocate frame")
        }
        self.frame = frame
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&pointer)
    }

    /// Drops the frame's buffers and gives it new ones for `sampleCount` samples of `format` in `layout`.
    /// - Throws: `FFmpegError` when the buffers cannot be allocated.
    package func allocateAudio(
        sampleCount: Int, format: AVSampleFormat, sampleRate: Int32, layout: AVChannelLayout
    ) throws(FFmpegError) {
        av_frame_unref(frame)
        frame.pointee.nb_samples = Int32(sampleCount)
        frame.pointee.format = format.rawValue
        frame.pointee.sample_rate = sampleRate
        var layout = layout
        var code = av_channel_layout_copy(&frame.pointee.ch_layout, &layout)
        if code >= 0 { code = av_frame_get_buffer(frame, 0) }
        if code < 0 { throw FFmpegError(code: code, operation: "allocate audio frame") }
    }

    /// The start of each plane of audio, `sampleOffset` samples in (one plane for packed formats).
    package func audioPlanes(sampleOffset: Int) -> [UnsafeMutablePointer<UInt8>?] {
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        let channels = Int(frame.pointee.ch_layout.nb_channels)
        let isPlanar = av_sample_fmt_is_planar(format) != 0
        let stride = Int(av_get_bytes_per_sample(format)) * (isPlanar ? 1 : channels)
        return (0..<(isPlanar ? channels : 1)).map {
            frame.pointee.extended_data[$0].map { $0 + sampleOffset * stride }
        }
    }
}
