#ifndef ADDMUSIC_CFFMPEG_SHIM_H
#define ADDMUSIC_CFFMPEG_SHIM_H
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/sha.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/// AVERROR() is a function-like macro: turns a POSIX errno into FFmpeg's negative error code.
static inline int addmusic_averror(int posix_errno) { return AVERROR(posix_errno); }

/// AVERROR_EOF is built with FFERRTAG, a macro Swift cannot evaluate.
static inline int addmusic_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_INVALIDDATA, same reason as AVERROR_EOF.
static inline int addmusic_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

/// AV_NOPTS_VALUE is a cast of a 64-bit constant that does not import.
static inline int64_t addmusic_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// AV_TIME_BASE_Q is a compound literal that does not import.
static inline AVRational addmusic_av_time_base_q(void) { return AV_TIME_BASE_Q; }

/// AV_DISPOSITION_ATTACHED_PIC: the flag of a stream that is a cover picture, not video.
static inline int addmusic_av_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }

/// AV_OPT_SEARCH_CHILDREN: find an option on an object's children (the HTTP reader under an AVIOContext).
static inline int addmusic_av_opt_search_children(void) { return AV_OPT_SEARCH_CHILDREN; }

/// AV_LOG_QUIET: keep the library from printing to stderr on its own.
static inline int addmusic_av_log_quiet(void) { return AV_LOG_QUIET; }

/// AV_DICT_IGNORE_SUFFIX: iterate over every entry of a dictionary with an empty key.
static inline int addmusic_av_dict_ignore_suffix(void) { return AV_DICT_IGNORE_SUFFIX; }

/// AV_CODEC_FLAG_GLOBAL_HEADER and AVFMT_GLOBALHEADER are shift macros; a muxer that wants extradata asks for it.
static inline int addmusic_format_wants_global_header(const AVOutputFormat *format) {
    return (format->flags & AVFMT_GLOBALHEADER) != 0;
}
static inline void addmusic_codec_set_global_header(AVCodecContext *context) {
    context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
}

/// AVFMT_NOFILE: a muxer that does its own I/O needs no avio_open.
static inline int addmusic_format_needs_file(const AVOutputFormat *format) {
    return (format->flags & AVFMT_NOFILE) == 0;
}

/// AV_CHANNEL_LAYOUT_MONO / _STEREO are compound-literal macros.
static inline AVChannelLayout addmusic_channel_layout_mono(void) { return (AVChannelLayout)AV_CHANNEL_LAYOUT_MONO; }
static inline AVChannelLayout addmusic_channel_layout_stereo(void) { return (AVChannelLayout)AV_CHANNEL_LAYOUT_STEREO; }

/// AV_CODEC_CAP_VARIABLE_FRAME_SIZE is a shift macro: an encoder that takes any number of samples per frame.
static inline int addmusic_codec_has_variable_frame_size(const AVCodec *codec) {
    return (codec->capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0;
}

/// AVIO_FLAG_WRITE is a simple macro kept here beside its siblings for one import path.
static inline int addmusic_avio_flag_write(void) { return AVIO_FLAG_WRITE; }

/// SWS_BILINEAR / SWS_AREA are plain flags kept in one place.
static inline int addmusic_sws_area(void) { return SWS_AREA; }

/// AV_CODEC_FLAG_QSCALE and FF_QP2LAMBDA are macros: encode at a fixed quality scale (JPEG thumbnails).
static inline void addmusic_codec_set_qscale(AVCodecContext *context, AVFrame *frame, int qscale) {
    context->flags |= AV_CODEC_FLAG_QSCALE;
    context->global_quality = FF_QP2LAMBDA * qscale;
    frame->quality = FF_QP2LAMBDA * qscale;
}

#endif
