import CFFmpeg

/// Owns one `AVCodecContext`; frees it in `deinit`. Not thread-safe.
package final class CodecContext {
    package let context: UnsafeMutablePointer<AVCodecContext>

    package init(codec: UnsafePointer<AVCodec>) throws(FFmpegError) {
        guard let context = avcodec_alloc_context3(codec) else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "allocate codec")
        }
        self.context = context
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&pointer)
    }
}
