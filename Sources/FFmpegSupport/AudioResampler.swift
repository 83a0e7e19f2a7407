import CFFmpeg

/// Owns one `SwrContext`: converts audio from one sample format, channel layout and rate to another; frees it in
/// `deinit`. Used by the playback decoder and by the demo library's encoder. Not thread-safe: one thread uses it.
package final class AudioResampler {
    private let context: OpaquePointer

    /// Prepares a conversion from samples of `inputFormat` in `inputLayout` at `inputRate` to `outputFormat` in
    /// `outputLayout` at `outputRate`. The layouts are copied; the caller keeps ownership of its own.
    /// - Throws: `FFmpegError` when swresample refuses the formats.
    package init(
        from inputLayout: AVChannelLayout, _ inputFormat: AVSampleFormat, _ inputRate: Int32,
        to outputLayout: AVChannelLayout, _ outputFormat: AVSampleFormat, _ outputRate: Int32
    ) throws(FFmpegError) {
        var inputLayout = inputLayout
        var outputLayout = outputLayout
        var allocated: OpaquePointer?
        var code = swr_alloc_set_opts2(
            &allocated, &outputLayout, outputFormat, outputRate, &inputLayout, inputFormat, inputRate, 0, nil)
        guard code >= 0, let allocated else { throw FFmpegError(code: code, operation: "set up resampler") }
        code = swr_init(allocated)
        if code < 0 {
            var pointer: OpaquePointer? = allocated
            swr_free(&pointer)
            throw FFmpegError(code: code, operation: "set up resampler")
        }
        context = allocated
    }

    deinit {
        var pointer: OpaquePointer? = context
        swr_free(&pointer)
    }

    /// The most samples per channel that converting `inputCount` more input samples can give, counting what the
    /// resampler still holds.
    package func outputCapacity(forInput inputCount: Int) -> Int {
        max(0, Int(swr_get_out_samples(context, Int32(clamping: inputCount))))
    }

    /// Converts `inputCount` samples per channel from `input` (one pointer per plane; nil: the end of the stream,
    /// giving what the resampler still holds) into `output`, which has room for `capacity` samples per channel.
    /// Returns the samples per channel written.
    /// - Throws: `FFmpegError` when the conversion fails.
    package func convert(
        _ input: UnsafePointer<UnsafePointer<UInt8>?>?, count inputCount: Int,
        into output: UnsafePointer<UnsafeMutablePointer<UInt8>?>, capacity: Int
    ) throws(FFmpegError) -> Int {
        let converted = swr_convert(
            context, UnsafeMutablePointer(mutating: output), Int32(clamping: capacity),
            UnsafeMutablePointer(mutating: input), Int32(clamping: inputCount))
        if converted < 0 { throw FFmpegError(code: converted, operation: "convert samples") }
        return Int(converted)
    }
}
