// FFmpeg's libraries are opened the first time one of their functions is called, not when a process starts.
//
// Linked the usual way, every process of ours would map FFmpeg and the ~75 libraries it needs (codecs for video,
// SVG, TLS, …), some 20 MB of resident pages and part of every launch, although a window that browses the library,
// plays on the music daemon or forwards files to a running window never decodes. Each function below has the name
// and the type its header declares (so the compiler checks them against each other): on its first call any of
// them opens the five libraries once, by the soname of the major version these headers describe, and each then
// calls the library's own function. A library that cannot be opened ends the process with a message, as a missing
// library ends it at launch when linked.
#include "shim.h"
#include <LazyLibraries.h>
#include <dlfcn.h>

enum { AVUTIL, SWRESAMPLE, SWSCALE, AVCODEC, AVFORMAT, LIBRARY_COUNT };

static const char *const sonames[LIBRARY_COUNT] = {
    "libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libswresample.so." AV_STRINGIFY(LIBSWRESAMPLE_VERSION_MAJOR),
    "libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
    "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
};

// Every function called from Swift or from the headers' inline functions: its library, its name, its parameters
// and the arguments that pass them on. R returns a value; V returns nothing.
#define FFMPEG_FUNCTIONS(R, V)                                                                                         \
    R(AVUTIL, int, av_channel_layout_copy, (AVChannelLayout * dst, const AVChannelLayout *src), (dst, src))            \
    V(AVUTIL, av_channel_layout_default, (AVChannelLayout * layout, int channels), (layout, channels))                 \
    R(AVUTIL, int, av_channel_layout_from_mask, (AVChannelLayout * layout, uint64_t mask), (layout, mask))             \
    V(AVUTIL, av_channel_layout_uninit, (AVChannelLayout * layout), (layout))                                          \
    V(AVUTIL, av_dict_free, (AVDictionary * *dictionary), (dictionary))                                                \
    R(AVUTIL, AVDictionaryEntry *, av_dict_get,                                                                        \
      (const AVDictionary *dictionary, const char *key, const AVDictionaryEntry *previous, int flags),                 \
      (dictionary, key, previous, flags))                                                                              \
    R(AVUTIL, int, av_dict_set, (AVDictionary * *dictionary, const char *key, const char *value, int flags),           \
      (dictionary, key, value, flags))                                                                                 \
    R(AVUTIL, AVFrame *, av_frame_alloc, (void), ())                                                                   \
    V(AVUTIL, av_frame_free, (AVFrame * *frame), (frame))                                                              \
    R(AVUTIL, int, av_frame_get_buffer, (AVFrame * frame, int align), (frame, align))                                  \
    V(AVUTIL, av_frame_unref, (AVFrame * frame), (frame))                                                              \
    V(AVUTIL, av_free, (void *pointer), (pointer))                                                                     \
    R(AVUTIL, int, av_get_bytes_per_sample, (enum AVSampleFormat format), (format))                                    \
    V(AVUTIL, av_log_set_level, (int level), (level))                                                                  \
    R(AVUTIL, int, av_opt_get, (void *object, const char *name, int flags, uint8_t **value),                           \
      (object, name, flags, value))                                                                                    \
    R(AVUTIL, int, av_sample_fmt_is_planar, (enum AVSampleFormat format), (format))                                    \
    R(AVUTIL, int, av_samples_copy,                                                                                    \
      (uint8_t * *destination, uint8_t *const *source, int destinationOffset, int sourceOffset, int samples,           \
       int channels, enum AVSampleFormat format),                                                                      \
      (destination, source, destinationOffset, sourceOffset, samples, channels, format))                               \
    R(AVUTIL, int, av_samples_set_silence,                                                                             \
      (uint8_t * *data, int offset, int samples, int channels, enum AVSampleFormat format),                            \
      (data, offset, samples, channels, format))                                                                       \
    R(AVUTIL, struct AVSHA *, av_sha_alloc, (void), ())                                                                \
    V(AVUTIL, av_sha_final, (struct AVSHA * context, uint8_t *digest), (context, digest))                              \
    R(AVUTIL, int, av_sha_init, (struct AVSHA * context, int bits), (context, bits))                                   \
    V(AVUTIL, av_sha_update, (struct AVSHA * context, const uint8_t *data, size_t length), (context, data, length))    \
    R(AVUTIL, char *, av_strdup, (const char *string), (string))                                                       \
    R(AVUTIL, int, av_strerror, (int code, char *buffer, size_t size), (code, buffer, size))                           \
    R(SWRESAMPLE, int, swr_alloc_set_opts2,                                                                            \
      (struct SwrContext * *context, AVChannelLayout *outLayout, enum AVSampleFormat outFormat, int outRate,           \
       AVChannelLayout *inLayout, enum AVSampleFormat inFormat, int inRate, int logOffset, void *logContext),          \
      (context, outLayout, outFormat, outRate, inLayout, inFormat, inRate, logOffset, logContext))                     \
    R(SWRESAMPLE, int, swr_convert,                                                                                    \
      (struct SwrContext * context, uint8_t **out, int outCount, const uint8_t **in, int inCount),                     \
      (context, out, outCount, in, inCount))                                                                           \
    V(SWRESAMPLE, swr_free, (struct SwrContext * *context), (context))                                                 \
    R(SWRESAMPLE, int, swr_get_out_samples, (struct SwrContext * context, int inSamples), (context, inSamples))        \
    R(SWRESAMPLE, int, swr_init, (struct SwrContext * context), (context))                                             \
    V(SWSCALE, sws_freeContext, (struct SwsContext * context), (context))                                              \
    R(SWSCALE, struct SwsContext *, sws_getContext,                                                                    \
      (int sourceWidth, int sourceHeight, enum AVPixelFormat sourceFormat, int width, int height,                      \
       enum AVPixelFormat format, int flags, SwsFilter *sourceFilter, SwsFilter *filter, const double *parameters),    \
      (sourceWidth, sourceHeight, sourceFormat, width, height, format, flags, sourceFilter, filter, parameters))       \
    R(SWSCALE, int, sws_scale,                                                                                         \
      (struct SwsContext * context, const uint8_t *const source[], const int sourceStride[], int sliceY,               \
       int sliceHeight, uint8_t *const destination[], const int destinationStride[]),                                  \
      (context, source, sourceStride, sliceY, sliceHeight, destination, destinationStride))                            \
    R(AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))                              \
    R(AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id))                                       \
    R(AVCODEC, const AVCodec *, avcodec_find_encoder, (enum AVCodecID id), (id))                                       \
    R(AVCODEC, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name))                              \
    V(AVCODEC, avcodec_flush_buffers, (AVCodecContext * context), (context))                                           \
    V(AVCODEC, avcodec_free_context, (AVCodecContext * *context), (context))                                           \
    R(AVCODEC, const char *, avcodec_get_name, (enum AVCodecID id), (id))                                              \
    R(AVCODEC, int, avcodec_open2, (AVCodecContext * context, const AVCodec *codec, AVDictionary **options),           \
      (context, codec, options))                                                                                       \
    R(AVCODEC, int, avcodec_parameters_from_context, (AVCodecParameters * parameters, const AVCodecContext *context),  \
      (parameters, context))                                                                                           \
    R(AVCODEC, int, avcodec_parameters_to_context, (AVCodecContext * context, const AVCodecParameters *parameters),    \
      (context, parameters))                                                                                           \
    R(AVCODEC, int, avcodec_receive_frame, (AVCodecContext * context, AVFrame *frame), (context, frame))               \
    R(AVCODEC, int, avcodec_receive_packet, (AVCodecContext * context, AVPacket *packet), (context, packet))           \
    R(AVCODEC, int, avcodec_send_frame, (AVCodecContext * context, const AVFrame *frame), (context, frame))            \
    R(AVCODEC, int, avcodec_send_packet, (AVCodecContext * context, const AVPacket *packet), (context, packet))        \
    R(AVCODEC, int, av_new_packet, (AVPacket * packet, int size), (packet, size))                                      \
    R(AVCODEC, AVPacket *, av_packet_alloc, (void), ())                                                                \
    V(AVCODEC, av_packet_free, (AVPacket * *packet), (packet))                                                         \
    V(AVCODEC, av_packet_rescale_ts, (AVPacket * packet, AVRational from, AVRational to), (packet, from, to))          \
    V(AVCODEC, av_packet_unref, (AVPacket * packet), (packet))                                                         \
    R(AVFORMAT, const AVInputFormat *, av_find_input_format, (const char *name), (name))                               \
    R(AVFORMAT, int, av_interleaved_write_frame, (AVFormatContext * context, AVPacket *packet), (context, packet))     \
    R(AVFORMAT, int, av_read_frame, (AVFormatContext * context, AVPacket *packet), (context, packet))                  \
    R(AVFORMAT, int, av_write_trailer, (AVFormatContext * context), (context))                                         \
    R(AVFORMAT, AVFormatContext *, avformat_alloc_context, (void), ())                                                 \
    R(AVFORMAT, int, avformat_alloc_output_context2,                                                                   \
      (AVFormatContext * *context, const AVOutputFormat *format, const char *name, const char *path),                  \
      (context, format, name, path))                                                                                   \
    V(AVFORMAT, avformat_close_input, (AVFormatContext * *context), (context))                                         \
    R(AVFORMAT, int, avformat_find_stream_info, (AVFormatContext * context, AVDictionary **options),                   \
      (context, options))                                                                                              \
    V(AVFORMAT, avformat_free_context, (AVFormatContext * context), (context))                                         \
    R(AVFORMAT, AVStream *, avformat_new_stream, (AVFormatContext * context, const AVCodec *codec), (context, codec))  \
    R(AVFORMAT, int, avformat_open_input,                                                                              \
      (AVFormatContext * *context, const char *url, const AVInputFormat *format, AVDictionary **options),              \
      (context, url, format, options))                                                                                 \
    R(AVFORMAT, int, avformat_seek_file,                                                                               \
      (AVFormatContext * context, int stream, int64_t earliest, int64_t target, int64_t latest, int flags),            \
      (context, stream, earliest, target, latest, flags))                                                              \
    R(AVFORMAT, int, avformat_write_header, (AVFormatContext * context, AVDictionary **options), (context, options))   \
    R(AVFORMAT, int, avio_closep, (AVIOContext * *context), (context))                                                 \
    R(AVFORMAT, int, avio_open, (AVIOContext * *context, const char *url, int flags), (context, url, flags))           \
    R(AVFORMAT, int, avio_read, (AVIOContext * context, unsigned char *buffer, int size), (context, buffer, size))     \
    R(AVFORMAT, int64_t, avio_seek, (AVIOContext * context, int64_t offset, int whence), (context, offset, whence))    \
    R(AVFORMAT, int64_t, avio_size, (AVIOContext * context), (context))

// The pointers, the opening (each library's calls bound at once, its symbols kept to itself) and the stand-ins
// (LazyLibraries.h).
LAZY_LOADER(FFMPEG_FUNCTIONS, LIBRARY_COUNT, RTLD_NOW | RTLD_LOCAL, "FFmpeg", )
