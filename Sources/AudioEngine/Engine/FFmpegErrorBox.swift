/// An FFmpeg failure carried across the decoder thread's typed throws, as text.
struct FFmpegErrorBox: Error {
    var message: String
}
