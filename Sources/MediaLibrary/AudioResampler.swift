import CFFmpeg
import FFmpegSupport

/// Owns one `SwrContext`: converts interleaved stereo float samples to an encoder's sample format and rate;
/// frees it in `deinit`. Not thread-safe.
package final class AudioResampler {
    private let context: OpaquePointer
    private let outputFormat: AVSampleFormat
    private let outputRate: Int32

    /// Prepares a conversion of stereo `AV_SAMPLE_FMT_FLT` at `inputRate` to stereo `outputFormat` at `outputRate`.
    /// - Throws: `FFmpegError` when swresample refuses the formats.
    package init(inputRate: Int32, outputFormat: AVSampleFormat, outputRate: Int32) throws(FFmpegError) {
        var allocated: OpaquePointer?
        var inputLayout = addmusic_channel_layout_stereo()
        var outputLayout = addmusic_channel_layout_stereo()
        var code = swr_alloc_set_opts2(
            &allocated, &outputLayout, outputFormat, outputRate, &inputLayout, AV_SAMPLE_FMT_FLT, inputRate, 0, nil)
        guard code >= 0, let allocated else { throw FFmpegError(code: code, operation: "set up resampler") }
        code = swr_init(allocated)
        if code < 0 {
            var pointer: OpaquePointer? = allocated
            swr_free(&pointer)
            throw FFmpegError(code: code, operation: "set up resampler")
        }
        context = allocated
        self.outputFormat = outputFormat
        self.outputRate = outputRate
    }

    deinit {
        var pointer: OpaquePointer? = context
        swr_free(&pointer)
    }

    /// Converts all of `samples` (interleaved stereo) at once, with the resampler's tail flushed, into one frame
    /// whose `nb_samples` is the number of samples per channel produced.
    /// - Throws: `FFmpegError` when the conversion fails.
    package func convert(_ samples: [Float]) throws(FFmpegError) -> MediaFrame {
        let inputCount = Int32(samples.count / 2)
        let capacity = swr_get_out_samples(context, inputCount) + 4096
        guard capacity > 0 else { throw FFmpegError(code: capacity, operation: "resample") }
        let output = try MediaFrame()
        try output.allocateAudio(
            sampleCount: Int(capacity), format: outputFormat, sampleRate: outputRate,
            layout: addmusic_channel_layout_stereo())
        let converted = samples.withUnsafeBufferPointer { buffer in
            var input: UnsafePointer<UInt8>? = UnsafeRawPointer(buffer.baseAddress).map {
                $0.assumingMemoryBound(to: UInt8.self)
            }
            return swr_convert(context, output.frame.pointee.extended_data, capacity, &input, inputCount)
        }
        if converted < 0 { throw FFmpegError(code: converted, operation: "resample") }
        var rest = output.audioPlanes(sampleOffset: Int(converted))
        let flushed = swr_convert(context, &rest, capacity - converted, nil, 0)
        if flushed < 0 { throw FFmpegError(code: flushed, operation: "resample") }
        output.frame.pointee.nb_samples = converted + flushed
        return output
    }
}
