import CFFmpeg
import Foundation
import MediaModel

/// Turns a picture (JPEG, PNG, WebP, … as bytes) into a small JPEG thumbnail through FFmpeg.
///
/// Stateless; safe to call from several threads at once.
package enum Thumbnailer {
    /// The longest side of a thumbnail, in pixels.
    package static let size = 256

    /// The most pixels a picture may have to be decoded: 4096×4096, at most 128 MB decoded even at 16 bits per
    /// channel with alpha; larger pictures are refused by FFmpeg before it allocates them (the song keeps no
    /// artwork, with a warning).
    package static let maximumPixels = 4096 * 4096

    /// One picture decoded at a time in the process, so readers on every core never hold several at their largest.
    private static let decoding = NSLock()

    /// A decoded-and-rescaled JPEG of at most `size`×`size` pixels (or the size asked), with the picture's own width
    /// and height.
    package struct Thumbnail: Sendable {
        package var jpeg: [UInt8]
        package var width: Int
        package var height: Int
    }

    /// The codec id of a picture told by its first bytes (JPEG, PNG, GIF, BMP, WebP), whatever its tag claims; nil
    /// for anything else.
    package static func codecID(sniffing bytes: [UInt8]) -> AVCodecID? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return AV_CODEC_ID_MJPEG }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return AV_CODEC_ID_PNG }
        if starts(Array("GIF8".utf8)) { return AV_CODEC_ID_GIF }
        if starts(Array("BM".utf8)) { return AV_CODEC_ID_BMP }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return AV_CODEC_ID_WEBP }
        return nil
    }

    /// The codec id for a cover file's extension.
    package static func codecID(forExtension ext: String) -> AVCodecID? {
        switch ext {
        case "jpg", "jpeg": return AV_CODEC_ID_MJPEG
        case "png": return AV_CODEC_ID_PNG
        case "webp": return AV_CODEC_ID_WEBP
        default: return nil
        }
    }

    /// Decodes `data` as `codecID` and encodes a thumbnail of at most `side` pixels a side (never larger than the
    /// picture).
    /// - Throws: `FFmpegError` when the picture does not decode or the thumbnail does not encode.
    package static func thumbnail(of data: [UInt8], codecID: AVCodecID, side: Int = size) throws(FFmpegError)
        -> Thumbnail
    {
        decoding.lock()
        defer { decoding.unlock() }
        let frame = try decode(data, codecID: codecID)
        defer { var pointer: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&pointer) }
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { throw FFmpegError(message: "empty picture", operation: "decode picture") }
        let scale = min(1.0, Double(max(side, 2)) / Double(max(width, height)))
        let targetWidth = max(2, Int(clamping: Double(width) * scale, rounding: .toNearestOrAwayFromZero) & ~1)
        let targetHeight = max(2, Int(clamping: Double(height) * scale, rounding: .toNearestOrAwayFromZero) & ~1)
        let scaled = try rescale(frame, width: targetWidth, height: targetHeight)
        defer { var pointer: UnsafeMutablePointer<AVFrame>? = scaled; av_frame_free(&pointer) }
        return Thumbnail(jpeg: try encodeJPEG(scaled), width: width, height: height)
    }

    private static func decode(_ data: [UInt8], codecID: AVCodecID) throws(FFmpegError) -> UnsafeMutablePointer<AVFrame>
    {
        _ = FFmpegLog.silenced
        guard let decoder = avcodec_find_decoder(codecID) else {
            throw FFmpegError(message: "no decoder for this picture format", operation: "decode picture")
        }
        let codec = try CodecContext(codec: decoder)
        // A header may declare any size (a 2 MB PNG can claim 16000×16000, 768 MB decoded): refuse past the cap.
        codec.context.pointee.max_pixels = Int64(maximumPixels)
        var code = avcodec_open2(codec.context, decoder, nil)
        if code < 0 { throw FFmpegError(code: code, operation: "open picture decoder") }
        guard let packet = av_packet_alloc() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "decode picture")
        }
        defer { var pointer: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&pointer) }
        code = av_new_packet(packet, Int32(data.count))
        if code < 0 { throw FFmpegError(code: code, operation: "decode picture") }
        data.withUnsafeBufferPointer { packet.pointee.data.update(from: $0.baseAddress!, count: data.count) }
        code = avcodec_send_packet(codec.context, packet)
        if code < 0 { throw FFmpegError(code: code, operation: "decode picture") }
        _ = avcodec_send_packet(codec.context, nil)
        guard let frame = av_frame_alloc() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "decode picture")
        }
        code = avcodec_receive_frame(codec.context, frame)
        if code < 0 {
            var pointer: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&pointer)
            throw FFmpegError(code: code, operation: "decode picture")
        }
        return frame
    }

    private static func rescale(_ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int) throws(FFmpegError)
        -> UnsafeMutablePointer<AVFrame>
    {
        guard let output = av_frame_alloc() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "scale picture")
        }
        output.pointee.width = Int32(width)
        output.pointee.height = Int32(height)
        output.pointee.format = AV_PIX_FMT_YUVJ420P.rawValue
        var code = av_frame_get_buffer(output, 0)
        guard code >= 0,
            let scaler = sws_getContext(
                frame.pointee.width, frame.pointee.height, AVPixelFormat(rawValue: frame.pointee.format),
                Int32(width), Int32(height), AV_PIX_FMT_YUVJ420P, addmusic_sws_area(), nil, nil, nil)
        else {
            var pointer: UnsafeMutablePointer<AVFrame>? = output
            av_frame_free(&pointer)
            throw FFmpegError(code: code < 0 ? code : addmusic_averror_invaliddata(), operation: "scale picture")
        }
        defer { sws_freeContext(scaler) }
        code = withUnsafePointer(to: &frame.pointee.data) { source in
            withUnsafePointer(to: &frame.pointee.linesize) { sourceStride in
                withUnsafeMutablePointer(to: &output.pointee.data) { target in
                    withUnsafeMutablePointer(to: &output.pointee.linesize) { targetStride in
                        sws_scale(
                            scaler,
                            UnsafeRawPointer(source).assumingMemoryBound(to: UnsafePointer<UInt8>?.self),
                            UnsafeRawPointer(sourceStride).assumingMemoryBound(to: Int32.self),
                            0, frame.pointee.height,
                            UnsafeMutableRawPointer(target).assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self),
                            UnsafeMutableRawPointer(targetStride).assumingMemoryBound(to: Int32.self))
                    }
                }
            }
        }
        if code <= 0 {
            var pointer: UnsafeMutablePointer<AVFrame>? = output
            av_frame_free(&pointer)
            throw FFmpegError(code: code < 0 ? code : addmusic_averror_invaliddata(), operation: "scale picture")
        }
        return output
    }

    private static func encodeJPEG(_ frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> [UInt8] {
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else {
            throw FFmpegError(message: "no JPEG encoder", operation: "encode thumbnail")
        }
        let codec = try CodecContext(codec: encoder)
        let context = codec.context
        context.pointee.width = frame.pointee.width
        context.pointee.height = frame.pointee.height
        context.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        context.pointee.time_base = AVRational(num: 1, den: 25)
        addmusic_codec_set_qscale(context, frame, 3)
        var code = avcodec_open2(context, encoder, nil)
        if code < 0 { throw FFmpegError(code: code, operation: "open JPEG encoder") }
        code = avcodec_send_frame(context, frame)
        if code < 0 { throw FFmpegError(code: code, operation: "encode thumbnail") }
        _ = avcodec_send_frame(context, nil)
        guard let packet = av_packet_alloc() else {
            throw FFmpegError(code: addmusic_averror(ENOMEM), operation: "encode thumbnail")
        }
        defer { var pointer: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&pointer) }
        code = avcodec_receive_packet(context, packet)
        if code < 0 { throw FFmpegError(code: code, operation: "encode thumbnail") }
        return Array(UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
    }
}
